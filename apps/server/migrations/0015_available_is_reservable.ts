import { sql, type Kysely } from 'kysely';
import { FUNCTION as RESERVE_0007 } from './0007_reserve_function.js';

/**
 * Available is what can be reserved (issue 15 item 9). The stock view said `quantity - reserved` for
 * every row, so units still receiving in an inbound staging compartment, damaged units and units in a
 * blocked compartment showed as available, while the allocation would never take them. Now one SQL
 * rule, `kontor_reservable`, decides both: the view's `available` and the rows kontor_reserve locks.
 * A plain SQL function is inlined by the planner, so the allocation's plan does not change.
 */
const RESERVABLE = `
create or replace function kontor_reservable(p_status int, p_blocked boolean, p_kind text) returns boolean
language sql immutable as $fn$ select p_status = 10 and not p_blocked and p_kind in ('pick', 'bulk') $fn$`;

const STOCK_VIEW = `
create or replace view stock_view as
  select s.id, s.merchant_id, s.item_id, s.warehouse_id, s.compartment_id, s.unit_id, s.batch, s.expiry, s.status,
    s.quantity, s.reserved,
    case when kontor_reservable(s.status, c.blocked, c.kind) then greatest(s.quantity - s.reserved, 0) else 0 end as available,
    i.sku, i.name as item_name, c.code as compartment_code, w.code as warehouse_code, m.name as merchant_name,
    s.created_at, s.updated_at, 1 as version
  from stock s
  join items i on i.id = s.item_id
  join compartments c on c.id = s.compartment_id
  join warehouses w on w.id = s.warehouse_id
  join merchants m on m.id = s.merchant_id`;

/** The 0007 rule, written out twice there, becomes the one function. */
const OLD_RULE = "s.status = 10 and s.quantity > s.reserved and not c.blocked and c.kind in ('pick', 'bulk')";
const NEW_RULE = 's.quantity > s.reserved and kontor_reservable(s.status, c.blocked, c.kind)';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (RESERVE_0007.split(OLD_RULE).length !== 3) throw new Error('0015: the reservation rule of 0007 was not found twice');
  await sql.raw(RESERVABLE).execute(db);
  await sql.raw(STOCK_VIEW).execute(db);
  await sql.raw(RESERVE_0007.split(OLD_RULE).join(NEW_RULE)).execute(db);
}
