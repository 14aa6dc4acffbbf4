import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

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
   * Activity of the given document types in a period, summed per day, merchant and kind, one keyset
   * page after (day, merchantId, kind).
   */
  async summaryPage(
    db: Kysely<DB>,
    query: { refTypes: string[]; from: string; to: string; scope: number | null; after: [string, number, string]; limit: number },
  ): Promise<ActivitySummaryRow[]> {
    const scoped = query.scope === null ? sql`` : sql`and a.merchant_id = ${query.scope}`;
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
