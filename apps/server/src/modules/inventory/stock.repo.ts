import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

// Inventory tables are declared by migration 0005; queries here name their columns explicitly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;

/** What identifies a stock row (one per item, compartment, batch, status and merged unit). */
export interface StockKey {
  merchantId: number;
  itemId: number;
  warehouseId: number;
  compartmentId: number;
  batch: string;
  status: number;
  unitId: number | null;
  expiry?: string | null;
}

/** A stock row read under its row lock; the ledger updates it in place as it posts changes. */
export interface StockRow extends StockKey {
  id: number;
  quantity: number;
  reserved: number;
}

/** One ledger entry: what changed, why, and what caused it. */
export interface LedgerEntry {
  delta: number;
  deltaReserved: number;
  reason: string;
  reasonCode?: string | null;
  refType?: string | null;
  refId?: string | null;
  userId: number | null;
  note?: string | null;
}

const STOCK_COLUMNS = [
  'id',
  'merchant_id as merchantId',
  'item_id as itemId',
  'warehouse_id as warehouseId',
  'compartment_id as compartmentId',
  'unit_id as unitId',
  'batch',
  'status',
  'quantity',
  'reserved',
] as const;

/**
 * The SQL of stock and its ledger. `lockRows: false` exists only for the concurrency harness: it
 * proves that without `FOR UPDATE` the invariants break (issue 5, "done when").
 */
export class StockRepo {
  constructor(private readonly options: { lockRows: boolean } = { lockRows: true }) {}

  /**
   * The id of the row with this key, created empty when missing. Runs in its own short statement
   * before the business transaction so that no transaction waits on another's new row while holding
   * locks (an empty row is harmless and is reused by the next change).
   */
  async ensure(db: Kysely<DB>, key: StockKey): Promise<number> {
    const unit = key.unitId ?? 0;
    const found = await this.findId(db, key);
    if (found) return found;
    await sql`insert into stock (merchant_id, item_id, warehouse_id, compartment_id, unit_id, batch, status, expiry)
      values (${key.merchantId}, ${key.itemId}, ${key.warehouseId}, ${key.compartmentId}, ${key.unitId}, ${key.batch}, ${key.status}, ${key.expiry ?? null})
      on conflict (item_id, compartment_id, batch, status, (coalesce(unit_id, 0))) do nothing`.execute(db);
    const id = await this.findId(db, key);
    if (!id) throw new Error(`stock row ${key.itemId}/${key.compartmentId}/${unit} not created`);
    return id;
  }

  private async findId(db: Kysely<DB>, key: StockKey): Promise<number | null> {
    const row = await (db as AnyDB)
      .selectFrom('stock')
      .select('id')
      .where('item_id', '=', key.itemId)
      .where('compartment_id', '=', key.compartmentId)
      .where('batch', '=', key.batch)
      .where('status', '=', key.status)
      .where(sql<boolean>`coalesce(unit_id, 0) = ${key.unitId ?? 0}`)
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  /** Reads rows and locks them in one fixed order (ascending id), so concurrent writers never deadlock. */
  async lock(trx: Kysely<DB>, ids: number[]): Promise<Map<number, StockRow>> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    if (unique.length === 0) return new Map();
    let query = (trx as AnyDB).selectFrom('stock').select(STOCK_COLUMNS).where('id', 'in', unique).orderBy('id');
    if (this.options.lockRows) query = query.forUpdate();
    const rows = (await query.execute()) as StockRow[];
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Rows of an item that could serve a reservation, in the order stock is taken (issue 5 §6). */
  async candidates(trx: Kysely<DB>, itemId: number, filter: { warehouseId?: number; batch?: string }) {
    return (await (trx as AnyDB)
      .selectFrom('stock as s')
      .innerJoin('compartments as c', 'c.id', 's.compartment_id')
      .select(['s.id'])
      .where('s.item_id', '=', itemId)
      .where('s.status', '=', 10)
      .where(sql<boolean>`s.quantity > s.reserved`)
      .where('c.blocked', '=', false)
      .where('c.kind', 'in', ['pick', 'bulk'])
      .$if(filter.warehouseId !== undefined, (q) => q.where('s.warehouse_id', '=', filter.warehouseId))
      .$if(filter.batch !== undefined, (q) => q.where('s.batch', '=', filter.batch))
      .orderBy('c.priority')
      .orderBy(sql`s.expiry asc nulls last`)
      .orderBy('s.batch')
      .orderBy('s.id')
      .execute()) as Array<{ id: number }>;
  }

  /**
   * Posts one change: the row gets its new absolute values and the ledger one row, in the caller's
   * transaction. The row object is updated too, so several changes to one row chain correctly.
   */
  async post(trx: Kysely<DB>, row: StockRow, entry: LedgerEntry): Promise<void> {
    const quantity = row.quantity + entry.delta;
    const reserved = row.reserved + entry.deltaReserved;
    await (trx as AnyDB)
      .updateTable('stock')
      .set({ quantity, reserved, updated_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    await (trx as AnyDB)
      .insertInto('inventory_log')
      .values({
        merchant_id: row.merchantId,
        stock_id: row.id,
        item_id: row.itemId,
        warehouse_id: row.warehouseId,
        compartment_id: row.compartmentId,
        batch: row.batch,
        status: row.status,
        delta: entry.delta,
        delta_reserved: entry.deltaReserved,
        quantity_after: quantity,
        reserved_after: reserved,
        reason: entry.reason,
        reason_code: entry.reasonCode ?? null,
        ref_type: entry.refType ?? null,
        ref_id: entry.refId ?? null,
        user_id: entry.userId,
        note: entry.note || null,
      })
      .execute();
    row.quantity = quantity;
    row.reserved = reserved;
  }

  async addReservation(trx: Kysely<DB>, row: StockRow, ref: { type: string; id: string }, quantity: number): Promise<number> {
    const inserted = await (trx as AnyDB)
      .insertInto('reservations')
      .values({ merchant_id: row.merchantId, stock_id: row.id, item_id: row.itemId, ref_type: ref.type, ref_id: ref.id, quantity })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  /** Reservations of a reference (optionally one item), oldest first. */
  async reservationsOf(trx: Kysely<DB>, ref: { type: string; id: string }, itemId?: number) {
    return (await (trx as AnyDB)
      .selectFrom('reservations')
      .select(['id', 'stock_id as stockId', 'item_id as itemId', 'quantity'])
      .where('ref_type', '=', ref.type)
      .where('ref_id', '=', ref.id)
      .$if(itemId !== undefined, (q) => q.where('item_id', '=', itemId))
      .orderBy('id')
      .execute()) as Array<{ id: number; stockId: number; itemId: number; quantity: number }>;
  }

  async reservationsOnStock(trx: Kysely<DB>, stockId: number) {
    return (await (trx as AnyDB)
      .selectFrom('reservations')
      .select(['id', 'ref_type as refType', 'ref_id as refId', 'quantity'])
      .where('stock_id', '=', stockId)
      .orderBy('id')
      .execute()) as Array<{ id: number; refType: string; refId: string; quantity: number }>;
  }

  async setReservation(trx: Kysely<DB>, id: number, quantity: number, stockId?: number): Promise<void> {
    if (quantity === 0) await (trx as AnyDB).deleteFrom('reservations').where('id', '=', id).execute();
    else
      await (trx as AnyDB)
        .updateTable('reservations')
        .set({ quantity, ...(stockId ? { stock_id: stockId } : {}) })
        .where('id', '=', id)
        .execute();
  }
}
