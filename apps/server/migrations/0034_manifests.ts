import { sql, type Kysely } from 'kysely';

/**
 * End-of-day manifests (issue 19 item 4, docs/manifests.md).
 *
 * - `handed_over_parcels`: the read model of every parcel handed over to a carrier: a tracking number
 *   on a closed pallet that matched an order, with the warehouse's day of the handover (its time zone,
 *   Europe/Berlin by default), the label's carrier account when Kontor bought the label, and a weight
 *   (the label's, else the order's weight shared by its parcels). `account_key` is what a manifest is
 *   made for: `account:<id>` for a label bought under a carrier account, else `carrier:<name>` (the
 *   order's carrier), so parcels labelled outside Kontor are listed too (documents only).
 * - `carrier_manifests`: one manifest of an account and day; `seq` counts the manifests of that day
 *   (new parcels after a manifest go into the next one). `carrier_state` is what the carrier's
 *   close-out call did: `none` (the carrier has none, or no account), `pending`, `done`, `failed`.
 * - `manifest_parcels`: which parcel is in which manifest; a parcel is in at most one (unique).
 * - `manifest_late`: parcels the cut-off job found handed over but not manifested by the cut-off.
 */
const statements = [
  `create table carrier_manifests (
    id bigserial primary key,
    account_key text not null,
    account_id bigint references carrier_accounts(id),
    carrier text not null default '',
    day date not null,
    seq int not null,
    parcel_count int not null default 0,
    carrier_state text not null default 'none' check (carrier_state in ('none', 'pending', 'done', 'failed')),
    carrier_ref text not null default '',
    carrier_error_kind text not null default '',
    carrier_message text not null default '',
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index carrier_manifests_seq on carrier_manifests (account_key, day, seq)`,
  `create index carrier_manifests_day on carrier_manifests (day, id)`,
  `create table manifest_parcels (
    tracking_id bigint primary key references pallet_tracking(id),
    manifest_id bigint not null references carrier_manifests(id) on delete cascade
  )`,
  `create index manifest_parcels_manifest on manifest_parcels (manifest_id, tracking_id)`,
  `create table manifest_late (
    tracking_id bigint primary key references pallet_tracking(id),
    day date not null,
    flagged_at timestamptz not null default now()
  )`,
  `create index manifest_late_day on manifest_late (day)`,
  `create view handed_over_parcels as
    select t.id, t.tracking_no, t.pallet_id, p.pallet_code, p.closed_at as handed_over_at,
      (p.closed_at at time zone coalesce((select w.time_zone from warehouses w order by w.id limit 1), 'Europe/Berlin'))::date as day,
      t.outbound_id, o.unid as outbound_unid, o.merchant_id, m.name as merchant_name,
      l.account_id, a.name as account_name,
      coalesce(l.carrier, nullif(o.carrier, ''), nullif(t.carrier, ''), p.pickup_carrier) as carrier,
      coalesce(l.carrier_ref, '') as carrier_ref,
      coalesce(l.weight_kg, round(o.weight / greatest(cardinality(array_remove(string_to_array(o.ship_bundle, E'\\n'), '')), 1), 3)) as weight_kg,
      case when l.account_id is not null then 'account:' || l.account_id::text
        else 'carrier:' || lower(coalesce(nullif(o.carrier, ''), nullif(t.carrier, ''), p.pickup_carrier)) end as account_key
    from pallet_tracking t
    join pallets p on p.id = t.pallet_id and p.state = 'closed'
    join outbound_orders o on o.id = t.outbound_id
    join merchants m on m.id = o.merchant_id
    left join lateral (
      select pl.account_id, pl.carrier, pl.carrier_ref, pl.weight_kg from parcel_labels pl
      where pl.tracking_number = t.tracking_no and pl.state = 'bought' and not pl.is_return
      order by pl.id desc limit 1
    ) l on true
    left join carrier_accounts a on a.id = l.account_id
    where p.closed_at is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
