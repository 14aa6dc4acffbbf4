import { sql, type Kysely } from 'kysely';

/**
 * Carrier accounts, their rules and the labels bought under them (issue 17 items 1, 3, 4; docs/carriers.md).
 * - `carrier_accounts`: one contract with a carrier (endpoint, credentials sealed with AES-256-GCM, plain
 *   options such as billing numbers). Only the carriers module reads `credentials`; answers name the set fields.
 * - `carrier_rules`: which account, product and services an order resolves to, by merchant (null: every
 *   merchant), destination country (null: every country) and the order's carrier / carrier service text.
 * - `parcel_labels`: one row per parcel label with its idempotency key; the state machine
 *   pending → bought | failed | uncertain, bought → voided. A partial unique index keeps one live label per
 *   parcel and direction, so two stations printing the same order never buy twice.
 * - `label_queue`: orders waiting in transport label awaits with the last reason and the next retry.
 * The order lists' read model gains the queue's reason (`label_error_kind`, `label_error_text`).
 */
const statements = [
  `create table carrier_accounts (
    id bigserial primary key,
    name text not null unique,
    carrier text not null,
    endpoint text not null default '',
    credentials text not null default '',
    credential_fields jsonb not null default '[]',
    options jsonb not null default '{}',
    shipper jsonb,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  `create table carrier_rules (
    id bigserial primary key,
    merchant_id bigint references merchants(id),
    country text,
    order_carrier text not null default '',
    order_service text not null default '',
    account_id bigint not null references carrier_accounts(id),
    product text not null,
    services jsonb not null default '[]',
    priority int not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  `create index carrier_rules_lookup on carrier_rules (order_carrier, merchant_id, country)`,
  `create table parcel_labels (
    id bigserial primary key,
    order_id bigint not null references outbound_orders(id),
    merchant_id bigint not null references merchants(id),
    parcel_index int not null,
    is_return boolean not null default false,
    idempotency_key text not null unique,
    account_id bigint not null references carrier_accounts(id),
    carrier text not null,
    product text not null,
    state text not null default 'pending' check (state in ('pending', 'bought', 'failed', 'uncertain', 'voided')),
    tracking_number text not null default '',
    carrier_ref text not null default '',
    label_file_id text,
    format text not null default 'pdf',
    weight_kg numeric(12, 3) not null default 0,
    cost_minor int,
    currency text,
    error_kind text,
    error_text text not null default '',
    attempts int not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    bought_at timestamptz,
    voided_at timestamptz
  )`,
  `create unique index parcel_labels_live on parcel_labels (order_id, parcel_index, is_return) where state <> 'voided'`,
  `create index parcel_labels_order on parcel_labels (order_id, id)`,
  `create index parcel_labels_tracking on parcel_labels (tracking_number) where tracking_number <> ''`,
  `create table label_queue (
    order_id bigint primary key references outbound_orders(id),
    merchant_id bigint not null references merchants(id),
    error_kind text not null,
    error_text text not null default '',
    attempts int not null default 0,
    next_attempt_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index label_queue_due on label_queue (next_attempt_at) where next_attempt_at is not null`,
  // The order lists' read model gains the label queue's reason (new columns go last).
  `create or replace view outbound_orders_view as
    select o.id, o.unid, o.merchant_id, o.warehouse_id, o.status, o.status_before, o.priority, o.type_of_task, o.mode_of_transport,
      o.pickup_date, o.pickup_from, o.ref_order_id, o.unit_qty, o.weight, o.consignee, o.consignor, o.sender, o.consignee_name,
      o.consignee_country, o.danger_goods, o.delivery_services, o.auto_retour_label, o.force_ship_label, o.label_swap,
      o.related_files, o.remark, o.private_remark, o.important_note, o.rsd, o.rad, o.carrier, o.carrier_service, o.ship_bundle,
      o.ship_bundle_sent, o.parcels, o.ship_no, o.retour_no, o.batch_no, o.box_qty, o.plt_qty, o.dimensions, o.address_problems,
      o.exception_reason, o.exception_owner, o.exception_note, o.line_count, o.total_units, o.reserved_units, o.deleted_at,
      o.shipped_at, m.name as merchant_name, m.code as merchant_code, w.code as warehouse_code, o.created_at, o.updated_at, o.version,
      q.error_kind as label_error_kind, q.error_text as label_error_text
    from outbound_orders o
    join merchants m on m.id = o.merchant_id
    left join warehouses w on w.id = o.warehouse_id
    left join label_queue q on q.order_id = o.id`,
  `create or replace view outbound_orders_live as select * from outbound_orders_view where deleted_at is null`,
  `create or replace view outbound_orders_deleted as select * from outbound_orders_view where deleted_at is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
