import { sql, type Kysely } from 'kysely';

/**
 * Loading configs (pallets) and the tracking numbers loaded onto them (issue 19 item 2, facts §2.6,
 * §3.7, docs/loading.md).
 *
 * - `pallets`: one loading config, `LD` + year + a running number of at least four digits
 *   (LD20260001). `plate_key` is the truck plate upper-cased without spaces, so "B-AB 1234" and
 *   "b-ab1234" find the same configs. `state` is open until the pallet is handed over (closed).
 * - `pallet_tracking`: one row per loaded tracking number. A tracking number is on at most one pallet
 *   (`pallet_tracking_number` unique): two scanners flushing it onto two pallets at once cannot both win.
 *   `resolve_status` is what the lookup of its outbound order found (resolved, pending, not_found,
 *   error); the order is kept by id (scope, handover) and by number (the original's `outboundUNID`).
 */
const statements = [
  `create sequence pallet_code_seq`,
  `create function pallet_next_code() returns text language sql volatile as $fn$
    select 'LD' || to_char(now(), 'YYYY') || lpad(n::text, greatest(4, length(n::text)), '0') from (select nextval('pallet_code_seq') as n) s
  $fn$`,
  `create table pallets (
    id bigserial primary key,
    guid text not null unique default md5(random()::text || clock_timestamp()::text),
    pallet_code text not null unique default pallet_next_code(),
    pickup_carrier text not null default '',
    unit_str text not null default 'Pallet' check (unit_str in ('Pallet', 'Box')),
    plate_number2 text not null default '',
    plate_key text not null default '',
    pickup_date date,
    important_note text not null default '',
    state text not null default 'open' check (state in ('open', 'closed')),
    tracking_count int not null default 0 check (tracking_count >= 0),
    signed_files jsonb not null default '[]',
    closed_at timestamptz,
    closed_by bigint,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index pallets_list on pallets (created_at, id)`,
  `create index pallets_plate on pallets (plate_key, created_at, id)`,
  `create table pallet_tracking (
    id bigserial primary key,
    pallet_id bigint not null references pallets(id) on delete cascade,
    pallet_code text not null,
    tracking_no text not null,
    outbound_id bigint references outbound_orders(id),
    outbound_unid text not null default '',
    merchant_id bigint,
    carrier text not null default '',
    resolve_status text not null default 'pending' check (resolve_status in ('resolved', 'pending', 'not_found', 'error')),
    resolve_error text not null default '',
    raw_scan text not null default '',
    user_id bigint,
    created_at timestamptz not null default now()
  )`,
  `create unique index pallet_tracking_number on pallet_tracking (tracking_no)`,
  `create index pallet_tracking_pallet on pallet_tracking (pallet_id, id)`,
  `create index pallet_tracking_order on pallet_tracking (outbound_id) where outbound_id is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
