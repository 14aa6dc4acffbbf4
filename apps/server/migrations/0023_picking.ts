import { sql, type Kysely } from 'kysely';

/**
 * Picklists (issue 18 item 1, docs/picking.md): waves of ready-to-pick orders, numbered PL + year +
 * a running number of at least four digits. An order is in at most one live picklist: the partial
 * unique index on `picklist_orders (order_id) where active` backs the row locks of the creation.
 * Lines are the orders' reservations grouped by item, batch and compartment, in pick-path order.
 * `picklist_reads` keeps, per picklist and session, the progress a client last read or sent, so that a
 * whole-object PUT is merged as a difference and two stations saving at once lose nothing.
 */
const statements = [
  `create sequence picklist_unid_seq`,
  `create function picklist_next_unid() returns text language sql volatile as $fn$
    select 'PL' || to_char(now(), 'YYYY') || lpad(n::text, greatest(4, length(n::text)), '0') from (select nextval('picklist_unid_seq') as n) s
  $fn$`,
  `create table picklists (
    id bigserial primary key,
    unid text not null unique default picklist_next_unid(),
    type int not null check (type in (1, 100)),
    status int not null default 0,
    priority int not null default 2,
    carrier text not null default '',
    merchant_id bigint references merchants(id),
    warehouse_id bigint references warehouses(id),
    item_qty int not null default 0 check (item_qty >= 0),
    item_qty_picked int not null default 0 check (item_qty_picked >= 0),
    orders_fin jsonb not null default '[]',
    print_batch jsonb not null default '[]',
    started boolean not null default false,
    printed_at timestamptz,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  `create index picklists_list on picklists (created_at desc, id desc)`,
  `create index picklists_status on picklists (status, created_at desc, id desc)`,
  `create table picklist_orders (
    picklist_id bigint not null references picklists(id) on delete cascade,
    order_id bigint not null references outbound_orders(id),
    position int not null,
    active boolean not null default true,
    item_packs jsonb,
    primary key (picklist_id, order_id)
  )`,
  `create unique index picklist_orders_one_live on picklist_orders (order_id) where active`,
  `create table picklist_lines (
    id bigserial primary key,
    picklist_id bigint not null references picklists(id) on delete cascade,
    position int not null,
    item_id bigint not null references items(id),
    batch text not null default '',
    compartment_id bigint not null references compartments(id),
    qty int not null check (qty >= 0),
    qty_printed int not null default 0 check (qty_printed >= 0 and qty_printed <= qty)
  )`,
  `create index picklist_lines_picklist on picklist_lines (picklist_id, position)`,
  `create table picklist_reads (
    picklist_id bigint not null references picklists(id) on delete cascade,
    session_id bigint not null,
    snapshot jsonb not null,
    at timestamptz not null default now(),
    primary key (picklist_id, session_id)
  )`,
  `create table picklist_presets (
    id bigserial primary key,
    name text not null unique,
    rules jsonb not null,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
