import { sql, type Kysely } from 'kysely';

/**
 * Outbound task orders (issue 7): orders and their lines, the history of every status change, the
 * live count per status, put-backs of cancelled picked goods, and tickets. Reservations of an order
 * live in `reservations` with ref_type 'outbound' and ref_id the order id, written by kontor_reserve.
 * Lists page by keyset over (created_at, id) on partial indexes of the live (not deleted) orders, so
 * a million orders page as fast as a thousand.
 */
const record = `
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1`;

const statements = [
  `create sequence outbound_unid_seq`,
  // MO + year + a running number of at least six digits (the demo keeps the original's MO20260001).
  `create function outbound_next_unid() returns text language sql volatile as $fn$
    select 'MO' || to_char(now(), 'YYYY') || lpad(n::text, greatest(6, length(n::text)), '0') from (select nextval('outbound_unid_seq') as n) s
  $fn$`,
  `create table outbound_orders (
    id bigserial primary key,
    unid text not null unique default outbound_next_unid(),
    merchant_id bigint not null references merchants(id),
    warehouse_id bigint references warehouses(id),
    status int not null default 8,
    -- Where an exception or a cancel request was raised from: resuming returns there.
    status_before int,
    priority int not null default 2 check (priority between 1 and 3),
    type_of_task text not null,
    mode_of_transport text not null,
    pickup_date date not null,
    pickup_from text not null default '',
    ref_order_id text not null default '',
    unit_qty int not null check (unit_qty > 0),
    weight numeric(12, 3) not null check (weight > 0),
    consignee jsonb not null,
    consignor jsonb,
    sender jsonb,
    consignee_name text not null default '',
    consignee_country text not null default '',
    danger_goods boolean not null default false,
    delivery_services jsonb not null default '[]',
    auto_retour_label boolean not null default false,
    force_ship_label boolean not null default false,
    label_swap boolean not null default false,
    related_files jsonb not null default '[]',
    remark text not null default '',
    private_remark text not null default '',
    important_note text not null default '',
    rsd date,
    rad date,
    carrier text not null default '',
    carrier_service text not null default '',
    -- Tracking numbers, one per line, as the original's shipBundle; parcels hold their details.
    ship_bundle text not null default '',
    ship_bundle_sent jsonb not null default '[]',
    parcels jsonb not null default '[]',
    ship_no text not null default '',
    retour_no text not null default '',
    batch_no text not null default '',
    box_qty int not null default 0 check (box_qty >= 0),
    plt_qty int not null default 0 check (plt_qty >= 0),
    dimensions jsonb,
    address_problems jsonb not null default '[]',
    exception_reason text not null default '',
    exception_owner text,
    exception_note text not null default '',
    line_count int not null default 0,
    total_units int not null default 0,
    reserved_units int not null default 0,
    created_by bigint,
    deleted_at timestamptz,
    deleted_by bigint,
    shipped_at timestamptz,${record}
  )`,
  `create index outbound_list on outbound_orders (created_at, id) where deleted_at is null`,
  `create index outbound_merchant on outbound_orders (merchant_id, created_at, id) where deleted_at is null`,
  `create index outbound_status on outbound_orders (status, created_at, id) where deleted_at is null`,
  `create index outbound_merchant_status on outbound_orders (merchant_id, status, created_at, id) where deleted_at is null`,
  `create index outbound_carrier on outbound_orders (carrier, created_at, id) where deleted_at is null`,
  `create index outbound_deleted on outbound_orders (deleted_at, id) where deleted_at is not null`,
  `create index outbound_reference on outbound_orders (merchant_id, ref_order_id)`,
  // Scans find an order by any of its tracking numbers (facts §3.1, §3.4).
  `create index outbound_tracking on outbound_orders using gin (string_to_array(ship_bundle, E'\\n'))`,
  // Re-allocation reads the waiting orders, most urgent and oldest first.
  `create index outbound_waiting on outbound_orders (priority desc, created_at, id) where status = 8 and deleted_at is null`,
  `create table outbound_lines (
    id bigserial primary key,
    order_id bigint not null references outbound_orders(id) on delete cascade,
    item_id bigint not null references items(id),
    batch text not null default '',
    quantity int not null check (quantity > 0),
    reserved int not null default 0 check (reserved >= 0 and reserved <= quantity),
    picked int not null default 0 check (picked >= 0),
    position int not null default 0,
    unique (order_id, item_id, batch)
  )`,
  `create index outbound_lines_item on outbound_lines (item_id)`,
  // Every change of an order: who, when, from, to, why (issue 7 §2).
  `create table outbound_history (
    id bigserial primary key,
    order_id bigint not null references outbound_orders(id) on delete cascade,
    at timestamptz not null default now(),
    user_id bigint,
    action text not null,
    from_status int,
    to_status int,
    reason text not null default '',
    owner text,
    note text not null default ''
  )`,
  `create index outbound_history_order on outbound_history (order_id, id)`,
  // The live count per status, kept by triggers in the writing transaction: exact, and cheap to read.
  // Writers only append deltas (no row is updated, so concurrent orders never wait on a shared
  // counter row); a periodic compaction folds them into one row per key.
  `create table outbound_status_counts (
    merchant_id bigint not null,
    status int not null,
    deleted boolean not null,
    n bigint not null
  )`,
  `create index outbound_status_counts_key on outbound_status_counts (merchant_id, status, deleted)`,
  `create function outbound_counts_add(p_merchant bigint, p_status int, p_deleted boolean, p_n bigint) returns void
    language sql as $fn$
      insert into outbound_status_counts (merchant_id, status, deleted, n) values (p_merchant, p_status, p_deleted, p_n)
    $fn$`,
  `create function outbound_counts_insert() returns trigger language plpgsql as $fn$
    begin
      perform outbound_counts_add(merchant_id, status, deleted, n)
        from (select merchant_id, status, deleted_at is not null as deleted, count(*) as n from inserted group by 1, 2, 3) t;
      return null;
    end $fn$`,
  `create function outbound_counts_delete() returns trigger language plpgsql as $fn$
    begin
      perform outbound_counts_add(merchant_id, status, deleted, -n)
        from (select merchant_id, status, deleted_at is not null as deleted, count(*) as n from removed group by 1, 2, 3) t;
      return null;
    end $fn$`,
  `create function outbound_counts_update() returns trigger language plpgsql as $fn$
    begin
      perform outbound_counts_add(old.merchant_id, old.status, old.deleted_at is not null, -1);
      perform outbound_counts_add(new.merchant_id, new.status, new.deleted_at is not null, 1);
      return null;
    end $fn$`,
  `create trigger outbound_counts_on_insert after insert on outbound_orders referencing new table as inserted
    for each statement execute function outbound_counts_insert()`,
  `create trigger outbound_counts_on_delete after delete on outbound_orders referencing old table as removed
    for each statement execute function outbound_counts_delete()`,
  `create trigger outbound_counts_on_update after update of status, deleted_at, merchant_id on outbound_orders
    for each row when (old.status is distinct from new.status or (old.deleted_at is null) <> (new.deleted_at is null) or old.merchant_id <> new.merchant_id)
    execute function outbound_counts_update()`,
  // Goods already picked for an order that was then cancelled: they go back to a compartment.
  `create table outbound_putbacks (
    id bigserial primary key,
    order_id bigint not null references outbound_orders(id),
    item_id bigint not null references items(id),
    batch text not null default '',
    quantity int not null check (quantity > 0),
    status text not null default 'open',
    created_at timestamptz not null default now(),
    done_at timestamptz
  )`,
  `create index outbound_putbacks_open on outbound_putbacks (created_at) where status = 'open'`,
  `create sequence ticket_unid_seq`,
  `create table tickets (
    id bigserial primary key,
    unid text not null unique default ('TK' || to_char(now(), 'YYYY') || lpad(nextval('ticket_unid_seq')::text, 6, '0')),
    order_id bigint not null references outbound_orders(id),
    merchant_id bigint not null references merchants(id),
    subject text not null,
    status int not null default 1,
    created_by bigint,
    last_message_at timestamptz not null default now(),
    last_side text not null default 'merchant',
    message_count int not null default 0,${record}
  )`,
  `create index tickets_list on tickets (created_at, id)`,
  `create index tickets_merchant on tickets (merchant_id, created_at, id)`,
  `create index tickets_order on tickets (order_id)`,
  `create table ticket_messages (
    id bigserial primary key,
    ticket_id bigint not null references tickets(id) on delete cascade,
    user_id bigint,
    side text not null,
    message text not null,
    files jsonb not null default '[]',
    at timestamptz not null default now()
  )`,
  `create index ticket_messages_ticket on ticket_messages (ticket_id, id)`,
  // The order lists' read model: the order's own columns plus merchant and warehouse names.
  `create view outbound_orders_view as
    select o.id, o.unid, o.merchant_id, o.warehouse_id, o.status, o.status_before, o.priority, o.type_of_task, o.mode_of_transport,
      o.pickup_date, o.pickup_from, o.ref_order_id, o.unit_qty, o.weight, o.consignee, o.consignor, o.sender, o.consignee_name,
      o.consignee_country, o.danger_goods, o.delivery_services, o.auto_retour_label, o.force_ship_label, o.label_swap,
      o.related_files, o.remark, o.private_remark, o.important_note, o.rsd, o.rad, o.carrier, o.carrier_service, o.ship_bundle,
      o.ship_bundle_sent, o.parcels, o.ship_no, o.retour_no, o.batch_no, o.box_qty, o.plt_qty, o.dimensions, o.address_problems,
      o.exception_reason, o.exception_owner, o.exception_note, o.line_count, o.total_units, o.reserved_units, o.deleted_at,
      o.shipped_at, m.name as merchant_name, m.code as merchant_code, w.code as warehouse_code, o.created_at, o.updated_at, o.version
    from outbound_orders o
    join merchants m on m.id = o.merchant_id
    left join warehouses w on w.id = o.warehouse_id`,
  `create view outbound_orders_live as select * from outbound_orders_view where deleted_at is null`,
  `create view outbound_orders_deleted as select * from outbound_orders_view where deleted_at is not null`,
  `create view tickets_view as
    select t.id, t.unid, t.order_id, o.unid as order_unid, t.merchant_id, m.name as merchant_name, t.subject, t.status, t.created_by,
      t.last_message_at, t.last_side, t.message_count, t.created_at, t.updated_at, t.version
    from tickets t
    join outbound_orders o on o.id = t.order_id
    join merchants m on m.id = t.merchant_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
