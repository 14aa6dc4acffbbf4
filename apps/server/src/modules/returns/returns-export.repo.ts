import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, tenantSql } from '../../db/tenant-scope.js';

export interface ReturnLineRow {
  id: number;
  n: number;
  shipSN: string;
  originSN: string;
  merchant: string;
  businessType: number;
  type: number;
  status: number;
  opened: string;
  inbounded: string | null;
  sku: string;
  name: string;
  batch: string;
  qty: number;
  valid: number;
  remark: string;
}

/** One keyset page of return lines: returns inbounded (else opened) in the period, in the warehouse's zone of the first warehouse. */
export async function returnLinesPage(db: Kysely<DB>, period: { from: string; to: string }, scope: TenantScope, after: [number, number], limit: number) {
  const zone = sql`(select time_zone from warehouses order by id limit 1)`;
  const local = (column: string) => sql`to_char(${sql.ref(column)} at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
  const at = sql`coalesce(r.fin_date, r.created_at)`;
  const result = await sql<ReturnLineRow>`select r.id, e.n::int as n, r.ship_sn as "shipSN", r.origin_sn as "originSN", coalesce(m.name, '') as merchant,
      r.business_type as "businessType", r.package_status as type, r.status, ${local('r.created_at')} as opened, ${local('r.fin_date')} as inbounded,
      coalesce(i.sku, '') as sku, coalesce(i.name, '') as name, coalesce(e.line->>'itemBatch', '') as batch, coalesce((e.line->>'qty')::int, 0) as qty,
      coalesce((e.line->>'valid')::int, 1) as valid, coalesce(e.line->>'remark', '') as remark
    from returns r
    left join merchants m on m.id = r.merchant_id
    cross join lateral jsonb_array_elements(r.items) with ordinality as e(line, n)
    left join items i on i.id = (e.line->>'itemId')::bigint
    where ${at} >= (${period.from}::date::timestamp at time zone ${zone}) and ${at} < ((${period.to}::date + 1)::timestamp at time zone ${zone})
      and ${tenantSql(scope, 'r.merchant_id')}
      and (r.id, e.n) > (${after[0]}, ${after[1]})
    order by r.id, e.n
    limit ${limit}`.execute(db);
  return result.rows;
}
