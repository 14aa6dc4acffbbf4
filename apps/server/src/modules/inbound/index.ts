/**
 * The inbound module's front door (issue 16 item 2): other modules and flows import from here only.
 * `inboundServices(core)` wires the module's services once per core.
 */
import type { Core } from '../../core.js';
import { StockLedger } from '../inventory/index.js';
import { InboundOrderService } from './inbound-order.service.js';
import { PutawayService } from './putaway.service.js';
import { ReceivingDesk } from './receiving-desk.service.js';
import { ReceivingService } from './receiving.service.js';

export { INBOUND_RESOURCES } from './inbound.resources.js';
export { msgToMerchant, msgToUsers } from './merchant-notice.js';

const wired = new WeakMap<Core, ReturnType<typeof wire>>();

function wire(core: Core) {
  const orders = new InboundOrderService(core);
  const stock = new StockLedger();
  const receiving = new ReceivingService(orders, stock, core.config.RECEIVING_OVER_TOLERANCE_PERCENT);
  return { orders, desk: new ReceivingDesk(core, orders, receiving, new PutawayService(stock)) };
}

/** The inbound services of this core, built on first use. */
export function inboundServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = wire(core)));
  return services;
}
export { inboundWriter } from './inbound-writer.service.js';
