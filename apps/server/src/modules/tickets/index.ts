/**
 * The tickets module's front door (issue 16 item 2): other modules import from here only.
 * `ticketsServices(core)` wires the module's services once per core.
 */
import type { Core } from '../../core.js';
import { TicketsService } from './tickets.service.js';

export { TICKET_RESOURCES } from './tickets.resources.js';

const wired = new WeakMap<Core, { tickets: TicketsService }>();

/** The tickets services of this core, built on first use. */
export function ticketsServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = { tickets: new TicketsService(core) }));
  return services;
}
