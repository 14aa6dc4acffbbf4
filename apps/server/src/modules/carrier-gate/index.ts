/**
 * The carrier gate's customers (issue 17 item 8; docs/carrier-gate.md): gate users and their API keys,
 * the shipments they buy with a key (through the carriers module's front door) and their monthly bills.
 */
import type { Core } from '../../core.js';
import { GateBillsService } from './gate-bills.service.js';
import { GateShipmentsService } from './gate-shipments.service.js';
import { GateUsersService } from './gate-users.service.js';

export { lastMonth, marginOf } from './margin.js';

function wire(core: Core) {
  return { users: new GateUsersService(core), shipments: new GateShipmentsService(core), bills: new GateBillsService(core) };
}

const wired = new WeakMap<Core, ReturnType<typeof wire>>();

/** The module's services, built once per core. */
export function carrierGateServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = wire(core)));
  return services;
}
