import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface TrackedOrder {
  id: number;
  unid: string;
  merchantId: number;
  carrier: string;
  status: number;
  /** The order's tracking numbers (its `ship_bundle`, one per line). */
  parcels: string[];
}

/**
 * Outbound orders read by their parcels' tracking numbers, for the loading scan and the handover
 * (issue 19, docs/loading.md). The pallets module reads them here instead of querying this table.
 */
export const trackingLookupRepo = {
  /** The newest live order carrying this tracking number, or null. */
  async byTracking(db: Kysely<DB>, trackingNo: string): Promise<TrackedOrder | null> {
    const row = await db
      .selectFrom('outbound_orders')
      .select(['id', 'unid', 'merchant_id', 'carrier', 'status', 'ship_bundle'])
      .where(sql<boolean>`string_to_array(ship_bundle, E'\\n') @> array[${trackingNo}]::text[]`)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? toTracked(row) : null;
  },

  /** The orders by id, in id order; with `lock`, locked in that order (the handover decides on what it holds). */
  async byIds(db: Kysely<DB>, ids: number[], { lock = false } = {}): Promise<TrackedOrder[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('outbound_orders')
      .select(['id', 'unid', 'merchant_id', 'carrier', 'status', 'ship_bundle'])
      .where('id', 'in', ids)
      .orderBy('id')
      .$if(lock, (q) => q.forUpdate())
      .execute();
    return rows.map(toTracked);
  },
};

function toTracked(row: { id: number; unid: string; merchant_id: number; carrier: string; status: number; ship_bundle: string }): TrackedOrder {
  return {
    id: Number(row.id),
    unid: row.unid,
    merchantId: Number(row.merchant_id),
    carrier: row.carrier,
    status: row.status,
    parcels: row.ship_bundle
      .split('\n')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  };
}
