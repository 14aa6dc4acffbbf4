import type { PackLogRow } from '@kontor/contracts/domains/packing-responses';
import { sql, type Kysely } from 'kysely';
import { insertRows, orderParcelColumns } from '../../db/parcel-rows.js';
import type { DB } from '../../db/types.js';
import { tenantSql, type TenantScope } from '../../db/tenant-scope.js';

/** One parcel to write into the pack log. */
export interface NewPackedParcel {
  orderId: number;
  merchantId: number;
  parcelIndex: number;
  station: string;
  userId: number | null;
  units: number;
  weightKg: number | null;
  dimensions: { length: number; width: number; height: number } | null;
  materials: Array<{ itemId: number; sku: string; quantity: number }>;
}

export interface PackLogFilter {
  scope: TenantScope;
  q?: string;
  station?: string;
  userId?: number;
  from?: string;
  to?: string;
  /** Keyset cursor: rows with a smaller id (newest first). */
  beforeId?: number;
  limit: number;
}

const TOTAL_CAP = 10_000;

const toRow = (r: Record<string, unknown>): PackLogRow => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  orderUnid: String(r.order_unid),
  orderStatus: Number(r.order_status),
  merchantId: Number(r.merchant_id),
  merchantName: String(r.merchant_name),
  carrier: String(r.carrier ?? ''),
  shipBundle: String(r.ship_bundle ?? ''),
  parcelIndex: Number(r.parcel_index),
  station: String(r.station),
  userId: r.user_id === null ? null : Number(r.user_id),
  userName: String(r.user_name ?? ''),
  units: Number(r.units),
  weightKg: r.weight_kg === null ? null : Number(r.weight_kg),
  dimensions: (r.dimensions as PackLogRow['dimensions']) ?? null,
  materials: (r.materials as PackLogRow['materials']) ?? [],
  createdAt: r.created_at as string,
});

/** The SQL of the pack log (`pack_log`, read through `pack_log_view`): the only file that touches it. */
export const packLogRepo = {
  insert(trx: Kysely<DB>, parcels: NewPackedParcel[]): Promise<void> {
    return insertRows(trx, 'pack_log', parcels, (p) => ({
      ...orderParcelColumns(p),
      station: p.station,
      user_id: p.userId,
      units: p.units,
      weight_kg: p.weightKg === null ? null : String(p.weightKg),
      dimensions: p.dimensions ? JSON.stringify(p.dimensions) : null,
      materials: JSON.stringify(p.materials),
    }));
  },

  /** A parcel measured later (the order waited for its weight or dimensions). */
  async measure(
    trx: Kysely<DB>,
    orderId: number,
    parcelIndex: number,
    measured: { weightKg: number | null; dimensions: NewPackedParcel['dimensions'] },
  ): Promise<void> {
    await trx
      .updateTable('pack_log')
      .set({
        ...(measured.weightKg !== null ? { weight_kg: String(measured.weightKg) } : {}),
        ...(measured.dimensions ? { dimensions: JSON.stringify(measured.dimensions) } : {}),
      })
      .where('order_id', '=', orderId)
      .where('parcel_index', '=', parcelIndex)
      .execute();
  },

  async ofOrder(db: Kysely<DB>, orderId: number): Promise<PackLogRow[]> {
    const rows = await sql<Record<string, unknown>>`select * from pack_log_view where order_id = ${orderId} order by parcel_index`.execute(db);
    return rows.rows.map(toRow);
  },

  async one(db: Kysely<DB>, id: number, scope: TenantScope): Promise<PackLogRow | null> {
    const rows = await sql<Record<string, unknown>>`select * from pack_log_view where id = ${id}
      and ${tenantSql(scope)}`.execute(db);
    return rows.rows[0] ? toRow(rows.rows[0]) : null;
  },

  /** One page of the packlist, newest first, and the number of matching rows (capped). */
  async page(db: Kysely<DB>, f: PackLogFilter): Promise<{ rows: PackLogRow[]; total: number; capped: boolean }> {
    const where = sql`${tenantSql(f.scope)}
      and (${f.station ?? null}::text is null or station = ${f.station ?? null})
      and (${f.userId ?? null}::bigint is null or user_id = ${f.userId ?? null})
      and (${f.from ?? null}::date is null or created_at >= ${f.from ?? null}::date)
      and (${f.to ?? null}::date is null or created_at < ${f.to ?? null}::date + 1)
      and (${f.q ?? null}::text is null or order_unid = ${f.q ?? null} or ship_bundle like ${`%${f.q ?? ''}%`})`;
    const rows = await sql<Record<string, unknown>>`select * from pack_log_view where ${where}
      and (${f.beforeId ?? null}::bigint is null or id < ${f.beforeId ?? null}) order by id desc limit ${f.limit}`.execute(db);
    const count = await sql<{ n: number }>`select count(*)::int as n from (select 1 from pack_log_view where ${where} limit ${TOTAL_CAP + 1}) x`.execute(db);
    const n = Number(count.rows[0]?.n ?? 0);
    return { rows: rows.rows.map(toRow), total: Math.min(n, TOTAL_CAP), capped: n > TOTAL_CAP };
  },
};
