import type { Core } from '../../core.js';
import { afterCommit } from '../../db/request-transaction.js';
import { carriersServices, storedTrackingEvent, trackingConfigOf, type TrackingEvent } from '../carriers/index.js';
import type { PollShare } from '../outbound/index.js';
import { GateNoticesService } from './gate-notices.service.js';
import { gateTrackingRepo, type TrackedGateParcel } from './gate-tracking.repo.js';

/** Tracking numbers per driver call, as the orders' poll asks (fewer when the carrier's rate allows fewer per second). */
const CALL_BATCH = 20;

/** What a poll of gate parcels did: parcels asked about, events newly stored, parcels whose delivery state changed. */
export interface GatePollOutcome {
  parcels: number;
  events: number;
  moved: number;
}

/** What a push did to gate parcels; `rest` are the events of numbers no bought gate parcel of the carrier carries. */
export interface GatePushOutcome {
  stored: number;
  moved: number;
  rest: TrackingEvent[];
}

/**
 * The carrier gate's parcels tracked to delivery (issue 19 item 5, docs/carrier-gate.md "Tracking"): gate
 * users pay for the label and expect to see where the parcel is. A bought, not voided parcel takes the
 * events its carrier pushes or the poll hears, each stored once (unique per carrier, number and event
 * key, as an order's), and keeps the carrier's latest word as its delivery state. System work: a gate
 * parcel has no merchant; the answers narrow to the key's gate user (gate-shipments.service).
 */
export class GateTrackingService {
  private readonly notices: GateNoticesService;

  constructor(private readonly core: Core) {
    this.notices = new GateNoticesService(core);
  }

  /** Events a carrier pushed (verified by the webhook): those of the carrier's bought gate parcels are stored. */
  async applyPushed(carrier: string, events: TrackingEvent[]): Promise<GatePushOutcome> {
    const parcels = await gateTrackingRepo.bought(this.core.db, carrier, [...new Set(events.map((e) => e.trackingNumber))]);
    const outcome: GatePushOutcome = { stored: 0, moved: 0, rest: [] };
    for (const parcel of parcels) {
      const applied = await this.apply(
        parcel,
        events.filter((e) => e.trackingNumber === parcel.trackingNumber),
      );
      outcome.stored += applied.events;
      outcome.moved += applied.moved ? 1 : 0;
    }
    const ours = new Set(parcels.map((p) => p.trackingNumber));
    outcome.rest = events.filter((e) => !ours.has(e.trackingNumber));
    return outcome;
  }

  /** The parcels a round polls: bought, not delivered, never polled first (read before the orders' poll, see `poll`). */
  waiting(limit: number): Promise<TrackedGateParcel[]> {
    return gateTrackingRepo.waiting(this.core.db, limit);
  }

  /**
   * Asks the carriers about the parcels within the round's share (the turns the orders left, and each
   * carrier's rate limit, which the orders' calls count toward); the parcels without a turn keep their place.
   */
  async poll(parcels: TrackedGateParcel[], share: PollShare, now = new Date()): Promise<GatePollOutcome> {
    const groups = new Map<string, TrackedGateParcel[]>();
    for (const parcel of parcels) {
      if (!share.take(parcel.carrier)) continue;
      const key = `${parcel.carrier}:${parcel.accountId}`;
      const group = groups.get(key);
      if (group) group.push(parcel);
      else groups.set(key, [parcel]);
    }
    const outcome: GatePollOutcome = { parcels: 0, events: 0, moved: 0 };
    for (const group of groups.values()) {
      const [{ carrier, accountId }] = group as [TrackedGateParcel];
      await gateTrackingRepo.markPolled(
        this.core.db,
        group.map((p) => p.id),
        now,
      );
      const resolved = await trackingConfigOf(carriersServices(this.core).accounts, this.core.db, carrier, accountId);
      if (!resolved?.driver.track) continue;
      const pace = share.pace(carrier);
      const perCall = Math.min(CALL_BATCH, share.perSecond);
      for (let i = 0; i < group.length; i += perCall) {
        const batch = group.slice(i, i + perCall);
        await pace.take(batch.length);
        let events: TrackingEvent[];
        try {
          events = await resolved.driver.track(
            resolved.config,
            batch.map((p) => p.trackingNumber),
            { fetch, timeoutMs: this.core.config.CARRIER_TIMEOUT_MS },
          );
        } catch (err) {
          // A carrier that is down is asked again next round; the parcels already moved to the back.
          this.core.log.warn({ err, carrier }, 'gate tracking poll failed');
          continue;
        } finally {
          pace.done(batch.length);
        }
        for (const parcel of batch) {
          const applied = await this.apply(
            parcel,
            events.filter((e) => e.trackingNumber === parcel.trackingNumber),
          );
          outcome.parcels += 1;
          outcome.events += applied.events;
          outcome.moved += applied.moved ? 1 : 0;
        }
      }
    }
    // Exceptions stored but not told (the process stopped after the events' commit, or the outbox failed) are told now.
    await this.notices.tell(null);
    return outcome;
  }

  /**
   * Stores a parcel's new events and its delivery state, in one transaction under the parcel's row lock;
   * then, after the commit, tells the gate user of a new exception (docs/carrier-gate.md "Exception mails").
   */
  private async apply(parcel: TrackedGateParcel, events: TrackingEvent[]): Promise<{ events: number; moved: boolean }> {
    const rows = events.map((e) => storedTrackingEvent(parcel.carrier, e));
    if (rows.length === 0) return { events: 0, moved: false };
    const applied = await this.core.db.transaction().execute(async (trx) => {
      const before = await gateTrackingRepo.lockDelivery(trx, parcel.id);
      if (!before) return { events: 0, moved: false }; // voided meanwhile
      const stored = await gateTrackingRepo.insertEvents(trx, parcel, rows);
      if (stored === 0) return { events: 0, moved: false };
      const after = await gateTrackingRepo.settleDelivery(trx, parcel.id);
      return { events: stored, moved: after !== before.deliveryState };
    });
    if (applied.events > 0 && rows.some((r) => r.kind === 'exception')) await afterCommit(() => this.notices.tell(parcel.id).then(() => undefined));
    return applied;
  }
}
