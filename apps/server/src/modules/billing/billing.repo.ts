import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, tenantSql } from '../../db/tenant-scope.js';

/** One line of handling to bill: what was done, how much, for which document. */
export interface ActivityEntry {
  merchantId: number;
  kind: string;
  quantity: number;
  refType: string;
  refId: string;
}

export interface ActivitySummaryRow {
  day: string;
  merchantId: string | number;
  merchant: string;
  kind: string;
  quantity: number;
  orders: number;
}

/** The SQL of `billing_activity`: the only file that writes it. */
export const billingRepo = {
  /**
   * Appends the entries as activity of today in the warehouse's time zone: the exports and invoices count
   * days as the warehouse lives them, so an hour after midnight in Hamburg is already the next day even
   * while the database's clock (UTC) still says the last one. Without a warehouse, UTC.
   */
  async insert(trx: Kysely<DB>, entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await trx
      .insertInto('billing_activity')
      .values(
        entries.map((e) => ({
          merchant_id: e.merchantId,
          day: sql<Date>`(now() at time zone coalesce((select time_zone from warehouses order by id limit 1), 'UTC'))::date`,
          kind: e.kind,
          quantity: e.quantity,
          ref_type: e.refType,
          ref_id: e.refId,
        })),
      )
      .execute();
  },

  /**
   * What is still on the books for one document, per merchant and kind (recorded less reversed), for
   * kinds starting with one of the prefixes: what a cancel has to take back.
   */
  async outstanding(trx: Kysely<DB>, ref: { refType: string; refId: string; kindPrefixes: string[] }): Promise<ActivityEntry[]> {
    const rows = await sql<{ merchantId: number; kind: string; quantity: number }>`select merchant_id as "merchantId", kind, sum(quantity)::int as quantity
      from billing_activity where ref_type = ${ref.refType} and ref_id = ${ref.refId}
        and kind like any(${ref.kindPrefixes.map((p) => `${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}::text[])
      group by merchant_id, kind having sum(quantity) > 0 order by kind`.execute(trx);
    return rows.rows.map((r) => ({ merchantId: Number(r.merchantId), kind: r.kind, quantity: Number(r.quantity), refType: ref.refType, refId: ref.refId }));
  },

  /**
   * Activity of the given document types in a period, summed per day, merchant and kind, one keyset
   * page after (day, merchantId, kind).
   */
  async summaryPage(
    db: Kysely<DB>,
    query: { refTypes: string[]; from: string; to: string; scope: TenantScope; after: [string, number, string]; limit: number },
  ): Promise<ActivitySummaryRow[]> {
    const scoped = sql`and ${tenantSql(query.scope, 'a.merchant_id')}`;
    const result = await sql<ActivitySummaryRow>`select * from (
      select to_char(a.day, 'YYYY-MM-DD') as day, a.merchant_id as "merchantId", m.name as merchant, a.kind,
        sum(a.quantity)::int as quantity, count(distinct a.ref_id)::int as orders
      from billing_activity a join merchants m on m.id = a.merchant_id
      where a.ref_type = any(${query.refTypes}::text[]) and a.day between ${query.from}::date and ${query.to}::date ${scoped}
      group by a.day, a.merchant_id, m.name, a.kind) x
    where (x.day, x."merchantId", x.kind) > (${query.after[0]}, ${query.after[1]}, ${query.after[2]})
    order by x.day, x."merchantId", x.kind
    limit ${query.limit}`.execute(db);
    return result.rows;
  },
};
