import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface Violation {
  rule: string;
  detail: string;
}

/**
 * The stock invariants of issue 5, each a query that returns the rows breaking it. Used by the tests,
 * the concurrency harness and the administrators' consistency check: an empty answer means the
 * snapshot, the ledger and the reservations agree.
 */
const RULES: Array<{ rule: string; query: string }> = [
  { rule: 'on-hand never negative', query: `select id::text as detail from stock where quantity < 0` },
  { rule: '0 ≤ reserved ≤ on-hand', query: `select id::text as detail from stock where reserved < 0 or reserved > quantity` },
  {
    rule: 'stock row = sum of its log',
    query: `select s.id || ': ' || s.quantity || '/' || s.reserved || ' vs ' || coalesce(l.q, 0) || '/' || coalesce(l.r, 0) as detail
      from stock s left join (select stock_id, sum(delta) as q, sum(delta_reserved) as r from inventory_log group by stock_id) l on l.stock_id = s.id
      where s.quantity <> coalesce(l.q, 0) or s.reserved <> coalesce(l.r, 0)`,
  },
  {
    rule: 'reserved = sum of reservations',
    query: `select s.id || ': ' || s.reserved || ' vs ' || coalesce(r.n, 0) as detail
      from stock s left join (select stock_id, sum(quantity) as n from reservations group by stock_id) r on r.stock_id = s.id
      where s.reserved <> coalesce(r.n, 0)`,
  },
  {
    rule: 'moves conserve totals',
    query: `select reason || ': ' || sum(delta) as detail from inventory_log where reason in ('move', 'status', 'pack', 'unpack') group by reason having sum(delta) <> 0`,
  },
  {
    rule: 'a serial number is in one place',
    query: `select item_id || '/' || serial as detail from serials group by item_id, serial having count(*) > 1`,
  },
  {
    rule: 'no row references another merchant',
    query: `select 'stock ' || s.id as detail from stock s join items i on i.id = s.item_id where i.merchant_id <> s.merchant_id
      union all select 'log ' || l.id from inventory_log l join stock s on s.id = l.stock_id where l.merchant_id <> s.merchant_id or l.item_id <> s.item_id
      union all select 'reservation ' || r.id from reservations r join stock s on s.id = r.stock_id where r.merchant_id <> s.merchant_id or r.item_id <> s.item_id
      union all select 'unit ' || s.id from stock s join merged_units u on u.id = s.unit_id where u.merchant_id <> s.merchant_id`,
  },
];

export async function checkStockInvariants(db: Kysely<DB>, limitPerRule = 20): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const { rule, query } of RULES) {
    const rows = await sql<{ detail: string }>`${sql.raw(query)} limit ${limitPerRule}`.execute(db);
    for (const row of rows.rows) violations.push({ rule, detail: String(row.detail) });
  }
  return violations;
}
