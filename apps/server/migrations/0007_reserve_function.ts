import { sql, type Kysely } from 'kysely';

/**
 * A reservation as one server-side call (issue 5 §6 and its throughput goal): the same steps the
 * service would run (lock the candidate rows in id order, read them, take by picking priority, then
 * earliest expiry, batch and id, write `reserved`, one ledger row and one reservation per row), but in
 * one round trip instead of four. Each statement inside a PL/pgSQL function reads the latest committed
 * data, and the rows it writes are exactly the rows it locked. `p_lock = false` skips the lock for the
 * concurrency harness's proof run; the absolute writes then lose updates, as they must.
 * A shortage writes nothing unless `p_partial`; the answer always carries what was available.
 */
export const FUNCTION = `
create or replace function kontor_reserve(p_item bigint, p_qty int, p_partial boolean, p_ref_type text, p_ref_id text,
  p_warehouse bigint, p_batch text, p_merchant bigint, p_user bigint, p_lock boolean)
returns table (reservation_id bigint, stock_id bigint, compartment_id bigint, batch text, quantity int, available int)
language plpgsql volatile as $fn$
declare
  ids bigint[];
  r record;
  wanted int := p_qty;
  have int;
  take int;
  rid bigint;
begin
  if p_lock then
    select array_agg(x.id) into ids from (
      select s.id from stock s join compartments c on c.id = s.compartment_id
      where s.item_id = p_item and s.status = 10 and s.quantity > s.reserved and not c.blocked and c.kind in ('pick', 'bulk')
        and (p_warehouse is null or s.warehouse_id = p_warehouse) and (p_batch is null or s.batch = p_batch)
        and (p_merchant is null or s.merchant_id = p_merchant)
      order by s.id for update of s) x;
  else
    select array_agg(x.id) into ids from (
      select s.id from stock s join compartments c on c.id = s.compartment_id
      where s.item_id = p_item and s.status = 10 and s.quantity > s.reserved and not c.blocked and c.kind in ('pick', 'bulk')
        and (p_warehouse is null or s.warehouse_id = p_warehouse) and (p_batch is null or s.batch = p_batch)
        and (p_merchant is null or s.merchant_id = p_merchant)
      order by s.id) x;
  end if;
  select coalesce(sum(greatest(s.quantity - s.reserved, 0)), 0)::int into have from stock s where s.id = any(coalesce(ids, '{}'));
  have := least(have, p_qty);
  if have < p_qty and not p_partial then
    return query select null::bigint, null::bigint, null::bigint, null::text, 0, have;
    return;
  end if;
  for r in
    select s.id, s.merchant_id, s.item_id, s.warehouse_id, s.compartment_id, s.batch, s.status, s.quantity, s.reserved
    from stock s join compartments c on c.id = s.compartment_id
    where s.id = any(coalesce(ids, '{}')) and s.quantity > s.reserved
    order by c.priority, s.expiry asc nulls last, s.batch, s.id
  loop
    exit when wanted = 0;
    take := least(r.quantity - r.reserved, wanted);
    update stock set reserved = r.reserved + take, updated_at = now() where id = r.id;
    insert into inventory_log (merchant_id, stock_id, item_id, warehouse_id, compartment_id, batch, status, delta, delta_reserved,
      quantity_after, reserved_after, reason, ref_type, ref_id, user_id)
    values (r.merchant_id, r.id, r.item_id, r.warehouse_id, r.compartment_id, r.batch, r.status, 0, take, r.quantity, r.reserved + take,
      'reserve', p_ref_type, p_ref_id, p_user);
    insert into reservations (merchant_id, stock_id, item_id, ref_type, ref_id, quantity)
    values (r.merchant_id, r.id, r.item_id, p_ref_type, p_ref_id, take) returning id into rid;
    wanted := wanted - take;
    return query select rid, r.id, r.compartment_id, r.batch, take, have;
  end loop;
  if wanted = p_qty then
    return query select null::bigint, null::bigint, null::bigint, null::text, 0, have;
  end if;
end
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(FUNCTION).execute(db);
}
