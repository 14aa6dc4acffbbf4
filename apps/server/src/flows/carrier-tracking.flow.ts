import type { Core } from '../core.js';
import type { AuthContext } from '../http/access.js';
import { AppError } from '../http/app-error.js';
import type { TrackingEvent } from '../modules/carriers/index.js';
import { carrierGateServices } from '../modules/carrier-gate/index.js';
import { outboundServices, type PollClock, type PushOutcome } from '../modules/outbound/index.js';

/** One tracking round: orders and gate parcels asked about, events newly stored, orders and gate parcels moved, orders finished. */
export interface TrackingRoundOutcome {
  orders: number;
  gateParcels: number;
  events: number;
  moved: number;
  finished: number;
}

/**
 * Carrier tracking spans two modules (issue 19 item 5): the open orders' parcels (outbound,
 * docs/shipping.md "Tracking") and the carrier gate's parcels (docs/carrier-gate.md "Tracking"). Each
 * stores its own events in its own transactions; this flow only shares a round and a push between them.
 */
export function carrierTrackingFlow(core: Core) {
  const orders = () => outboundServices(core).tracking;
  const gate = () => carrierGateServices(core).tracking;
  /**
   * One round: the gate parcels waiting are read first so the round keeps up to half of each carrier's
   * turns for them; the orders poll with the rest; the gate parcels take the turns the orders left. One
   * pace per carrier counts both, so the carrier's rate limit holds for the round. Then the finishing.
   */
  async function round(limit: number, now = new Date(), clock?: PollClock): Promise<TrackingRoundOutcome> {
    const share = await orders().roundShare(clock);
    const waiting = await gate().waiting(limit);
    const perCarrier = new Map<string, number>();
    for (const parcel of waiting) perCarrier.set(parcel.carrier, (perCarrier.get(parcel.carrier) ?? 0) + 1);
    for (const [carrier, count] of perCarrier) share.reserve(carrier, count);
    const polled = await orders().pollTracking(limit, now, clock, share);
    share.release();
    const parcels = await gate().poll(waiting, share, now);
    return {
      orders: polled.orders,
      gateParcels: parcels.parcels,
      events: polled.events + parcels.events,
      moved: polled.moved + parcels.moved,
      finished: await orders().finishDelivered(now),
    };
  }
  return {
    round,

    /** "Poll now" for staff: a round asks about every merchant's and gate user's parcels, so a merchant's session is refused. */
    async pollNow(auth: AuthContext): Promise<TrackingRoundOutcome> {
      if (auth.merchantId !== null) throw new AppError('NoPermission');
      return round(core.config.TRACKING_POLL_LIMIT);
    },

    /**
     * A verified push (docs/shipping.md "Webhooks"): the events of the carrier's bought gate parcels are
     * the gate's; the rest go the orders' way, where numbers of no open order are ignored as before.
     */
    async push(carrier: string, events: TrackingEvent[]): Promise<PushOutcome> {
      const parcels = await gate().applyPushed(carrier, events);
      const pushed = await orders().applyPushed(carrier, parcels.rest);
      return { received: events.length, stored: pushed.stored + parcels.stored, moved: pushed.moved + parcels.moved, ignored: pushed.ignored };
    },
  };
}
