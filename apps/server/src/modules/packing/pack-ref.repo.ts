import type { PackRefOrder } from '@kontor/contracts/domains/packing-responses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { tenantSql, type TenantScope } from '../../db/tenant-scope.js';

const LIMIT = 20;

/**
 * A merchant's packing by its reference numbers (`/mEP/packScanRef`, docs/packing.md): orders whose
 * reference (`ref_order_id`) or order number is the searched text (any case), or starts with it, narrowed
 * to the caller's scope; their lines, parcels from the pack log and tracking numbers.
 */
export const packRefRepo = {
  async search(db: Kysely<DB>, q: string, scope: TenantScope): Promise<PackRefOrder[]> {
    const prefix = `${q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const orders = await sql<Record<string, unknown>>`select o.id, o.unid, o.ref_order_id, o.status, o.carrier, o.created_at, o.total_units, o.ship_bundle
      from outbound_orders o
      where o.deleted_at is null and ${tenantSql(scope, 'o.merchant_id')}
        and (upper(o.ref_order_id) like ${prefix} or upper(o.unid) = ${q.toUpperCase()})
      order by (upper(o.ref_order_id) = ${q.toUpperCase()}) desc, o.created_at desc, o.id desc limit ${LIMIT}`.execute(db);
    if (orders.rows.length === 0) return [];
    const ids = orders.rows.map((o) => Number(o.id));
    const lines = await db
      .selectFrom('outbound_lines as l')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .select(['l.order_id', 'i.sku', 'l.quantity', 'l.picked'])
      .where('l.order_id', 'in', ids)
      .orderBy('l.position')
      .orderBy('l.id')
      .execute();
    const parcels = await sql<Record<string, unknown>>`select order_id, parcel_index, station, user_name, weight_kg, dimensions, created_at
      from pack_log_view where order_id in (${sql.join(ids)}) and ${tenantSql(scope)} order by order_id, parcel_index`.execute(db);
    return orders.rows.map((o) => {
      const id = Number(o.id);
      const own = lines.filter((l) => Number(l.order_id) === id);
      return {
        orderId: id,
        unid: String(o.unid),
        refOrderId: String(o.ref_order_id),
        status: Number(o.status),
        carrier: String(o.carrier ?? ''),
        createdAt: o.created_at as string,
        units: Number(o.total_units),
        pickedUnits: own.reduce((sum, l) => sum + Number(l.picked), 0),
        lines: own.map((l) => ({ sku: l.sku, quantity: Number(l.quantity), picked: Number(l.picked) })),
        parcels: parcels.rows
          .filter((p) => Number(p.order_id) === id)
          .map((p) => ({
            parcelIndex: Number(p.parcel_index),
            station: String(p.station),
            userName: String(p.user_name ?? ''),
            weightKg: p.weight_kg === null ? null : Number(p.weight_kg),
            dimensions: (p.dimensions as PackRefOrder['parcels'][number]['dimensions']) ?? null,
            createdAt: p.created_at as string,
          })),
        trackingNumbers: String(o.ship_bundle ?? '')
          .split(/[\n,;]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
  },
};
