import { sql, type Kysely } from 'kysely';

/**
 * Inbound (issue 6): containers, inbound orders and their lines, every receiving scan, the billing
 * activity of handling, and the answers of idempotent requests. Scans are the source of the counts;
 * completing a receiving books the not yet booked scans into stock and marks them booked.
 */
const record = `
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1`;

const statements = [
  `create sequence inbound_unid_seq`,
  `create sequence container_unid_seq`,
  // Numbers are MIC… for containers and MI… for inbound orders (facts §1.4: MI… but not MIC… is inbound).
  `create table containers (
    id bigserial primary key,
    unid text not null unique default ('MIC' || to_char(now(), 'YYYYMMDD') || lpad(nextval('container_unid_seq')::text, 4, '0')),
    number text not null,
    warehouse_id bigint not null references warehouses(id),
    size text not null default '40ft',
    carrier text not null default '',
    eta date,
    arrived_at timestamptz,
    unloaded_at timestamptz,
    status int not null default 1,
    remark text not null default '',${record}
  )`,
  `create index containers_list on containers (created_at, id)`,
  // A container number returns with the next voyage: unique only among containers not unloaded or canceled.
  `create unique index containers_open_number on containers (number) where status not in (100, 120)`,
  `create table inbound_orders (
    id bigserial primary key,
    unid text not null unique default ('MI' || to_char(now(), 'YYYYMMDD') || lpad(nextval('inbound_unid_seq')::text, 6, '0')),
    merchant_id bigint not null references merchants(id),
    warehouse_id bigint not null references warehouses(id),
    container_id bigint references containers(id),
    -- Where completed receivings of this order wait for putaway (chosen at the first completion).
    staging_compartment_id bigint references compartments(id),
    status int not null default 1,
    reference text not null default '',
    expected_date date,
    carrier text not null default '',
    tracking_numbers jsonb not null default '[]',
    tracking_logged jsonb not null default '[]',
    box_qty int not null default 0 check (box_qty >= 0),
    pallet_qty int not null default 0 check (pallet_qty >= 0),
    remark text not null default '',
    files jsonb not null default '[]',
    planned_units int not null default 0,
    received_units int not null default 0,
    damaged_units int not null default 0,
    put_away_units int not null default 0,
    receiving_started_at timestamptz,
    received_at timestamptz,
    inbounded_at timestamptz,${record}
  )`,
  `create index inbound_orders_list on inbound_orders (created_at, id)`,
  `create index inbound_orders_merchant on inbound_orders (merchant_id, created_at, id)`,
  `create index inbound_orders_status on inbound_orders (status, created_at)`,
  // The receiving export reads orders by the time their receiving ended (or began).
  `create index inbound_orders_received on inbound_orders ((coalesce(received_at, receiving_started_at)))`,
  `create index inbound_orders_container on inbound_orders (container_id) where container_id is not null`,
  `create index inbound_orders_tracking on inbound_orders using gin (tracking_numbers)`,
  `create table inbound_lines (
    id bigserial primary key,
    order_id bigint not null references inbound_orders(id) on delete cascade,
    item_id bigint not null references items(id),
    batch text not null default '',
    planned int not null default 0 check (planned >= 0),
    received int not null default 0 check (received >= 0),
    damaged int not null default 0 check (damaged >= 0),
    put_away int not null default 0 check (put_away >= 0 and put_away <= received),
    put_away_damaged int not null default 0 check (put_away_damaged >= 0 and put_away_damaged <= damaged),
    -- Scanned but not yet booked, kept with every scan so a scan never sums the order's scans.
    pending_valid int not null default 0 check (pending_valid >= 0),
    pending_damaged int not null default 0 check (pending_damaged >= 0),
    -- The receiver accepted this line beyond its plan (or without one): later scans need no confirmation.
    over_accepted boolean not null default false,
    unique (order_id, item_id, batch)
  )`,
  `create index inbound_lines_item on inbound_lines (item_id)`,
  // Every scan of the receiving screen; booked_at is set when its receiving is completed.
  `create table receiving_scans (
    id bigserial primary key,
    order_id bigint not null references inbound_orders(id),
    item_id bigint not null references items(id),
    batch text not null default '',
    condition text not null default 'valid',
    quantity int not null check (quantity > 0),
    unit text not null default '',
    unit_kind text not null default 'box',
    serials jsonb not null default '[]',
    user_id bigint,
    at timestamptz not null default now(),
    booked_at timestamptz
  )`,
  `create index receiving_scans_order on receiving_scans (order_id, id)`,
  `create index receiving_scans_open on receiving_scans (order_id) where booked_at is null`,
  `create index receiving_scans_serials on receiving_scans (item_id) where booked_at is null and serials <> '[]'::jsonb`,
  // What the warehouse handled, per merchant and day, for the invoicing issue to price.
  `create table billing_activity (
    id bigserial primary key,
    merchant_id bigint not null references merchants(id),
    day date not null,
    kind text not null,
    quantity int not null,
    ref_type text not null,
    ref_id text not null,
    at timestamptz not null default now()
  )`,
  `create index billing_activity_day on billing_activity (merchant_id, day)`,
  // The first answer of a request sent with an Idempotency-Key, per user and key.
  `create table idempotency_keys (
    user_id bigint not null,
    key text not null,
    scope text not null,
    response jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`,
  `create index idempotency_keys_age on idempotency_keys (user_id, created_at)`,
  `create view inbound_orders_view as
    select o.id, o.unid, o.merchant_id, o.warehouse_id, o.container_id, o.status, o.reference, o.expected_date, o.carrier,
      o.tracking_numbers, o.tracking_logged, o.box_qty, o.pallet_qty, o.remark, o.files, o.planned_units, o.received_units,
      o.damaged_units, o.put_away_units, o.received_units + o.damaged_units - o.planned_units as difference,
      o.receiving_started_at, o.received_at, o.inbounded_at, m.name as merchant_name, w.code as warehouse_code,
      c.number as container_number, o.created_at, o.updated_at, o.version
    from inbound_orders o
    join merchants m on m.id = o.merchant_id
    join warehouses w on w.id = o.warehouse_id
    left join containers c on c.id = o.container_id`,
  `create view containers_view as
    select c.id, c.unid, c.number, c.warehouse_id, c.size, c.carrier, c.eta, c.arrived_at, c.unloaded_at, c.status, c.remark,
      w.code as warehouse_code, (select count(*)::int from inbound_orders o where o.container_id = c.id) as order_count,
      c.created_at, c.updated_at, c.version
    from containers c
    join warehouses w on w.id = c.warehouse_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
