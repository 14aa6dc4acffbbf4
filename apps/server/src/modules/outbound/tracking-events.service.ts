import type { Locale, OutboundState } from '@kontor/contracts';
import { interpolate, OUTBOUND_ORDER } from '@kontor/contracts';
import type { Core } from '../../core.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { noticeTexts } from '../../lib/notice-texts.js';
import { storedTrackingEvent, type TrackingEvent } from '../carriers/index.js';
import { msgToMerchant } from '../inbound/index.js';
import { stockTransaction } from '../inventory/index.js';
import { stateOf } from './order-status.service.js';
import type { OutboundOrderService } from './outbound-order.service.js';
import { trackingRepo, type NewTrackingEvent, type OpenOrder } from './tracking.repo.js';

/** How far along a parcel is; an order moves as far as its slowest parcel. */
const RANK: Record<string, number> = { info: 0, in_transit: 1, in_delivery: 2, delivered: 3 };
const STATE_OF_RANK: Record<number, OutboundState> = { 1: 'inTransit', 2: 'inDelivery', 3: 'delivered' };
const ORDER_RANK: Partial<Record<OutboundState, number>> = { shipped: 0, partiallyShipped: 0, inTransit: 1, inDelivery: 2, delivered: 3 };

/** A driver event as an order's row (keyed as every stored event is: carriers/tracking-event.ts). */
export function normalize(order: OpenOrder, carrier: string, e: TrackingEvent): NewTrackingEvent {
  return { orderId: order.id, merchantId: order.merchantId, ...storedTrackingEvent(carrier, e) };
}

/** An order's tracking events applied: stored once each, the order moved through the machine (the poll's and the push's). */
export class TrackingEventsService {
  constructor(
    private readonly core: Core,
    private readonly orders: OutboundOrderService,
  ) {}

  /** Stores an order's new events and moves the order as far as they carry it, in one transaction. */
  async apply(open: OpenOrder, events: NewTrackingEvent[]): Promise<{ events: number; moved: boolean }> {
    if (events.length === 0) return { events: 0, moved: false };
    const outcome = await stockTransaction(this.core.db, async (trx): Promise<{ events: number; moved: boolean; notice?: { unid: string; what: string } }> => {
      const order = await this.orders.repo.order(trx, open.id, TenantScope.all, { lock: true });
      if (!order) return { events: 0, moved: false };
      const stored = await trackingRepo.insertEvents(trx, events);
      if (stored === 0) return { events: 0, moved: false };
      await trackingRepo.setLatest(trx, open.id);
      const latest = await trackingRepo.latestPerParcel(trx, open.id);
      const actor = { userId: null, merchantScope: TenantScope.all };
      const before = order.status;
      const problem = latest.find((p) => p.kind === 'exception');
      const from = stateOf(order);
      if (problem) {
        if (OUTBOUND_ORDER.can(order.status, 'problem')) {
          await this.orders.status.move(trx, actor, order, 'problem', {
            action: 'tracking',
            reason: problem.exception || 'other',
            owner: 'carrier',
            note: `${problem.trackingNumber}: ${problem.text}`.slice(0, 1000),
          });
          return { events: stored, moved: true, notice: { unid: order.unid, what: `${problem.trackingNumber} ${problem.text}` } };
        }
      } else {
        // Every parcel must have reached a step before the order does (parcels without events count as shipped).
        const slowest = latest.length < open.trackingNumbers.length ? 0 : Math.min(...latest.map((p) => RANK[p.kind] ?? 0));
        const target = STATE_OF_RANK[slowest];
        if (target && slowest > (ORDER_RANK[from] ?? Infinity)) {
          if (!OUTBOUND_ORDER.can(order.status, target) && OUTBOUND_ORDER.can(order.status, 'inTransit'))
            await this.orders.status.move(trx, actor, order, 'inTransit', { action: 'tracking' });
          if (OUTBOUND_ORDER.can(order.status, target)) await this.orders.status.move(trx, actor, order, target, { action: 'tracking' });
          if (target === 'delivered') {
            const deliveredAt = events.filter((e) => e.kind === 'delivered').reduce((max, e) => (e.at > max ? e.at : max), new Date(0));
            await trackingRepo.setDeliveredAt(trx, open.id, deliveredAt.getTime() > 0 ? deliveredAt : new Date());
          }
        }
      }
      return { events: stored, moved: order.status !== before };
    });
    // The merchant hears of a delivery exception once it is stored (after commit), each user in their language.
    const notice = outcome.notice;
    if (notice) await msgToMerchant(this.core, open.merchantId, (locale: Locale) => interpolate(noticeTexts(locale).orderException, notice));
    return { events: outcome.events, moved: outcome.moved };
  }
}
