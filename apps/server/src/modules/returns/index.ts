/**
 * The returns module's front door (issue 16 item 2): other modules and flows import from here only.
 * `returnsServices(core)` wires the module's services once per core.
 */
import type { Core } from '../../core.js';
import { ReturnsService } from './returns.service.js';

export type { ReturnsService } from './returns.service.js';
export { noticeReturn } from './returns-notice.js';
export { writeReturnsSheet } from './returns-export.js';

const wired = new WeakMap<Core, { returns: ReturnsService }>();

/** The returns services of this core, built on first use. */
export function returnsServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = { returns: new ReturnsService(core) }));
  return services;
}
