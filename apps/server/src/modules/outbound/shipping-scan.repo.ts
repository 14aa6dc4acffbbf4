import type { ShippingLogKind, ShippingLogResult } from '@kontor/contracts/domains/shipping';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The parcels of an order as the shipping scan counts them. */
export interface OrderParcels {
  /** The tracking numbers of the order's parcels (ship_bundle, one per line), in order. */
  bundle: string[];
  /** The tracking numbers confirmed by the shipping scan so far. */
  sent: string[];
  boxQty: number;
}

export interface ShippingLogEntry {
  kind: ShippingLogKind;
  merchantId: number | null;
  orderId: number | null;
  orderUnid: string;
  code: string;
  result: ShippingLogResult;
  errorCode: string;
  statusAfter: number | null;
  userId: number;
  station: string;
  /** The pallet a loading scan was about (empty for the shipping scan). */
  palletCode?: string;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The SQL of the shipping scan and its log (shipping-scan.service.ts). */
export const shippingScanRepo = {
  async parcels(db: Kysely<DB>, orderId: number): Promise<OrderParcels> {
    const row = await db
      .selectFrom('outbound_orders')
      .select(['ship_bundle', 'ship_bundle_sent', 'box_qty'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return {
      bundle: row.ship_bundle
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
      sent: strings(row.ship_bundle_sent),
      boxQty: row.box_qty,
    };
  },

  /** Appends a tracking number to the confirmed parcels unless it is there already; true when appended. */
  async markSent(db: Kysely<DB>, orderId: number, code: string): Promise<boolean> {
    const one = JSON.stringify([code]);
    const result = await sql`update outbound_orders set ship_bundle_sent = ship_bundle_sent || ${one}::jsonb, updated_at = now(), version = version + 1
      where id = ${orderId} and not ship_bundle_sent @> ${one}::jsonb`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  },

  async log(db: Kysely<DB>, ...entries: ShippingLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await db
      .insertInto('shipping_log')
      .values(
        entries.map((entry) => ({
          kind: entry.kind,
          merchant_id: entry.merchantId,
          order_id: entry.orderId,
          order_unid: entry.orderUnid,
          code: entry.code.slice(0, 200),
          result: entry.result,
          error_code: entry.errorCode,
          status_after: entry.statusAfter,
          user_id: entry.userId,
          station: entry.station,
          pallet_code: entry.palletCode ?? '',
        })),
      )
      .execute();
  },

  /** Where the user scans: their print station's account, else the session's client id, else its address. */
  async stationOf(db: Kysely<DB>, sessionId: number): Promise<string> {
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('users as p', 'p.id', 'u.print_station_user_id')
      .select(['p.account as stationAccount', 's.login_env_id as envId', 's.login_ip as ip'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    return row?.stationAccount || row?.envId || row?.ip || '';
  },

  /** The merchant and number of an order (for a refused scan's log row). */
  async orderRef(db: Kysely<DB>, orderId: number) {
    return db.selectFrom('outbound_orders').select(['merchant_id as merchantId', 'unid']).where('id', '=', orderId).executeTakeFirst();
  },
};
