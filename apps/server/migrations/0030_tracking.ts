import { sql, type Kysely } from 'kysely';

/**
 * Carrier tracking to delivery (issue 19 items 5, 6; docs/shipping.md "Tracking"): one row per carrier
 * event of a parcel, stored once. `event_key` is the carrier's event id where it has one, else the
 * event's time and code, so a poll that answers the same events again inserts nothing (`on conflict do
 * nothing` on the unique key). `kind` is Kontor's normalized kind; `exception` says which delivery
 * exception (address unknown, damaged, returned to sender, other) when `kind` is `exception`.
 *
 * On the order: `tracking_polled_at` orders the poll (oldest first, never polled first) and
 * `delivered_at` starts the count of days after which a delivered order without a return finishes.
 * `tracking_kind`, `tracking_text`, `tracking_at` hold the latest event for the in-transit list.
 */
const statements = [
  `create table tracking_events (
    id bigserial primary key,
    order_id bigint not null references outbound_orders(id),
    merchant_id bigint not null references merchants(id),
    carrier text not null,
    tracking_number text not null,
    event_key text not null,
    code text not null default '',
    kind text not null check (kind in ('info', 'in_transit', 'in_delivery', 'delivered', 'exception')),
    exception text not null default '' check (exception in ('', 'addressUnknown', 'damaged', 'returnedToSender', 'other')),
    text text not null default '',
    location text not null default '',
    at timestamptz not null,
    created_at timestamptz not null default now(),
    unique (carrier, tracking_number, event_key)
  )`,
  `create index tracking_events_order on tracking_events (order_id, at)`,
  `alter table outbound_orders add column tracking_polled_at timestamptz`,
  `alter table outbound_orders add column delivered_at timestamptz`,
  `create index outbound_orders_tracking_poll on outbound_orders (status, tracking_polled_at)`,
  // The latest event, kept on the order by the poll, so the in-transit list shows it without a join per row.
  `alter table outbound_orders add column tracking_kind text not null default ''`,
  `alter table outbound_orders add column tracking_text text not null default ''`,
  `alter table outbound_orders add column tracking_at timestamptz`,
  // The order lists' read model gains the latest tracking event (new columns go last; 0017's view otherwise).
  `create or replace view outbound_orders_view as
    select o.id, o.unid, o.merchant_id, o.warehouse_id, o.status, o.status_before, o.priority, o.type_of_task, o.mode_of_transport,
      o.pickup_date, o.pickup_from, o.ref_order_id, o.unit_qty, o.weight, o.consignee, o.consignor, o.sender, o.consignee_name,
      o.consignee_country, o.danger_goods, o.delivery_services, o.auto_retour_label, o.force_ship_label, o.label_swap,
      o.related_files, o.remark, o.private_remark, o.important_note, o.rsd, o.rad, o.carrier, o.carrier_service, o.ship_bundle,
      o.ship_bundle_sent, o.parcels, o.ship_no, o.retour_no, o.batch_no, o.box_qty, o.plt_qty, o.dimensions, o.address_problems,
      o.exception_reason, o.exception_owner, o.exception_note, o.line_count, o.total_units, o.reserved_units, o.deleted_at,
      o.shipped_at, m.name as merchant_name, m.code as merchant_code, w.code as warehouse_code, o.created_at, o.updated_at, o.version,
      q.error_kind as label_error_kind, q.error_text as label_error_text,
      o.tracking_kind, o.tracking_text, o.tracking_at
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
