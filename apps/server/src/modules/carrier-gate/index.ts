/**
 * The carrier gate's customers (issue 17 item 8; docs/carrier-gate.md): gate users and their API keys,
 * the shipments they buy with a key (through the carriers module's front door), their parcels' tracking
 * and their monthly bills.
 */
import type { Core } from '../../core.js';
import { GateBillsService } from './gate-bills.service.js';
import { GateShipmentsService } from './gate-shipments.service.js';
import { GateTrackingService } from './gate-tracking.service.js';
import { GateUsersService } from './gate-users.service.js';

export { lastMonth, marginOf } from './margin.js';
export type { GatePollOutcome, GatePushOutcome } from './gate-tracking.service.js';

function wire(core: Core) {
  return {
    users: new GateUsersService(core),
    shipments: new GateShipmentsService(core),
    bills: new GateBillsService(core),
    /** Their parcels' carrier events and delivery states (docs/carrier-gate.md "Tracking"). */
    tracking: new GateTrackingService(core),
  };
}

const wired = new WeakMap<Core, ReturnType<typeof wire>>();

/** The module's services, built once per core. */
export function carrierGateServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = wire(core)));
  return services;
}
