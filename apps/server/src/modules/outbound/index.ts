/**
 * The outbound module's front door (issue 16 item 2): other modules, flows and tests import from here.
 * `outboundServices(core)` wires the module's services once per core; every route file shares them.
 */
import type { Core } from '../../core.js';
import { GoodsIssue, ReservationService, StockService } from '../inventory/index.js';
import { OrderStatusService } from './order-status.service.js';
import { OutboundActionsService } from './outbound-actions.service.js';
import { OutboundListsService } from './outbound-lists.service.js';
import { OutboundOrderService } from './outbound-order.service.js';
import { OutboundRepo } from './outbound.repo.js';
import { P11yCompatService } from './p11y-compat.service.js';
import { RetourService } from './retour.service.js';
import { SkuQcService } from './sku-qc.service.js';
import { ShippingScanService } from './shipping-scan.service.js';
import { FloorService } from './floor.service.js';
import { TrackingService } from './tracking.service.js';

export type { OutboundListsService } from './outbound-lists.service.js';
export type { OutboundOrderService } from './outbound-order.service.js';
export type { RetourService } from './retour.service.js';
export { reallocateWaiting } from './outbound-lists.service.js';
export { OUTBOUND_VIEWS, type OutboundView } from './outbound.resources.js';
export type { PackLine, PackOrderInfo, PrepackCandidateLine } from './packing-orders.repo.js';
export { labelOrders, packingOrders, trackedOrders } from './order-ports.service.js';
export { stateOf, type Why } from './order-status.service.js';
export { orderWriter, type PastOrderRow, type WaitingOrderRow } from './order-writer.service.js';
export type { OrderRow } from './outbound.repo.js';
export { SHIPPING_LOG_RESOURCE } from './shipping-log.resources.js';
export { shippingLog, type LoadingLogEntry } from './shipping-log.service.js';
export type { TrackingService, PollOutcome, PushOutcome } from './tracking.service.js';
export type { PollClock } from './tracking-pace.js';
export type { PollShare } from './tracking-share.js';
export type { LabelOrderRow, CustomsLineRow } from './label-order.repo.js';

function wire(core: Core) {
  const repo = new OutboundRepo();
  const stock = new StockService(core);
  const reservations = new ReservationService(core, stock);
  const goodsIssue = new GoodsIssue(stock, reservations);
  const status = new OrderStatusService(repo, reservations, goodsIssue);
  const orders = new OutboundOrderService(core, repo, status);
  const compat = new P11yCompatService(core, orders, goodsIssue);
  return {
    orders,
    actions: new OutboundActionsService(core, orders),
    lists: new OutboundListsService(core, repo),
    compat,
    shipping: new ShippingScanService(core, orders, compat),
    floor: new FloorService(core, repo),
    retour: new RetourService(repo, status),
    qc: new SkuQcService(core, orders),
    tracking: new TrackingService(core, orders),
  };
}

const wired = new WeakMap<Core, ReturnType<typeof wire>>();

/** Everything the outbound module needs, built once per core (tests reach the re-allocation through it). */
export function outboundServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = wire(core)));
  return services;
}
export type { TrackedOrder } from './tracking-lookup.repo.js';
