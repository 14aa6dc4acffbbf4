import { sql, type Kysely } from 'kysely';

/**
 * The shipping log (issue 19 item 3, docs/shipping.md): one row per scan at the shipping table (and,
 * later, at the loading scan: `kind`), with who scanned, at which station, what was scanned, the order
 * it found and the outcome: `new` (a parcel was confirmed), `already` (a repeat, nothing changed) or
 * `refused` with the error code the scanner saw. Rows are never changed; `updated_at` and `version`
 * exist for the generic list layer only.
 *
 * `merchant_id` is the found order's merchant (null when nothing was found), so the list keeps the
 * usual merchant scope. `station` is the user's print station account, else the session's client id.
 */
const statements = [
  `create table shipping_log (
    id bigserial primary key,
    kind text not null default 'shipping' check (kind in ('shipping', 'loading')),
    merchant_id bigint references merchants(id),
    order_id bigint references outbound_orders(id),
    order_unid text not null default '',
    code text not null,
    result text not null check (result in ('new', 'already', 'refused')),
    error_code text not null default '',
    status_after int,
    user_id bigint references users(id),
    station text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  `create index shipping_log_time on shipping_log (created_at desc, id desc)`,
  `create index shipping_log_order on shipping_log (order_id)`,
  `create view shipping_log_view as
    select l.id, l.kind, l.merchant_id, m.name as merchant_name, l.order_id, l.order_unid, l.code, l.result, l.error_code,
      l.status_after, l.user_id, coalesce(u.name, '') as user_name, coalesce(u.account, '') as user_account, l.station,
      l.created_at, l.updated_at, l.version
    from shipping_log l
    left join users u on u.id = l.user_id
    left join merchants m on m.id = l.merchant_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
