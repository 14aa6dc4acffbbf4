import { sql, type Kysely } from 'kysely';

/**
 * The batch table and pre-packing stations (issue 18 item 5, docs/packing.md).
 *
 * `pack_batch_units`: the units scanned at the batch table (`/wEP/packScanBatch`) per picklist, order
 * and item, before the order is complete and packed. It is the station's progress on the server, so a
 * reload (or another table) carries on where the scans stopped. Rows stay after packing (the history of
 * which unit went where); the picklist's row lock serialises the scans of one picklist.
 *
 * `prepacked_parcels`: parcels packed ahead for identical orders (`/wEP/PackScanPre`), by the merchant
 * and the composite key of their contents (spec §3). A parcel waits with `order_id` null until an order
 * of its key comes; then it becomes that order's parcel (one per order: unique) and the order is packed
 * through the pack flow, which consumes the parcel's materials through the ledger.
 */
const statements = [
  `create table pack_batch_units (
    picklist_id bigint not null references picklists(id),
    order_id bigint not null references outbound_orders(id),
    item_id bigint not null references items(id),
    scanned int not null check (scanned > 0),
    updated_at timestamptz not null default now(),
    primary key (picklist_id, order_id, item_id)
  )`,
  `create table prepacked_parcels (
    id bigserial primary key,
    merchant_id bigint not null references merchants(id),
    pack_key text not null,
    station text not null default '',
    user_id bigint,
    materials jsonb not null default '[]',
    order_id bigint unique references outbound_orders(id),
    assigned_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index prepacked_parcels_open on prepacked_parcels (merchant_id, pack_key, id) where order_id is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
