import type { TrackingEventRow } from '@kontor/contracts/domains/tracking-responses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { trackingEventAnswer, trackingEventColumns, type StoredTrackingEvent } from '../carriers/index.js';

/** A bought gate parcel whose carrier events are stored (docs/carrier-gate.md "Tracking"). */
export interface TrackedGateParcel {
  id: number;
  gateUserId: number;
  trackingNumber: string;
  carrier: string;
  accountId: number;
}

/** A stored event as answered, with the parcel (gate label) it belongs to. */
export type GateParcelEvent = TrackingEventRow & { gateLabelId: number };

/** A gate parcel's delivery state and its times, as the events leave them. */
export interface GateDelivery {
  deliveryState: string | null;
  trackingAt: Date | null;
  deliveredAt: Date | null;
}

const parcelColumns = ['l.id', 'l.gate_user_id as gateUserId', 'l.tracking_number as trackingNumber', 's.carrier', 's.account_id as accountId'] as const;

const toParcel = (r: { id: number; gateUserId: number; trackingNumber: string; carrier: string; accountId: number }): TrackedGateParcel => ({
  id: Number(r.id),
  gateUserId: Number(r.gateUserId),
  trackingNumber: r.trackingNumber,
  carrier: r.carrier,
  accountId: Number(r.accountId),
});

/** Bought (not voided) gate parcels with their shipment's carrier and account: what both parcel reads start from. */
const boughtParcels = (db: Kysely<DB>) =>
  db.selectFrom('gate_labels as l').innerJoin('gate_shipments as s', 's.id', 'l.shipment_id').select(parcelColumns).where('l.state', '=', 'bought');

/** The SQL of the gate parcels' tracking: their events, delivery state and poll order. */
export const gateTrackingRepo = {
  /** Bought (not voided) parcels of this carrier carrying one of the numbers: the ones a push may write to. */
  async bought(db: Kysely<DB>, carrier: string, numbers: string[]): Promise<TrackedGateParcel[]> {
    if (numbers.length === 0) return [];
    const rows = await boughtParcels(db).where('l.tracking_number', 'in', numbers).where('s.carrier', '=', carrier).execute();
    return rows.map(toParcel);
  },

  /** Bought parcels not delivered yet, never polled first, then the longest ago (the poll's partial index). */
  async waiting(db: Kysely<DB>, limit: number): Promise<TrackedGateParcel[]> {
    const rows = await boughtParcels(db)
      .where('l.delivered_at', 'is', null)
      .where('l.tracking_number', '<>', '')
      .orderBy(sql`l.tracking_polled_at asc nulls first`)
      .orderBy('l.id')
      .limit(limit)
      .execute();
    return rows.map(toParcel);
  },

  async markPolled(db: Kysely<DB>, ids: number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('gate_labels').set({ tracking_polled_at: at }).where('id', 'in', ids).execute();
  },

  /** Locks the parcel's row, so two pushes for one parcel store and settle its state one after the other. */
  async lockDelivery(db: Kysely<DB>, id: number): Promise<GateDelivery | null> {
    const row = await db
      .selectFrom('gate_labels')
      .select(['delivery_state as deliveryState', 'tracking_at as trackingAt', 'delivered_at as deliveredAt'])
      .where('id', '=', id)
      .where('state', '=', 'bought')
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  },

  /** Stores the events not stored yet; answers how many were new (a repeat answers 0). */
  async insertEvents(db: Kysely<DB>, parcel: TrackedGateParcel, events: StoredTrackingEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const inserted = await db
      .insertInto('gate_tracking_events')
      .values(events.map((e) => ({ gate_label_id: parcel.id, gate_user_id: parcel.gateUserId, ...trackingEventColumns(e) })))
      .onConflict((oc) => oc.columns(['carrier', 'tracking_number', 'event_key']).doNothing())
      .returning('id')
      .execute();
    return inserted.length;
  },

  /** The parcel's latest event beyond "label created" (its delivery state), its latest event time, its delivered time. */
  async deliveryOf(db: Kysely<DB>, id: number): Promise<GateDelivery> {
    const latest = await db
      .selectFrom('gate_tracking_events')
      .select(['kind', 'at'])
      .where('gate_label_id', '=', id)
      .where('kind', '<>', 'info')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const times = await db
      .selectFrom('gate_tracking_events')
      .select((eb) => [eb.fn.max('at').as('last'), eb.fn.max(sql<Date>`case when kind = 'delivered' then at end`).as('delivered')])
      .where('gate_label_id', '=', id)
      .executeTakeFirstOrThrow();
    const deliveryState = latest?.kind ?? null;
    return {
      deliveryState,
      trackingAt: times.last ? new Date(times.last) : null,
      deliveredAt: deliveryState === 'delivered' && times.delivered ? new Date(times.delivered) : null,
    };
  },

  async setDelivery(db: Kysely<DB>, id: number, d: GateDelivery): Promise<void> {
    await db
      .updateTable('gate_labels')
      .set({ delivery_state: d.deliveryState, tracking_at: d.trackingAt, delivered_at: d.deliveredAt })
      .where('id', '=', id)
      .execute();
  },

  /** The events of these parcels, newest first, each with its parcel. */
  async events(db: Kysely<DB>, labelIds: number[]): Promise<GateParcelEvent[]> {
    if (labelIds.length === 0) return [];
    const rows = await db
      .selectFrom('gate_tracking_events')
      .select(['id', 'gate_label_id', 'carrier', 'tracking_number', 'code', 'kind', 'exception', 'text', 'location', 'at'])
      .where('gate_label_id', 'in', labelIds)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ ...trackingEventAnswer(r), gateLabelId: Number(r.gate_label_id) }));
  },
};
