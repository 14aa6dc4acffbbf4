import { sql, type Kysely } from 'kysely';

/**
 * Packing (issue 18 items 5, 7, 8): the pack log, one row per parcel packed at a station. The pair
 * (order, parcel index) is unique: it is the natural key that makes a repeated or concurrent pack of
 * the same order book nothing twice. Materials are the packing materials (items of type 2) consumed
 * into that parcel; weight and dimensions are what the station measured (null when not measured).
 * `pack_log_view` is the packlist's read model with the order number, merchant and user names.
 */
const statements = [
  `create table pack_log (
    id bigserial primary key,
    order_id bigint not null references outbound_orders(id),
    merchant_id bigint not null references merchants(id),
    parcel_index int not null check (parcel_index >= 0),
    station text not null default '',
    user_id bigint,
    units int not null default 0,
    weight_kg numeric(12, 3),
    dimensions jsonb,
    materials jsonb not null default '[]',
    created_at timestamptz not null default now(),
    unique (order_id, parcel_index)
  )`,
  `create index pack_log_list on pack_log (created_at, id)`,
  `create index pack_log_station on pack_log (station, created_at, id)`,
  `create index pack_log_user on pack_log (user_id, created_at, id)`,
  `create view pack_log_view as
    select p.id, p.order_id, p.merchant_id, p.parcel_index, p.station, p.user_id, p.units, p.weight_kg, p.dimensions,
      p.materials, p.created_at, o.unid as order_unid, o.status as order_status, o.carrier, o.ship_bundle,
      m.name as merchant_name, coalesce(u.name, '') as user_name
    from pack_log p
    join outbound_orders o on o.id = p.order_id
    join merchants m on m.id = p.merchant_id
    left join users u on u.id = p.user_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
