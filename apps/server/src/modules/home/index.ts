/**
 * The home module's front door (issue 19 item 10): the floor on the home page. Other modules import
 * from here only; `homeServices(core)` wires the module's services once per core.
 */
import type { Core } from '../../core.js';
import { HomeService } from './home.service.js';

export { HOME_STATES } from './home.service.js';

const wired = new WeakMap<Core, { home: HomeService }>();

export function homeServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = { home: new HomeService(core) }));
  return services;
}
