import type { TrackingEventRow } from '@kontor/contracts/domains/tracking-responses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { tenantSql, whereTenant, type TenantScope } from '../../db/tenant-scope.js';
import { trackingEventAnswer, trackingEventColumns, type StoredTrackingEvent } from '../carriers/index.js';

/** An order whose parcels the poll asks the carrier about. */
export interface OpenOrder {
  id: number;
  merchantId: number;
  carrier: string;
  trackingNumbers: string[];
}

/** An order's event: the stored event (carriers/tracking-event.ts) with its order and merchant. */
export type NewTrackingEvent = StoredTrackingEvent & { orderId: number; merchantId: number };

const lines = (bundle: string) =>
  bundle
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** The SQL of carrier tracking and finishing (tracking.service.ts, docs/shipping.md "Tracking"). */
export const trackingRepo = {
  /** Orders in `statuses` with tracking numbers, never polled first, then the longest ago. System work: every merchant. */
  async openOrders(db: Kysely<DB>, scope: TenantScope, statuses: number[], limit: number): Promise<OpenOrder[]> {
    const rows = await db
      .selectFrom('outbound_orders')
      .select(['id', 'merchant_id', 'carrier', 'ship_bundle'])
      .where('status', 'in', statuses)
      .where('deleted_at', 'is', null)
      .where('ship_bundle', '<>', '')
      .$call(whereTenant(scope))
      .orderBy(sql`tracking_polled_at asc nulls first`)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), merchantId: Number(r.merchant_id), carrier: r.carrier, trackingNumbers: lines(r.ship_bundle) }));
  },

  async markPolled(db: Kysely<DB>, orderIds: number[], at: Date): Promise<void> {
    if (orderIds.length === 0) return;
    await db.updateTable('outbound_orders').set({ tracking_polled_at: at }).where('id', 'in', orderIds).execute();
  },

  /** Stores the events not stored yet; answers how many were new (a repeated poll answers 0). */
  async insertEvents(db: Kysely<DB>, events: NewTrackingEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const inserted = await db
      .insertInto('tracking_events')
      .values(events.map((e) => ({ order_id: e.orderId, merchant_id: e.merchantId, ...trackingEventColumns(e) })))
      .onConflict((oc) => oc.columns(['carrier', 'tracking_number', 'event_key']).doNothing())
      .returning('id')
      .execute();
    return inserted.length;
  },

  /** The latest event of each parcel of an order (the order moves as far as its slowest parcel). */
  async latestPerParcel(db: Kysely<DB>, orderId: number): Promise<Array<{ trackingNumber: string; kind: string; exception: string; text: string }>> {
    const rows = await db
      .selectFrom('tracking_events')
      .select(['tracking_number', 'kind', 'exception', 'text', 'at', 'id'])
      .where('order_id', '=', orderId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const seen = new Map<string, { trackingNumber: string; kind: string; exception: string; text: string }>();
    for (const r of rows) {
      if (!seen.has(r.tracking_number)) seen.set(r.tracking_number, { trackingNumber: r.tracking_number, kind: r.kind, exception: r.exception, text: r.text });
    }
    return [...seen.values()];
  },

  /** An order's events, newest first, within the caller's scope. */
  async events(db: Kysely<DB>, scope: TenantScope, orderId: number): Promise<TrackingEventRow[]> {
    const rows = await db
      .selectFrom('tracking_events')
      .select(['id', 'carrier', 'tracking_number', 'code', 'kind', 'exception', 'text', 'location', 'at'])
      .where('order_id', '=', orderId)
      .where(tenantSql(scope))
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(trackingEventAnswer);
  },

  /** Keeps the order's latest event on the order (the in-transit list reads it from the order). */
  async setLatest(db: Kysely<DB>, orderId: number): Promise<void> {
    const latest = await db
      .selectFrom('tracking_events')
      .select(['kind', 'exception', 'text', 'at'])
      .where('order_id', '=', orderId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) return;
    const kind = latest.exception ? `${latest.kind}:${latest.exception}` : latest.kind;
    await db
      .updateTable('outbound_orders')
      .set({ tracking_kind: kind, tracking_text: latest.text, tracking_at: latest.at })
      .where('id', '=', orderId)
      .execute();
  },

  async setDeliveredAt(db: Kysely<DB>, orderId: number, at: Date): Promise<void> {
    await db.updateTable('outbound_orders').set({ delivered_at: at }).where('id', '=', orderId).execute();
  },

  /** Delivered orders (no return came back: a return moves the order on) delivered before `before`. */
  async deliveredBefore(db: Kysely<DB>, scope: TenantScope, deliveredStatus: number, before: Date, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('outbound_orders')
      .select('id')
      .where('status', '=', deliveredStatus)
      .where('deleted_at', 'is', null)
      .where('delivered_at', '<', before)
      .$call(whereTenant(scope))
      .orderBy('delivered_at')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  },
};
