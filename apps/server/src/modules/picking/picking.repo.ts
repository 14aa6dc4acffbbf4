import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, tenantSql } from '../../db/tenant-scope.js';
import { numbers } from './picklist-create.repo.js';

export interface PicklistRecord {
  id: number;
  unid: string;
  type: number;
  status: number;
  priority: number;
  carrier: string;
  merchantId: number | null;
  merchantCode: string;
  merchantName: string;
  itemQty: number;
  itemQtyPicked: number;
  ordersFin: number[];
  printBatch: unknown[];
  started: boolean;
  printedAt: Date | null;
  createdAt: Date;
  createdByName: string;
  orderCount: number;
}

export interface PicklistLineRecord {
  id: number;
  position: number;
  itemId: number;
  sku: string;
  itemName: string;
  batch: string;
  compartment: string;
  zone: string;
  qty: number;
  qtyPrinted: number;
}

export interface PicklistOrderRecord {
  id: number;
  unid: string;
  position: number;
  active: boolean;
  merchantId: number;
  merchantName: string;
  status: number;
  units: number;
  carrier: string;
  shipBundle: string;
  shipNo: string;
  recCountry: string;
  itemPacks: unknown;
  refOrderId: string;
}

export interface Snapshot {
  itemQtyPicked: number;
  qtyPrinted: Record<string, number>;
  /** Label slices the session claimed at the Pick Scan Batch station (`PickingService.claimLabels`). */
  claimed?: string[];
}

const PICKLIST_SELECT = sql`p.id, p.unid, p.type, p.status, p.priority, p.carrier, p.merchant_id as "merchantId",
  coalesce(m.code, '') as "merchantCode", coalesce(m.name, '') as "merchantName", p.item_qty as "itemQty",
  p.item_qty_picked as "itemQtyPicked", p.orders_fin as "ordersFin", p.print_batch as "printBatch", p.started,
  p.printed_at as "printedAt", p.created_at as "createdAt", coalesce(u.name, '') as "createdByName",
  (select count(*) from picklist_orders po where po.picklist_id = p.id and po.active)::int as "orderCount"`;
const toPicklist = (row: PicklistRecord): PicklistRecord =>
  numbers(row, ['id', 'type', 'status', 'priority', 'merchantId', 'itemQty', 'itemQtyPicked', 'orderCount']);

