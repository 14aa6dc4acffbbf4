import { sql, type Kysely } from 'kysely';

/**
 * Tracking of the carrier gate's parcels to delivery (issue 19 item 5, docs/carrier-gate.md "Tracking"):
 * gate users pay for the label and expect to see where the parcel is. `gate_tracking_events` holds one
 * row per carrier event of a gate parcel, stored once like an order's (`tracking_events`, 0030): unique
 * per (carrier, tracking number, event key). It is a table of its own because a gate parcel has no order
 * and no merchant: `tracking_events` is merchant-scoped, this one belongs to a gate user.
 *
 * On the parcel (`gate_labels`): `delivery_state` is the carrier's latest word on where it is (null until
 * the carrier says more than "label created"), `tracking_at` the time of its latest event,
 * `tracking_polled_at` orders the poll (never polled first), `delivered_at` the delivered event's time.
 * The partial index holds only what the poll asks about: bought parcels not delivered yet.
 */
const statements = [
  `create table gate_tracking_events (
    id bigserial primary key,
    gate_label_id bigint not null references gate_labels(id),
    gate_user_id bigint not null references gate_users(id),
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
  `create index gate_tracking_events_label on gate_tracking_events (gate_label_id, at)`,
  `alter table gate_labels add column delivery_state text check (delivery_state in ('in_transit', 'in_delivery', 'delivered', 'exception'))`,
  `alter table gate_labels add column tracking_at timestamptz`,
  `alter table gate_labels add column tracking_polled_at timestamptz`,
  `alter table gate_labels add column delivered_at timestamptz`,
  `create index gate_labels_tracking_number on gate_labels (tracking_number) where state = 'bought'`,
  `create index gate_labels_tracking_poll on gate_labels (tracking_polled_at nulls first, id)
    where state = 'bought' and delivered_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
