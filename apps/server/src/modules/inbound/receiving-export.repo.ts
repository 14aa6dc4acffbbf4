import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/types.js';
import { billing, type ActivitySummaryRow } from '../billing/index.js';
import type { Period } from './receiving-export.period.js';
import { type TenantScope, tenantSql } from '../../db/tenant-scope.js';

/** Rows per keyset page: a page is read, written and committed before the next one. */
export const PAGE = 1000;

export interface LineRow {
  orderId: string | number;
  lineId: string | number;
  unid: string;
  merchant: string;
  warehouse: string;
  container: string | null;
  reference: string;
  carrier: string;
  status: number;
  started: string | null;
  receivedAt: string | null;
  sku: string;
  name: string;
  batch: string;
  planned: number;
  received: number;
  damaged: number;
  putAway: number;
}

/**
 * Orders received in the period (received_at, else receiving_started_at), days counted in the
 * warehouse's time zone, in the caller's merchant scope (architecture rule 5).
 */
function periodWhere(period: Period, scope: TenantScope): RawBuilder<unknown> {
  const at = sql`coalesce(o.received_at, o.receiving_started_at)`;
  const inPeriod = sql`${at} >= (${period.from}::date::timestamp at time zone w.time_zone)
    and ${at} < ((${period.to}::date + 1)::timestamp at time zone w.time_zone)`;
  return sql`${inPeriod} and ${tenantSql(scope, 'o.merchant_id')}`;
}

export async function countRows(db: Kysely<DB>, period: Period, scope: TenantScope, cap?: number): Promise<number> {
  const limit = cap === undefined ? sql`` : sql`limit ${cap}`;
  const result = await sql<{ n: number }>`select count(*)::int as n from (select 1 from inbound_orders o
      join warehouses w on w.id = o.warehouse_id join inbound_lines l on l.order_id = o.id
      where ${periodWhere(period, scope)} ${limit}) x`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** One keyset page of lines after (orderId, lineId). */
export async function linePage(db: Kysely<DB>, period: Period, scope: TenantScope, after: [number, number]): Promise<LineRow[]> {
  const local = (column: string) => sql`to_char(${sql.ref(column)} at time zone w.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS')`;
  const result = await sql<LineRow>`select o.id as "orderId", l.id as "lineId", o.unid, m.name as merchant, w.code as warehouse,
      c.number as container, o.reference, o.carrier, o.status, ${local('o.receiving_started_at')} as started,
      ${local('o.received_at')} as "receivedAt", i.sku, i.name, l.batch, l.planned, l.received, l.damaged,
      l.put_away + l.put_away_damaged as "putAway"
    from inbound_orders o
    join merchants m on m.id = o.merchant_id
    join warehouses w on w.id = o.warehouse_id
    left join containers c on c.id = o.container_id
    join inbound_lines l on l.order_id = o.id
    join items i on i.id = l.item_id
    where ${periodWhere(period, scope)} and (o.id, l.id) > (${after[0]}, ${after[1]})
    order by o.id, l.id
    limit ${PAGE}`.execute(db);
  return result.rows;
}

/** Handling recorded for billing (issue 6 §7) in the period, per day, merchant and kind, one keyset page. */
export function activityPage(db: Kysely<DB>, period: Period, scope: TenantScope, after: [string, number, string]): Promise<ActivitySummaryRow[]> {
  return billing.list(db, { refTypes: ['inbound', 'return'], from: period.from, to: period.to, scope, after, limit: PAGE });
}
