import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/types.js';

/** What the QC and serial steps read of an order (sku-qc.service.ts). */
export interface QcOrder {
  unid: string;
  skuRequired: string[];
  skuDone: string[];
  swapBuffer: string[];
  shipBundleSent: string[];
  privateRemark: string;
  importantNote: string;
}

/** An item of the order with its units and whether each unit needs a serial. */
export interface SerialLine {
  itemId: number;
  sku: string;
  quantity: number;
  serialRequired: boolean;
  serialPattern: string | null;
}

export interface OrderSerial {
  itemId: number;
  sku: string;
  serial: string;
  source: 'scan' | 'swap';
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The SQL of SKU QC, serial capture and the SN swap (issue 18 item 6). */
export const skuQcRepo = {
  async order(db: Kysely<DB>, id: number): Promise<QcOrder> {
    const row = await db
      .selectFrom('outbound_orders')
      .select(['unid', 'sku_qc_required', 'sku_qc_done', 'sn_swap_buffer', 'ship_bundle_sent', 'private_remark', 'important_note'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      unid: row.unid,
      skuRequired: strings(row.sku_qc_required),
      skuDone: strings(row.sku_qc_done),
      swapBuffer: strings(row.sn_swap_buffer),
      shipBundleSent: strings(row.ship_bundle_sent),
      privateRemark: row.private_remark,
      importantNote: row.important_note,
    };
  },

  /** The order's items in line order, units summed per item (an item on two lines needs both lines' serials). */
  async serialLines(db: Kysely<DB>, orderId: number): Promise<SerialLine[]> {
    const rows = await sql<SerialLine>`select l.item_id as "itemId", i.sku, sum(l.quantity)::int as quantity,
        i.serial_required as "serialRequired", i.serial_pattern as "serialPattern"
      from outbound_lines l join items i on i.id = l.item_id where l.order_id = ${orderId}
      group by l.item_id, i.sku, i.serial_required, i.serial_pattern order by min(l.position), min(l.id)`.execute(db);
    return rows.rows.map((r) => ({ ...r, itemId: Number(r.itemId), quantity: Number(r.quantity) }));
  },

  /** Every serial of the order, in the order they were captured. */
  async serials(db: Kysely<DB>, orderId: number): Promise<OrderSerial[]> {
    const rows = await db
      .selectFrom('outbound_serials')
      .select(['item_id as itemId', 'sku', 'serial', 'source'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, itemId: Number(r.itemId), source: r.source === 'swap' ? 'swap' : 'scan' }));
  },

  async serialTaken(db: Kysely<DB>, itemId: number, serial: string): Promise<boolean> {
    return (await db.selectFrom('outbound_serials').select('id').where('item_id', '=', itemId).where('serial', '=', serial).executeTakeFirst()) !== undefined;
  },

  /**
   * Records a serial; false when the item already has it (another order or station won the race: the
   * unique index decides, so two stations never capture one serial twice).
   */
  async addSerial(
    trx: Kysely<DB>,
    row: {
      orderId: number;
      merchantId: number;
      itemId: number;
      sku: string;
      serial: string;
      source: 'scan' | 'swap';
      originSerials?: string[];
      userId: number;
    },
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('outbound_serials')
      .values({
        order_id: row.orderId,
        merchant_id: row.merchantId,
        item_id: row.itemId,
        sku: row.sku,
        serial: row.serial,
        source: row.source,
        origin_serials: JSON.stringify(row.originSerials ?? []),
        user_id: row.userId,
      })
      .onConflict((oc) => oc.columns(['item_id', 'serial']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Appends one checked piece to the order's SKU QC. */
  async addSkuDone(trx: Kysely<DB>, orderId: number, sku: string): Promise<void> {
    await sql`update outbound_orders set sku_qc_done = sku_qc_done || ${JSON.stringify([sku])}::jsonb, updated_at = now(), version = version + 1
      where id = ${orderId}`.execute(trx);
  },

  async setSwapBuffer(trx: Kysely<DB>, orderId: number, serials: string[]): Promise<void> {
    await trx
      .updateTable('outbound_orders')
      .set({ sn_swap_buffer: JSON.stringify(serials), updated_at: sql`now()` })
      .where('id', '=', orderId)
      .execute();
  },

  /** The SKUs an order must pass QC with, in scan order (seed, tests and the order's QC setting). */
  async setSkuQcRequired(trx: Kysely<DB>, orderId: number, skus: string[]): Promise<void> {
    await trx
      .updateTable('outbound_orders')
      .set({ sku_qc_required: JSON.stringify(skus), sku_qc_done: '[]', updated_at: sql`now()` })
      .where('id', '=', orderId)
      .execute();
  },

  /**
   * The QC lists, item lines and serials of many orders at once (the original's order JSON, facts §2.3),
   * in one statement: the shipping scan answers with it on every scan, so it costs one round trip and
   * one pooled connection, not three.
   */
  async ofOrders(db: Kysely<DB>, orderIds: number[]): Promise<OrdersQc> {
    if (orderIds.length === 0) return { lists: [], lines: [], serials: [] };
    const { rows } = await sql<{ qc: OrdersQcJson }>`select ${qcOfOrdersJson(sql`any(${orderIds}::bigint[])`)} as qc`.execute(db);
    return qcFromJson(rows[0]!.qc);
  },
};

/** What `qcOfOrdersJson` reads, as the database sends it. */
export interface OrdersQcJson {
  lists: Array<{ orderId: number; skuRequired: unknown; skuDone: unknown }>;
  lines: Array<SerialLine & { orderId: number }>;
  serials: Array<OrderSerial & { orderId: number }>;
}

export type OrdersQc = ReturnType<typeof qcFromJson>;

/**
 * The QC lists, item lines and serials of the orders whose id is `= ids` (a `any(…)` or a column) as
 * one JSON value, so a statement that reads an order can carry them (the shipping scan's answer).
 */
export const qcOfOrdersJson = (ids: RawBuilder<unknown>) => sql<OrdersQcJson>`json_build_object(
    'lists', coalesce((select json_agg(json_build_object('orderId', o.id, 'skuRequired', o.sku_qc_required, 'skuDone', o.sku_qc_done) order by o.id)
      from outbound_orders o where o.id = ${ids}), '[]'),
    'lines', coalesce((select json_agg(json_build_object('orderId', g.order_id, 'itemId', g.item_id, 'sku', g.sku, 'quantity', g.quantity,
        'serialRequired', g.serial_required, 'serialPattern', g.serial_pattern) order by g.order_id, g.position, g.first_id)
      from (select l.order_id, l.item_id, i.sku, sum(l.quantity)::int as quantity, i.serial_required, i.serial_pattern,
          min(l.position) as position, min(l.id) as first_id
        from outbound_lines l join items i on i.id = l.item_id where l.order_id = ${ids}
        group by l.order_id, l.item_id, i.sku, i.serial_required, i.serial_pattern) g), '[]'),
    'serials', coalesce((select json_agg(json_build_object('orderId', s.order_id, 'itemId', s.item_id, 'sku', s.sku, 'serial', s.serial, 'source', s.source)
        order by s.id)
      from outbound_serials s where s.order_id = ${ids}), '[]'))`;

/** `qcOfOrdersJson` as the services use it: numbers as numbers, lists as strings. */
export function qcFromJson(json: OrdersQcJson) {
  return {
    lists: json.lists.map((r) => ({ orderId: Number(r.orderId), skuRequired: strings(r.skuRequired), skuDone: strings(r.skuDone) })),
    lines: json.lines.map((r) => ({ ...r, orderId: Number(r.orderId), itemId: Number(r.itemId), quantity: Number(r.quantity) })),
    serials: json.serials.map((r) => ({
      ...r,
      orderId: Number(r.orderId),
      itemId: Number(r.itemId),
      source: r.source === 'swap' ? ('swap' as const) : ('scan' as const),
    })),
  };
}