/** The SQL of picklists (issue 18): the records, progress, claims and presets (a new one's: picklist-create.repo.ts). */
export const pickingRepo = {
  async picklist(db: Kysely<DB>, id: number, options: { lock?: boolean } = {}): Promise<PicklistRecord | null> {
    if (options.lock) await sql`select id from picklists where id = ${id} for update`.execute(db);
    const row = await sql<PicklistRecord>`select ${PICKLIST_SELECT} from picklists p left join merchants m on m.id = p.merchant_id
      left join users u on u.id = p.created_by where p.id = ${id}`.execute(db);
    return row.rows[0] ? toPicklist(row.rows[0]) : null;
  },

  /**
   * A picklist by its number, by its id given as text, or else the live picklist holding the order of
   * that number (a station scanning an order's slip; facts §2.5 `any`: "picklist no. or code").
   */
  async findByCode(db: Kysely<DB>, code: string): Promise<{ id: number; type: number; unid: string } | null> {
    const asId = /^\d{1,15}$/.test(code) ? Number(code) : 0;
    const upper = code.toUpperCase();
    const row = await sql<{ id: number; type: number; unid: string }>`select id, type, unid from (
        select id, type, unid, 0 as rank from picklists where unid = ${upper}
        union all select id, type, unid, 1 from picklists where id = ${asId}
        union all select p.id, p.type, p.unid, 2 from picklists p join picklist_orders po on po.picklist_id = p.id and po.active
          join outbound_orders o on o.id = po.order_id where o.unid = ${upper}) x
      order by rank limit 1`.execute(db);
    return row.rows[0] ? numbers(row.rows[0], ['id', 'type']) : null;
  },

  /** A page of picklists, newest first, `offset` rows in, with the total (capped at 10,001). */
  async page(db: Kysely<DB>, filter: { statuses: number[]; type: number | null; q: string; limit: number; offset: number }) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = sql`where true
      ${filter.statuses.length ? sql`and p.status = any(${filter.statuses}::int[])` : sql``}
      ${filter.type !== null ? sql`and p.type = ${filter.type}` : sql``}
      ${
        filter.q
          ? sql`and (p.unid ilike ${pattern} or p.carrier ilike ${pattern} or exists (select 1 from picklist_orders po join outbound_orders o on o.id = po.order_id
              where po.picklist_id = p.id and o.unid ilike ${pattern}))`
          : sql``
      }`;
    const [rows, total] = await Promise.all([
      sql<PicklistRecord>`select ${PICKLIST_SELECT} from picklists p left join merchants m on m.id = p.merchant_id left join users u on u.id = p.created_by
        ${where} order by p.created_at desc, p.id desc limit ${filter.limit} offset ${filter.offset}`.execute(db),
      sql<{ n: number }>`select count(*)::int as n from (select 1 from picklists p ${where} limit 10001) c`.execute(db),
    ]);
    return { rows: rows.rows.map(toPicklist), total: Number(total.rows[0]!.n) };
  },

  async lines(db: Kysely<DB>, picklistId: number): Promise<PicklistLineRecord[]> {
    const rows = await sql<PicklistLineRecord>`select l.id, l.position, l.item_id as "itemId", i.sku, i.name as "itemName", l.batch,
        c.code as compartment, c.zone, l.qty, l.qty_printed as "qtyPrinted"
      from picklist_lines l join items i on i.id = l.item_id join compartments c on c.id = l.compartment_id
      where l.picklist_id = ${picklistId} order by l.position`.execute(db);
    return rows.rows.map((r) => numbers(r, ['id', 'position', 'itemId', 'qty', 'qtyPrinted']));
  },

  async orders(db: Kysely<DB>, picklistId: number, options: { activeOnly?: boolean; merchantId?: number } = {}): Promise<PicklistOrderRecord[]> {
    const rows = await sql<PicklistOrderRecord>`select o.id, o.unid, po.position, po.active, o.merchant_id as "merchantId", m.name as "merchantName",
        o.status, o.total_units as units, o.carrier, o.ship_bundle as "shipBundle", o.ship_no as "shipNo",
        o.consignee_country as "recCountry", po.item_packs as "itemPacks", o.ref_order_id as "refOrderId"
      from picklist_orders po join outbound_orders o on o.id = po.order_id join merchants m on m.id = o.merchant_id
      where po.picklist_id = ${picklistId} ${options.activeOnly ? sql`and po.active` : sql``}
        ${options.merchantId !== undefined ? sql`and ${tenantSql(TenantScope.merchant(options.merchantId), 'o.merchant_id')}` : sql``}
      order by po.position`.execute(db);
    return rows.rows.map((r) => numbers(r, ['id', 'position', 'merchantId', 'status', 'units']));
  },

  /** The order lines of the given orders (sku, qty, batch), in their order. */
  async orderLines(db: Kysely<DB>, orderIds: number[]) {
    if (orderIds.length === 0) return [];
    const rows = await sql<{ orderId: number; sku: string; qty: number; itemBatch: string }>`select l.order_id as "orderId", i.sku, l.quantity as qty,
        l.batch as "itemBatch" from outbound_lines l join items i on i.id = l.item_id
      where l.order_id = any(${orderIds}::bigint[]) order by l.order_id, l.position, l.id`.execute(db);
    return rows.rows.map((r) => numbers(r, ['orderId', 'qty']));
  },

  /** The order lines of the given orders with their item ids (the batch table assigns units by item). */
  async orderItemLines(db: Kysely<DB>, orderIds: number[]) {
    if (orderIds.length === 0) return [];
    const rows = await sql<{ orderId: number; itemId: number; sku: string; qty: number; itemBatch: string }>`select l.order_id as "orderId",
        l.item_id as "itemId", i.sku, l.quantity as qty, l.batch as "itemBatch" from outbound_lines l join items i on i.id = l.item_id
      where l.order_id = any(${orderIds}::bigint[]) order by l.order_id, l.position, l.id`.execute(db);
    return rows.rows.map((r) => numbers(r, ['orderId', 'itemId', 'qty']));
  },

  async update(
    trx: Kysely<DB>,
    id: number,
    values: Partial<{ status: number; itemQty: number; itemQtyPicked: number; ordersFin: number[]; printBatch: unknown[]; started: boolean; printed: boolean }>,
  ): Promise<void> {
    await trx
      .updateTable('picklists')
      .set((eb) => ({
        ...(values.status !== undefined ? { status: values.status } : {}),
        ...(values.itemQty !== undefined ? { item_qty: values.itemQty } : {}),
        ...(values.itemQtyPicked !== undefined ? { item_qty_picked: values.itemQtyPicked } : {}),
        ...(values.ordersFin !== undefined ? { orders_fin: JSON.stringify(values.ordersFin) } : {}),
        ...(values.printBatch !== undefined ? { print_batch: JSON.stringify(values.printBatch) } : {}),
        ...(values.started !== undefined ? { started: values.started } : {}),
        ...(values.printed ? { printed_at: sql<Date>`now()` } : {}),
        updated_at: sql<Date>`now()`,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
  },

  async setPrinted(trx: Kysely<DB>, lines: Array<{ id: number; qtyPrinted: number }>): Promise<void> {
    for (const line of lines) await trx.updateTable('picklist_lines').set({ qty_printed: line.qtyPrinted }).where('id', '=', line.id).execute();
  },

  /** Takes orders out of the picklist (all of them when `orderIds` is null); answers the ids taken out. */
  async deactivateOrders(trx: Kysely<DB>, picklistId: number, orderIds: number[] | null): Promise<number[]> {
    const rows = await trx
      .updateTable('picklist_orders')
      .set({ active: false })
      .where('picklist_id', '=', picklistId)
      .where('active', '=', true)
      .$if(orderIds !== null, (q) => q.where('order_id', 'in', orderIds!.length ? orderIds! : [0]))
      .returning('order_id')
      .execute();
    return rows.map((r) => Number(r.order_id));
  },

  async deleteLines(trx: Kysely<DB>, picklistId: number): Promise<void> {
    await trx.deleteFrom('picklist_lines').where('picklist_id', '=', picklistId).execute();
  },

  async snapshot(db: Kysely<DB>, picklistId: number, sessionId: number): Promise<Snapshot | null> {
    const row = await db
      .selectFrom('picklist_reads')
      .select('snapshot')
      .where('picklist_id', '=', picklistId)
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return (row?.snapshot as Snapshot | undefined) ?? null;
  },

  /** Saves what the session read or sent; the label slices it claimed (`claimed`) are kept. */
  async saveSnapshot(db: Kysely<DB>, picklistId: number, sessionId: number, snapshot: Snapshot): Promise<void> {
    await sql`insert into picklist_reads (picklist_id, session_id, snapshot) values (${picklistId}, ${sessionId}, ${JSON.stringify(snapshot)}::jsonb)
      on conflict (picklist_id, session_id) do update
      set snapshot = excluded.snapshot || jsonb_build_object('claimed', coalesce(picklist_reads.snapshot->'claimed', '[]'::jsonb)), at = now()`.execute(db);
  },

  /**
   * The live picklists holding any of the orders, locked `for update` in id order (the same lock the
   * PUT takes), each with the orders of the list it holds.
   */
  async lockLiveOfOrders(trx: Kysely<DB>, orderIds: number[]): Promise<Array<{ id: number; unid: string; orderIds: number[] }>> {
    if (orderIds.length === 0) return [];
    const held = await sql<{ picklistId: number; orderId: number }>`select po.picklist_id as "picklistId", po.order_id as "orderId"
      from picklist_orders po where po.active and po.order_id = any(${orderIds}::bigint[])`.execute(trx);
    const ids = [...new Set(held.rows.map((r) => Number(r.picklistId)))].sort((a, b) => a - b);
    if (ids.length === 0) return [];
    const locked = await sql<{ id: number; unid: string }>`select id, unid from picklists where id = any(${ids}::bigint[]) order by id for update`.execute(trx);
    return locked.rows.map((p) => ({
      id: Number(p.id),
      unid: p.unid,
      orderIds: held.rows.filter((r) => Number(r.picklistId) === Number(p.id)).map((r) => Number(r.orderId)),
    }));
  },

  /**
   * The label slices each session claimed on the picklist (`order:sku:index` keys; `order:*` for a whole
   * order), and whether the session still works on it (read, saved or claimed within `liveMinutes`).
   */
  async claims(db: Kysely<DB>, picklistId: number, liveMinutes: number): Promise<Array<{ sessionId: number; claimed: string[]; live: boolean }>> {
    const rows = await sql<{ sessionId: number; claimed: string[] | null; live: boolean }>`select session_id as "sessionId",
        snapshot->'claimed' as claimed, at > now() - make_interval(mins => ${liveMinutes}) as live
      from picklist_reads where picklist_id = ${picklistId}`.execute(db);
    return rows.rows.map((r) => ({ sessionId: Number(r.sessionId), claimed: Array.isArray(r.claimed) ? r.claimed : [], live: !!r.live }));
  },

  /** Adds claimed slices to the session's row (made from `base`, the stored progress, when the session has none yet). */
  async addClaims(trx: Kysely<DB>, picklistId: number, sessionId: number, keys: string[], base: Snapshot): Promise<void> {
    const added = JSON.stringify(keys);
    await sql`insert into picklist_reads (picklist_id, session_id, snapshot)
      values (${picklistId}, ${sessionId}, ${JSON.stringify(base)}::jsonb || jsonb_build_object('claimed', ${added}::jsonb))
      on conflict (picklist_id, session_id) do update
      set snapshot = jsonb_set(picklist_reads.snapshot, '{claimed}', coalesce(picklist_reads.snapshot->'claimed', '[]'::jsonb) || ${added}::jsonb),
        at = now()`.execute(trx);
  },

  async presets(db: Kysely<DB>) {
    const rows = await db.selectFrom('picklist_presets').select(['id', 'name', 'rules']).orderBy('name').execute();
    return rows.map((r) => ({ id: Number(r.id), name: r.name, rules: r.rules as Record<string, unknown> }));
  },

  async savePreset(db: Kysely<DB>, name: string, rules: Record<string, unknown>, userId: number | null) {
    const row = await sql<{ id: number; name: string; rules: Record<string, unknown> }>`insert into picklist_presets (name, rules, created_by)
      values (${name}, ${JSON.stringify(rules)}::jsonb, ${userId})
      on conflict (name) do update set rules = excluded.rules, updated_at = now() returning id, name, rules`.execute(db);
    return numbers(row.rows[0]!, ['id']);
  },

  async deletePreset(db: Kysely<DB>, id: number): Promise<boolean> {
    const res = await db.deleteFrom('picklist_presets').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },

  /** A merchant's own orders in live picklists, newest picklist first: progress only. */
  async merchantProgress(db: Kysely<DB>, merchantId: number, limit: number, offset: number) {
    const base = sql`from picklist_orders po join picklists p on p.id = po.picklist_id join outbound_orders o on o.id = po.order_id
      where po.active and ${tenantSql(TenantScope.merchant(merchantId), 'o.merchant_id')}`;
    const [rows, total] = await Promise.all([
      sql<{ orderId: number; unid: string; refOrderId: string; status: number; units: number; finished: boolean; picklistStatus: number; since: Date }>`
        select o.id as "orderId", o.unid, o.ref_order_id as "refOrderId", o.status, o.total_units as units,
          (p.orders_fin @> to_jsonb(o.id)) as finished, p.status as "picklistStatus", p.created_at as since
        ${base} order by p.created_at desc, po.position limit ${limit} offset ${offset}`.execute(db),
      sql<{ n: number }>`select count(*)::int as n ${base}`.execute(db),
    ]);
    return { rows: rows.rows.map((r) => numbers(r, ['orderId', 'status', 'units', 'picklistStatus'])), total: Number(total.rows[0]!.n) };
  },
};
