import type { OutboundState } from '@kontor/contracts';
import { OUTBOUND_ORDER } from '@kontor/contracts';
import { trackingRulesSchema, type PartialFinishInput, type TrackingRules } from '@kontor/contracts/domains/tracking';
import type { TrackingEventRow } from '@kontor/contracts/domains/tracking-responses';
import type { Core } from '../../core.js';
import { TenantScope } from '../../db/tenant-scope.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { carriersServices, trackingConfigOf, trackingSources, type TrackingEvent } from '../carriers/index.js';
import { readSetting } from '../settings/index.js';
import { stockTransaction } from '../inventory/index.js';
import { stateOf } from './order-status.service.js';
import type { OutboundOrderService } from './outbound-order.service.js';
import { normalize, TrackingEventsService } from './tracking-events.service.js';
import { trackingLookupRepo } from './tracking-lookup.repo.js';
import { CarrierPace, realClock, type PollClock } from './tracking-pace.js';
import { trackingRepo, type NewTrackingEvent, type OpenOrder } from './tracking.repo.js';
import { PollShare } from './tracking-share.js';

/** States whose parcels are still on their way: the poll asks about these. */
const OPEN: readonly OutboundState[] = ['shipped', 'partiallyShipped', 'inTransit', 'inDelivery'];
/** Tracking numbers per driver call (fewer when the carrier's rate allows fewer per second). */
const CALL_BATCH = 20;
/** Orders read, resolved and marked per step of a round (bounded statements however many are open). */
const ROUND_CHUNK = 1000;

export interface PollOutcome {
  orders: number;
  events: number;
  moved: number;
}

/** What a carrier's push did: events stored, orders moved, events for no open order (ignored). */
export interface PushOutcome {
  received: number;
  stored: number;
  moved: number;
  ignored: number;
}

/**
 * Carrier tracking to delivery and finishing (issue 19 items 5, 6; docs/shipping.md "Tracking"). The
 * poll asks each carrier's driver about the parcels of open orders, stores each event once and moves
 * the order through the machine: in transit, in delivery, delivered, or problem on a delivery
 * exception (the merchant is told). Delivered orders finish after `finishAfterDays`. System work: it
 * runs for every merchant, never within a session's scope.
 */
export class TrackingService {
  private readonly applier: TrackingEventsService;

  constructor(
    private readonly core: Core,
    private readonly orders: OutboundOrderService,
  ) {
    this.applier = new TrackingEventsService(core, orders);
  }

  async rules(): Promise<TrackingRules> {
    const parsed = trackingRulesSchema.safeParse((await readSetting(this.core.db, 'tracking.rules')) ?? {});
    return parsed.success ? parsed.data : trackingRulesSchema.parse({});
  }

  /** A round's budget and paces (`tracking.rules`), for a round that also polls the carrier gate's parcels. */
  async roundShare(clock: PollClock = realClock): Promise<PollShare> {
    const rules = await this.rules();
    return new PollShare(rules.perCarrierPerPoll, rules.perCarrierPerSecond, () => new CarrierPace(rules.perCarrierPerSecond, clock));
  }

  /**
   * One poll round over at most `limit` orders, oldest polled first, read in steps of ROUND_CHUNK. Per
   * carrier at most `perCarrierPerPoll` orders are asked about (fewer when the round's `share` keeps turns
   * for the gate's parcels); the rest keep their place for the next round. Each carrier's calls are spread
   * so that at most `perCarrierPerSecond` numbers are asked about in any second (CarrierPace), however
   * many parcels are open.
   */
  async pollTracking(limit: number, now = new Date(), clock: PollClock = realClock, share?: PollShare): Promise<PollOutcome> {
    const round = share ?? (await this.roundShare(clock));
    const statuses = OPEN.map((s) => OUTBOUND_ORDER.codeOf(s));
    const candidates = await trackingRepo.openOrders(this.core.db, TenantScope.all, statuses, limit);
    const groups = new Map<string, { carrier: string; accountId: number | null; orders: OpenOrder[] }>();
    for (let i = 0; i < candidates.length; i += ROUND_CHUNK) {
      const chunk = candidates.slice(i, i + ROUND_CHUNK);
      const sources = await trackingSources(this.core.db, chunk);
      // Orders nobody can be asked about go to the back of the line too, so they never block the others.
      await trackingRepo.markPolled(
        this.core.db,
        chunk.filter((o) => !sources.has(o.id)).map((o) => o.id),
        now,
      );
      for (const order of chunk) {
        const source = sources.get(order.id);
        if (!source) continue;
        if (!round.take(source.carrier)) continue; // keeps its place for the next round
        const key = `${source.carrier}:${source.accountId ?? ''}`;
        const group = groups.get(key) ?? { ...source, orders: [] };
        group.orders.push(order);
        groups.set(key, group);
      }
    }
    const outcome: PollOutcome = { orders: 0, events: 0, moved: 0 };
    for (const { carrier, accountId, orders } of groups.values()) {
      for (let i = 0; i < orders.length; i += ROUND_CHUNK) {
        await trackingRepo.markPolled(
          this.core.db,
          orders.slice(i, i + ROUND_CHUNK).map((o) => o.id),
          now,
        );
      }
      const resolved = await trackingConfigOf(carriersServices(this.core).accounts, this.core.db, carrier, accountId);
      if (!resolved?.driver.track) continue;
      const pace = round.pace(carrier);
      const perCall = Math.min(CALL_BATCH, round.perSecond);
      let batch: OpenOrder[] = [];
      const flush = async () => {
        const numbers = batch.flatMap((o) => o.trackingNumbers);
        const orders = batch;
        batch = [];
        await pace.take(numbers.length);
        let events: TrackingEvent[];
        try {
          events = await resolved.driver.track!(resolved.config, numbers, { fetch, timeoutMs: this.core.config.CARRIER_TIMEOUT_MS });
        } catch (err) {
          // A carrier that is down is asked again next round; the orders already moved to the back.
          this.core.log.warn({ err, carrier }, 'tracking poll failed');
          return;
        } finally {
          pace.done(numbers.length);
        }
        for (const order of orders) {
          const own = events.filter((e) => order.trackingNumbers.includes(e.trackingNumber)).map((e) => normalize(order, carrier, e));
          const stored = await this.apply(order, own);
          outcome.orders += 1;
          outcome.events += stored.events;
          outcome.moved += stored.moved ? 1 : 0;
        }
      };
      // Calls of at most `perCall` numbers (an order's parcels stay in one call).
      for (const order of orders) {
        if (batch.length > 0 && batch.reduce((n, o) => n + o.trackingNumbers.length, 0) + order.trackingNumbers.length > perCall) await flush();
        batch.push(order);
      }
      if (batch.length > 0) await flush();
    }
    return outcome;
  }

