import { OUTBOUND_ORDER } from '@kontor/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { tenantSql, type TenantScope } from '../../db/tenant-scope.js';

/** An order's lines as packing weighs and books them. */
export interface PackLine {
  id: number;
  itemId: number;
  sku: string;
  quantity: number;
  reserved: number;
  picked: number;
  /** kg per unit; null when the item has no weight. */
  weight: number | null;
}

/** What packing reads of the order besides its status row. */
export interface PackOrderInfo {
  carrier: string;
  /** The merchant's own reference of the order. */
  refOrderId: string;
  lineCount: number;
  totalUnits: number;
}

/** States a single-item order can be packed from at the single-item station (no picklist). */
const SINGLE_READY = [OUTBOUND_ORDER.codeOf('readyToPick'), OUTBOUND_ORDER.codeOf('readyToPack')];

/** The outbound tables as the packing flow reads and writes them (issue 18, docs/packing.md). */
export const packingOrdersRepo = {
  async lines(db: Kysely<DB>, orderId: number): Promise<PackLine[]> {
    const rows = await sql<PackLine>`select l.id, l.item_id as "itemId", i.sku, l.quantity, l.reserved, l.picked, i.weight
      from outbound_lines l join items i on i.id = l.item_id where l.order_id = ${orderId} order by l.position, l.id`.execute(db);
    return rows.rows.map((r) => ({ ...r, id: Number(r.id), itemId: Number(r.itemId), weight: r.weight === null ? null : Number(r.weight) }));
  },

  async info(db: Kysely<DB>, orderId: number): Promise<PackOrderInfo> {
    const row = await db
      .selectFrom('outbound_orders')
      .select(['carrier', 'ref_order_id', 'line_count', 'total_units'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { carrier: row.carrier, refOrderId: row.ref_order_id, lineCount: row.line_count, totalUnits: row.total_units };
  },

  /** The picked units left their compartments: the lines hold nothing reserved any more, all picked. */
  async markIssued(trx: Kysely<DB>, orderId: number): Promise<void> {
    await sql`update outbound_lines set picked = quantity, reserved = 0 where order_id = ${orderId}`.execute(trx);
    await sql`update outbound_orders set reserved_units = 0 where id = ${orderId}`.execute(trx);
  },

  /** The packed parcels on the order, for its labels: count, total measured weight, the one parcel's dimensions. */
  async setPacked(
    trx: Kysely<DB>,
    orderId: number,
    packed: { boxQty: number; weightKg: number | null; dimensions: { length: number; width: number; height: number } | null },
  ): Promise<void> {
    await trx
      .updateTable('outbound_orders')
      .set({
        box_qty: packed.boxQty,
        ...(packed.weightKg !== null ? { weight: String(packed.weightKg) } : {}),
        ...(packed.dimensions ? { dimensions: JSON.stringify(packed.dimensions) } : {}),
      })
      .where('id', '=', orderId)
      .execute();
  },

  /**
   * The oldest (most urgent first) ready single-item order of one unit of these items, locked; an order
   * another station is packing right now is skipped, so two stations scanning the same item pack two
   * orders, not one twice.
   */
  async oldestSingle(trx: Kysely<DB>, itemIds: number[], scope: TenantScope): Promise<number | null> {
    if (itemIds.length === 0) return null;
    const rows = await sql<{ id: number }>`select o.id from outbound_orders o
      where o.status = any(${SINGLE_READY}::int[]) and o.deleted_at is null and o.total_units = 1 and o.line_count = 1
        and ${tenantSql(scope, 'o.merchant_id')}
        and exists (select 1 from outbound_lines l where l.order_id = o.id and l.item_id = any(${itemIds}::bigint[]) and l.reserved = 1)
      order by o.priority desc, o.created_at, o.id
      limit 1 for update of o skip locked`.execute(trx);
    return rows.rows[0] ? Number(rows.rows[0].id) : null;
  },

  /**
   * The lines of the orders ready for the pre-packing station (issue 18 item 5): ready to pick or ready
   * to pack, fully reserved, not deleted; most urgent first, then oldest. At most `limit` orders.
   */
  async prepackCandidates(db: Kysely<DB>, scope: TenantScope, limit: number): Promise<PrepackCandidateLine[]> {
    const rows = await sql<PrepackCandidateLine>`with ready as (
        select o.id, o.unid, o.merchant_id, o.consignee_country, o.priority, o.created_at from outbound_orders o
        where o.status = any(${SINGLE_READY}::int[]) and o.deleted_at is null and o.line_count > 0 and ${tenantSql(scope, 'o.merchant_id')}
          and not exists (select 1 from outbound_lines x where x.order_id = o.id and x.reserved < x.quantity)
        order by o.priority desc, o.created_at, o.id limit ${limit})
      select r.id as "orderId", r.unid, r.merchant_id as "merchantId", m.name as "merchantName", coalesce(r.consignee_country, '') as country,
        i.sku, l.quantity from ready r join merchants m on m.id = r.merchant_id
        join outbound_lines l on l.order_id = r.id join items i on i.id = l.item_id
      order by r.priority desc, r.created_at, r.id, l.position, l.id`.execute(db);
    return rows.rows.map((r) => ({ ...r, orderId: Number(r.orderId), merchantId: Number(r.merchantId), quantity: Number(r.quantity) }));
  },

  /** An order's id by its number (any case) or id, within the scope; null when none. */
  async idByCode(db: Kysely<DB>, code: string, scope: TenantScope): Promise<number | null> {
    const asId = /^\d{1,15}$/.test(code) ? Number(code) : -1;
    const rows = await sql<{ id: number }>`select o.id from outbound_orders o
      where (upper(o.unid) = upper(${code}) or o.id = ${asId}) and o.deleted_at is null and ${tenantSql(scope, 'o.merchant_id')} limit 1`.execute(db);
    return rows.rows[0] ? Number(rows.rows[0].id) : null;
  },
};

/** One line of an order ready for pre-packing. */
export interface PrepackCandidateLine {
  orderId: number;
  unid: string;
  merchantId: number;
  merchantName: string;
  country: string;
  sku: string;
  quantity: number;
}
