import { sql, type Kysely } from 'kysely';
import { tenantSql, whereTenant, type TenantScope } from '../../db/tenant-scope.js';
import type { DB } from '../../db/types.js';

export interface ThroughputRow {
  hour: number;
  packed: number;
  shipped: number;
}

export interface StockWarningRow {
  itemId: number;
  sku: string;
  name: string;
  missing: number;
  orders: number;
}

/**
 * The SQL of the floor on the home page (issue 19 item 10, docs/shipping.md "The floor on the home
 * page"): one aggregate per figure group, each answered by an index or a counts table, never by
 * reading every order. All within the caller's tenant scope.
 */
export const homeRepo = {
  /** Live orders per status from the counts table (the same counts as the list chips). */
  async statusCounts(db: Kysely<DB>, scope: TenantScope, statuses: number[]): Promise<Map<number, number>> {
    if (statuses.length === 0) return new Map();
    const rows = await db
      .selectFrom('outbound_status_counts')
      .select(['status', sql<number>`sum(n)::bigint`.as('n')])
      .where('deleted', '=', false)
      .where('status', 'in', statuses)
      .$call(whereTenant(scope))
      .groupBy('status')
      .execute();
    return new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  },

  /**
   * Live orders in `statuses` whose requested ship date is before `day` (the warehouse's today): a
   * range of the status index (`outbound_status` / `outbound_merchant_status`), open orders only.
   */
  async lateCount(db: Kysely<DB>, scope: TenantScope, statuses: number[], day: string): Promise<number> {
    const row = await db
      .selectFrom('outbound_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .where('status', 'in', statuses)
      .where(sql<boolean>`rsd < ${day}::date`)
      .$call(whereTenant(scope))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Open pallets holding at least one tracking number of the scope (a merchant's: one of its parcels):
   * the rows of the pallet list filtered to `state=loaded` (pallets.repo `page`).
   */
  async loadedPallets(db: Kysely<DB>, scope: TenantScope): Promise<number> {
    const row = await db
      .selectFrom('pallets as p')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('p.state', '=', 'open')
      .where((eb) =>
        eb.exists(eb.selectFrom('pallet_tracking as t').select('t.id').whereRef('t.pallet_id', '=', 'p.id').$call(whereTenant(scope, 't.merchant_id'))),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Inbound orders in `statuses` expected on `day` (a range of `inbound_orders_status`). */
  async inboundDue(db: Kysely<DB>, scope: TenantScope, statuses: number[], day: string): Promise<number> {
    const row = await db
      .selectFrom('inbound_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', statuses)
      .where(sql<boolean>`expected_date = ${day}::date`)
      .$call(whereTenant(scope))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Tickets in `statuses` (open and waiting for an answer). */
  async ticketCount(db: Kysely<DB>, scope: TenantScope, statuses: number[]): Promise<number> {
    const row = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', statuses)
      .$call(whereTenant(scope))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Parcels packed (pack log) and parcels confirmed at the shipping scan (shipping log) per hour of
   * `day` in `timeZone`, from the day's start on: two ranges of the logs' time indexes.
   */
  async throughput(db: Kysely<DB>, scope: TenantScope, day: string, timeZone: string): Promise<ThroughputRow[]> {
    const from = sql`(${day}::date)::timestamp at time zone ${timeZone}`;
    const to = sql`(${day}::date + 1)::timestamp at time zone ${timeZone}`;
    const hour = (column: string) => sql<number>`extract(hour from ${sql.ref(column)} at time zone ${timeZone})::int`;
    const rows = await sql<{ kind: 'packed' | 'shipped'; hour: number; n: number }>`
      select 'packed' as kind, ${hour('p.created_at')} as hour, count(*)::bigint as n
        from pack_log p
        where p.created_at >= ${from} and p.created_at < ${to} and ${tenantSql(scope, 'p.merchant_id')}
        group by 2
      union all
      select 'shipped' as kind, ${hour('l.created_at')} as hour, count(*)::bigint as n
        from shipping_log l
        where l.created_at >= ${from} and l.created_at < ${to} and l.kind = 'shipping' and l.result = 'new'
          and ${tenantSql(scope, 'l.merchant_id')}
        group by 2`.execute(db);
    const byHour = new Map<number, ThroughputRow>();
    for (const r of rows.rows) {
      const h = Number(r.hour);
      const entry = byHour.get(h) ?? { hour: h, packed: 0, shipped: 0 };
      entry[r.kind] += Number(r.n);
      byHour.set(h, entry);
    }
    return [...byHour.values()].sort((a, b) => a.hour - b.hour);
  },

  /**
   * What waiting (out of stock) orders lack, per SKU, the largest shortage first: the partial index
   * of waiting orders (`outbound_waiting`) and their lines.
   */
  async stockWarnings(db: Kysely<DB>, scope: TenantScope, waitingStatus: number, limit: number): Promise<StockWarningRow[]> {
    const rows = await db
      .selectFrom('outbound_orders as o')
      .innerJoin('outbound_lines as l', 'l.order_id', 'o.id')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .select([
        'i.id as itemId',
        'i.sku',
        'i.name',
        sql<number>`sum(l.quantity - l.reserved)::bigint`.as('missing'),
        sql<number>`count(distinct o.id)`.as('orders'),
      ])
      .where('o.status', '=', waitingStatus)
      .where('o.deleted_at', 'is', null)
      .where(sql<boolean>`l.reserved < l.quantity`)
      .$call(whereTenant(scope, 'o.merchant_id'))
      .groupBy(['i.id', 'i.sku', 'i.name'])
      .orderBy('missing', 'desc')
      .orderBy('i.sku')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ itemId: Number(r.itemId), sku: r.sku, name: r.name, missing: Number(r.missing), orders: Number(r.orders) }));
  },
};
