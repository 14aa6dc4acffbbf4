import { sql, type Kysely } from 'kysely';

/**
 * Items, stock and its ledger (issue 5 §2–§6). The stock table is the snapshot; inventory_log is the
 * append-only ledger every change writes in the same transaction. Database checks keep the invariants
 * even if a service had a bug: on-hand never negative, 0 ≤ reserved ≤ on-hand.
 */
const record = `
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1`;

const statements = [
  `create table items (
    id bigserial primary key,
    merchant_id bigint not null references merchants(id),
    sku text not null,
    name text not null,
    type int not null default 1,
    barcodes jsonb not null default '[]',
    aliases jsonb not null default '[]',
    components jsonb not null default '[]',
    weight numeric(12, 3),
    length numeric(10, 1),
    width numeric(10, 1),
    height numeric(10, 1),
    serial_required boolean not null default false,
    serial_pattern text,
    batch_tracked boolean not null default false,
    expiry_tracked boolean not null default false,
    hs_code text,
    origin_country text,
    customs_value int,
    customs_currency text,
    image text,
    remark text,${record},
    unique (merchant_id, sku)
  )`,
  `create index items_list on items (created_at, id)`,
  `create index items_merchant on items (merchant_id, created_at, id)`,
  `create index items_type on items (type, merchant_id)`,
  // Every code that finds an item (SKU, barcodes, aliases), unique per merchant: a scan is unambiguous.
  `create table item_codes (
    merchant_id bigint not null references merchants(id),
    code text not null,
    item_id bigint not null references items(id) on delete cascade,
    kind text not null,
    primary key (merchant_id, code)
  )`,
  `create index item_codes_code on item_codes (code)`,
  `create index item_codes_item on item_codes (item_id)`,
  `create table merged_units (
    id bigserial primary key,
    merchant_id bigint not null references merchants(id),
    code text not null unique,
    kind text not null default 'box',
    compartment_id bigint not null references compartments(id),
    remark text,${record}
  )`,
  `create index merged_units_compartment on merged_units (compartment_id)`,
  `create table stock (
    id bigserial primary key,
    merchant_id bigint not null references merchants(id),
    item_id bigint not null references items(id),
    warehouse_id bigint not null references warehouses(id),
    compartment_id bigint not null references compartments(id),
    unit_id bigint references merged_units(id),
    batch text not null default '',
    expiry date,
    status int not null default 10,
    quantity int not null default 0 check (quantity >= 0),
    reserved int not null default 0 check (reserved >= 0 and reserved <= quantity),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // One row per item, compartment, batch, status and merged unit.
  `create unique index stock_key on stock (item_id, compartment_id, batch, status, coalesce(unit_id, 0))`,
  `create index stock_list on stock (updated_at, id)`,
  `create index stock_merchant on stock (merchant_id, updated_at, id)`,
  `create index stock_compartment on stock (compartment_id)`,
  `create index stock_unit on stock (unit_id) where unit_id is not null`,
  `create table inventory_log (
    id bigserial primary key,
    at timestamptz not null default now(),
    merchant_id bigint not null,
    stock_id bigint not null references stock(id),
    item_id bigint not null,
    warehouse_id bigint not null,
    compartment_id bigint not null,
    batch text not null,
    status int not null,
    delta int not null,
    delta_reserved int not null default 0,
    quantity_after int not null,
    reserved_after int not null,
    reason text not null,
    reason_code text,
    ref_type text,
    ref_id text,
    user_id bigint,
    note text
  )`,
  `create index inventory_log_list on inventory_log (at, id)`,
  `create index inventory_log_merchant on inventory_log (merchant_id, at, id)`,
  `create index inventory_log_stock on inventory_log (stock_id)`,
  `create index inventory_log_item on inventory_log (item_id, at)`,
  // Reservations of order lines (issue 5 §6): which stock row holds how much for which reference.
  `create table reservations (
    id bigserial primary key,
    merchant_id bigint not null,
    stock_id bigint not null references stock(id),
    item_id bigint not null,
    ref_type text not null,
    ref_id text not null,
    quantity int not null check (quantity > 0),
    created_at timestamptz not null default now()
  )`,
  `create index reservations_ref on reservations (ref_type, ref_id)`,
  `create index reservations_stock on reservations (stock_id)`,
  // A serial number is in at most one place: one row per item and serial.
  `create table serials (
    id bigserial primary key,
    merchant_id bigint not null,
    item_id bigint not null references items(id),
    serial text not null,
    stock_id bigint references stock(id),
    state text not null default 'inStock',
    updated_at timestamptz not null default now(),
    unique (item_id, serial)
  )`,
  `create table stock_counts (
    id bigserial primary key,
    warehouse_id bigint not null references warehouses(id),
    status text not null default 'open',
    compartment_ids jsonb not null,
    note text,
    created_by bigint,
    posted_by bigint,
    posted_at timestamptz,${record}
  )`,
  `create index stock_counts_list on stock_counts (created_at, id)`,
  // One counted line: what the counter saw beside what the ledger held at that moment.
  `create table stock_count_lines (
    id bigserial primary key,
    count_id bigint not null references stock_counts(id) on delete cascade,
    compartment_id bigint not null,
    item_id bigint not null,
    merchant_id bigint not null,
    batch text not null default '',
    status int not null default 10,
    expected int not null,
    counted int not null check (counted >= 0),
    counted_by bigint,
    counted_at timestamptz not null default now(),
    unique (count_id, compartment_id, item_id, batch, status)
  )`,
  // Read models of the stock and ledger lists: the generic list layer pages these like a table.
  `create view stock_view as
    select s.id, s.merchant_id, s.item_id, s.warehouse_id, s.compartment_id, s.unit_id, s.batch, s.expiry, s.status,
      s.quantity, s.reserved, s.quantity - s.reserved as available, i.sku, i.name as item_name,
      c.code as compartment_code, w.code as warehouse_code, m.name as merchant_name,
      s.created_at, s.updated_at, 1 as version
    from stock s
    join items i on i.id = s.item_id
    join compartments c on c.id = s.compartment_id
    join warehouses w on w.id = s.warehouse_id
    join merchants m on m.id = s.merchant_id`,
  `create view inventory_log_view as
    select l.id, l.merchant_id, l.stock_id, l.item_id, l.warehouse_id, l.compartment_id, l.batch, l.status, l.delta,
      l.delta_reserved, l.quantity_after, l.reserved_after, l.reason, l.reason_code, l.ref_type, l.ref_id, l.user_id,
      l.note, i.sku, c.code as compartment_code, u.name as user_name, l.at as created_at, l.at as updated_at, 1 as version
    from inventory_log l
    join items i on i.id = l.item_id
    join compartments c on c.id = l.compartment_id
    left join users u on u.id = l.user_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
