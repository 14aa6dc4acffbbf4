import { sql, type Kysely } from 'kysely';

/**
 * SKU QC and serial numbers at the shipping table (issue 18 item 6, docs/sku-qc-serials.md).
 *
 * - `sku_qc_required`: the SKUs an order must be checked against, in the order they are scanned
 *   (facts §3.2); `sku_qc_done` the SKUs scanned so far, one entry per piece.
 * - `sn_swap_buffer`: the original serials of a swap in progress at the SN scan (facts §3.5).
 * - `outbound_serials`: the serials captured on an order (scan) or made by a swap. A serial names one
 *   unit of one item across the whole warehouse, so (item_id, serial) is unique over all orders. A swap
 *   keeps the two original serials it replaced in `origin_serials`.
 */
const statements = [
  `alter table outbound_orders add column sku_qc_required jsonb not null default '[]'`,
  `alter table outbound_orders add column sku_qc_done jsonb not null default '[]'`,
  `alter table outbound_orders add column sn_swap_buffer jsonb not null default '[]'`,
  `create table outbound_serials (
    id bigserial primary key,
    order_id bigint not null references outbound_orders(id),
    merchant_id bigint not null,
    item_id bigint not null references items(id),
    sku text not null,
    serial text not null,
    source text not null default 'scan' check (source in ('scan', 'swap')),
    origin_serials jsonb not null default '[]',
    user_id bigint,
    created_at timestamptz not null default now()
  )`,
  `create unique index outbound_serials_item_serial on outbound_serials (item_id, serial)`,
  `create index outbound_serials_order on outbound_serials (order_id, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
