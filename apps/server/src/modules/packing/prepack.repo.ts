import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, tenantSql, whereTenant } from '../../db/tenant-scope.js';

export interface PrepackedParcel {
  id: number;
  merchantId: number;
  key: string;
  station: string;
  materials: Array<{ itemId: number; quantity: number }>;
  orderId: number | null;
}

const toParcel = (r: { id: number; merchant_id: number; pack_key: string; station: string; materials: unknown; order_id: number | null }): PrepackedParcel => ({
  id: Number(r.id),
  merchantId: Number(r.merchant_id),
  key: r.pack_key,
  station: r.station,
  materials: (r.materials as PrepackedParcel['materials']) ?? [],
  orderId: r.order_id === null ? null : Number(r.order_id),
});

/** Parcels packed ahead for identical orders (`prepacked_parcels`, migration 0031). */
export const prepackRepo = {
  async insert(
    trx: Kysely<DB>,
    parcels: Array<{ merchantId: number; key: string; station: string; userId: number | null; materials: PrepackedParcel['materials'] }>,
  ): Promise<void> {
    if (parcels.length === 0) return;
    await trx
      .insertInto('prepacked_parcels')
      .values(
        parcels.map((p) => ({ merchant_id: p.merchantId, pack_key: p.key, station: p.station, user_id: p.userId, materials: JSON.stringify(p.materials) })),
      )
      .execute();
  },

  /** Waiting parcels per merchant and key, within the scope. */
  async openCounts(db: Kysely<DB>, scope: TenantScope): Promise<Array<{ merchantId: number; key: string; count: number }>> {
    const rows = await db
      .selectFrom('prepacked_parcels')
      .select(['merchant_id', 'pack_key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('order_id', 'is', null)
      .$call(whereTenant(scope))
      .groupBy(['merchant_id', 'pack_key'])
      .execute();
    return rows.map((r) => ({ merchantId: Number(r.merchant_id), key: r.pack_key, count: Number(r.n) }));
  },

  /** The parcel an order already got (a repeated assign), or null. */
  async ofOrder(db: Kysely<DB>, orderId: number): Promise<PrepackedParcel | null> {
    const row = await db.selectFrom('prepacked_parcels').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    return row ? toParcel(row) : null;
  },

  /** The oldest waiting parcel of a key, locked; one another station is taking right now is skipped. */
  async takeOpen(trx: Kysely<DB>, merchantId: number, key: string, scope: TenantScope): Promise<PrepackedParcel | null> {
    const rows = await sql<{ id: number; merchant_id: number; pack_key: string; station: string; materials: unknown; order_id: number | null }>`
      select id, merchant_id, pack_key, station, materials, order_id from prepacked_parcels
      where ${tenantSql(TenantScope.merchant(merchantId))} and pack_key = ${key} and order_id is null and ${tenantSql(scope)}
      order by id limit 1 for update skip locked`.execute(trx);
    return rows.rows[0] ? toParcel(rows.rows[0]) : null;
  },

  async assign(trx: Kysely<DB>, parcelId: number, orderId: number): Promise<void> {
    await trx
      .updateTable('prepacked_parcels')
      .set({ order_id: orderId, assigned_at: sql<Date>`now()` })
      .where('id', '=', parcelId)
      .execute();
  },
};
