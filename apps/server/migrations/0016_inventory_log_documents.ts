import { sql, type Kysely } from 'kysely';

/**
 * The inventory log names a reference by its document number (issue 15 item 8): the ledger keeps what
 * the booking call was given (`ref_id`), which for an outbound reservation is the order's internal id
 * ("13"); the view adds `ref_no`, the order's number (MO…), and passes every other reference on as it
 * is (inbound orders and returns are booked under their numbers already). The lookup goes through the
 * orders' primary key, one row per log row of the page.
 */
const VIEW = `
create or replace view inventory_log_view as
  select l.id, l.merchant_id, l.stock_id, l.item_id, l.warehouse_id, l.compartment_id, l.batch, l.status, l.delta,
    l.delta_reserved, l.quantity_after, l.reserved_after, l.reason, l.reason_code, l.ref_type, l.ref_id, l.user_id,
    l.note, i.sku, c.code as compartment_code, u.name as user_name, l.at as created_at, l.at as updated_at, 1 as version,
    case when l.ref_type = 'outbound' and l.ref_id ~ '^[0-9]{1,18}$'
      then coalesce((select o.unid from outbound_orders o where o.id = l.ref_id::bigint), l.ref_id)
      else l.ref_id end as ref_no
  from inventory_log l
  join items i on i.id = l.item_id
  join compartments c on c.id = l.compartment_id
  left join users u on u.id = l.user_id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(VIEW).execute(db);
}