  /**
   * Events a carrier pushed (a verified webhook, docs/shipping.md "Webhooks"), applied as the poll
   * applies its own: each event stored once (a repeated push stores nothing), the order moved as far as
   * its parcels are. Events of numbers no open order carries (unknown, not shipped yet, or already
   * delivered, finished, canceled) are counted as ignored, not refused: the carrier would only push them again.
   */
  async applyPushed(carrier: string, events: TrackingEvent[]): Promise<PushOutcome> {
    const open = new Set(OPEN.map((s) => OUTBOUND_ORDER.codeOf(s)));
    const outcome: PushOutcome = { received: events.length, stored: 0, moved: 0, ignored: 0 };
    const byOrder = new Map<number, { order: OpenOrder; events: TrackingEvent[] }>();
    for (const number of new Set(events.map((e) => e.trackingNumber))) {
      const own = events.filter((e) => e.trackingNumber === number);
      const found = await trackingLookupRepo.byTracking(this.core.db, number);
      if (!found || !open.has(found.status)) {
        outcome.ignored += own.length;
        continue;
      }
      const entry = byOrder.get(found.id) ?? {
        order: { id: found.id, merchantId: found.merchantId, carrier: found.carrier, trackingNumbers: found.parcels },
        events: [],
      };
      entry.events.push(...own);
      byOrder.set(found.id, entry);
    }
    for (const { order, events: own } of byOrder.values()) {
      const applied = await this.apply(
        order,
        own.map((e) => normalize(order, carrier, e)),
      );
      outcome.stored += applied.events;
      outcome.moved += applied.moved ? 1 : 0;
    }
    return outcome;
  }

  private apply(open: OpenOrder, events: NewTrackingEvent[]): Promise<{ events: number; moved: boolean }> {
    return this.applier.apply(open, events);
  }

  /** Finishes delivered orders whose delivery is `finishAfterDays` old and that no return moved on. */
  async finishDelivered(now = new Date(), limit = 500): Promise<number> {
    const { finishAfterDays } = await this.rules();
    const before = new Date(now.getTime() - finishAfterDays * 86_400_000);
    const ids = await trackingRepo.deliveredBefore(this.core.db, TenantScope.all, OUTBOUND_ORDER.codeOf('delivered'), before, limit);
    let finished = 0;
    for (const id of ids) {
      finished += await stockTransaction(this.core.db, async (trx) => {
        const order = await this.orders.repo.order(trx, id, TenantScope.all, { lock: true });
        if (!order || stateOf(order) !== 'delivered') return 0;
        await this.orders.status.move(trx, { userId: null, merchantScope: TenantScope.all }, order, 'finish', { action: 'autoFinish' });
        return 1;
      });
    }
    return finished;
  }

  /** Staff close an order with a partial shipment partially, with a reason (partially shipped → partially finish). */
  async partialFinish(auth: AuthContext, id: number, input: PartialFinishInput) {
    await stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, id, { lock: true });
      // Only from partially shipped: a repeat on a finished order is refused, not silently accepted.
      if (stateOf(order) !== 'partiallyShipped')
        throw new AppError('InvalidState', { fields: [ruleError('status', 'transition', { from: stateOf(order), to: 'partiallyFinish' })] });
      const actor = { userId: auth.userId, merchantScope: TenantScope.of(auth) };
      await this.orders.status.move(trx, actor, order, 'partiallyFinish', { action: 'partialFinish', reason: input.reason });
    });
    return this.orders.detail(auth, id);
  }

  /** An order's tracking events, newest first; NotFound outside the caller's scope. */
  async events(auth: AuthContext, id: number): Promise<TrackingEventRow[]> {
    await this.orders.mustFind(this.core.db, auth, id);
    return trackingRepo.events(this.core.db, TenantScope.of(auth), id);
  }
}
