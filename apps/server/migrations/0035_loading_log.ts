import { sql, type Kysely } from 'kysely';

/**
 * Loading scans in the shipping log (issue 19 item 3, docs/loading.md "Shipping log"): the loading scan
 * writes `kind = 'loading'` rows, one per tracking number flushed onto a pallet and one per handover
 * scan of a pallet code or plate, with the lookup's outcome: `matched` (the number's order may be
 * shipped; the scan found its pallet), `pending` (the order is not packed yet), `notFound`, `error`
 * (the order cannot ship: canceled, already shipped …) or `conflict` (the number is on another pallet).
 * `pallet_code` says which pallet; the view shows it last (0026's view otherwise).
 */
const statements = [
  `alter table shipping_log drop constraint shipping_log_result_check`,
  `alter table shipping_log add constraint shipping_log_result_check
    check (result in ('new', 'already', 'refused', 'matched', 'pending', 'notFound', 'error', 'conflict'))`,
  `alter table shipping_log add column pallet_code text not null default ''`,
  `create or replace view shipping_log_view as
    select l.id, l.kind, l.merchant_id, m.name as merchant_name, l.order_id, l.order_unid, l.code, l.result, l.error_code,
      l.status_after, l.user_id, coalesce(u.name, '') as user_name, coalesce(u.account, '') as user_account, l.station,
      l.created_at, l.updated_at, l.version, l.pallet_code
    from shipping_log l
    left join users u on u.id = l.user_id
    left join merchants m on m.id = l.merchant_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
