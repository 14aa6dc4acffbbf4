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

  /**
   * Settles the parcel's delivery from its stored events, in one statement, and answers the new state:
   * the kind of its latest event beyond "label created" (by the event's time), its latest event time,
   * and its delivered time while the state is delivered.
   */
  async settleDelivery(db: Kysely<DB>, id: number): Promise<string | null> {
    const { rows } = await sql<{ delivery_state: string | null }>`
      update gate_labels l
         set delivery_state = d.state,
             tracking_at = d.last,
             delivered_at = case when d.state = 'delivered' then d.delivered end
        from (select (select x.kind from gate_tracking_events x
                       where x.gate_label_id = ${id} and x.kind <> 'info'
                       order by x.at desc, x.id desc limit 1) as state,
                     max(e.at) as last,
                     max(e.at) filter (where e.kind = 'delivered') as delivered
                from gate_tracking_events e
               where e.gate_label_id = ${id}) d
       where l.id = ${id}
      returning l.delivery_state`.execute(db);
    return rows[0]?.delivery_state ?? null;
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
