import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { assertStockChangeRetrySafe } from '../../http/idempotency.js';

// Inventory tables are declared by migration 0005; queries here name their columns explicitly.
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

/**
 * A reservation written in the same statement as the posting that changes its row's `reserved`:
 * a new one for a reference, or an existing one set to a new quantity (0 deletes it).
 */
export type ReservationChange = { add: { type: string; id: string }; quantity: number } | { id: number; quantity: number };

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

  /** Whether writers lock their rows (always, except in the concurrency harness's proof run). */
  get lockRows(): boolean {
    return this.options.lockRows;
  }

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
    const row = await db
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
    let query = trx.selectFrom('stock').select(STOCK_COLUMNS).where('id', 'in', unique).orderBy('id');
    if (this.options.lockRows) query = query.forUpdate();
    const rows = (await query.execute()) as StockRow[];
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Locks (in ascending id order) and reads the rows holding reservations of a reference, optionally of one item. */
  async lockReserved(trx: Kysely<DB>, ref: { type: string; id: string }, itemId?: number): Promise<Map<number, StockRow>> {
    let query = trx
      .selectFrom('stock')
      .select(STOCK_COLUMNS)
      .where(
        'id',
        'in',
        trx
          .selectFrom('reservations')
          .select('stock_id')
          .where('ref_type', '=', ref.type)
          .where('ref_id', '=', ref.id)
          .$if(itemId !== undefined, (q) => q.where('item_id', '=', itemId!)),
      )
      .orderBy('id');
    if (this.options.lockRows) query = query.forUpdate();
    const rows = (await query.execute()) as StockRow[];
    return new Map(rows.map((r) => [r.id, r]));
  }

  /**
   * Posts one change: the row gets its new absolute values and the ledger one row, in the caller's
   * transaction and in one statement (with the reservation change, when given, in the same one). The
   * row object is updated too, so several changes to one row chain correctly. Answers the id of an
   * added reservation.
   */
  async post(trx: Kysely<DB>, row: StockRow, entry: LedgerEntry, reservation?: ReservationChange): Promise<number | null> {
    assertStockChangeRetrySafe();
    const quantity = row.quantity + entry.delta;
    const reserved = row.reserved + entry.deltaReserved;
    let booked = sql``;
    if (reservation && 'add' in reservation) {
      booked = sql`, booked as (insert into reservations (merchant_id, stock_id, item_id, ref_type, ref_id, quantity)
        values (${row.merchantId}, ${row.id}, ${row.itemId}, ${reservation.add.type}, ${reservation.add.id}, ${reservation.quantity}) returning id)`;
    } else if (reservation && reservation.quantity === 0) {
      booked = sql`, booked as (delete from reservations where id = ${reservation.id} returning id)`;
    } else if (reservation) {
      booked = sql`, booked as (update reservations set quantity = ${reservation.quantity} where id = ${reservation.id} returning id)`;
    }
    // Data-modifying WITH parts always run to completion, whether or not the final select reads them.
    const result = await sql<{ id: number | null }>`with changed as (
        update stock set quantity = ${quantity}, reserved = ${reserved}, updated_at = now() where id = ${row.id}
      ), logged as (
        insert into inventory_log (merchant_id, stock_id, item_id, warehouse_id, compartment_id, batch, status, delta, delta_reserved,
          quantity_after, reserved_after, reason, reason_code, ref_type, ref_id, user_id, note)
        values (${row.merchantId}, ${row.id}, ${row.itemId}, ${row.warehouseId}, ${row.compartmentId}, ${row.batch}, ${row.status}, ${entry.delta},
          ${entry.deltaReserved}, ${quantity}, ${reserved}, ${entry.reason}, ${entry.reasonCode ?? null}, ${entry.refType ?? null}, ${entry.refId ?? null},
          ${entry.userId}, ${entry.note || null})
      )${booked}
      select ${reservation ? sql`(select id from booked)` : sql`null::bigint`} as id`.execute(trx);
    row.quantity = quantity;
    row.reserved = reserved;
    const id = result.rows[0]?.id;
    return id === null || id === undefined ? null : Number(id);
  }

  /** The best-before date of a row (`YYYY-MM-DD`), read in the caller's transaction. */
  async expiryOf(trx: Kysely<DB>, id: number): Promise<string | null> {
    const row = await sql<{ expiry: string | null }>`select to_char(expiry, 'YYYY-MM-DD') as expiry from stock where id = ${id}`.execute(trx);
    return row.rows[0]?.expiry ?? null;
  }

  /** Sets the best-before date of a locked row (not a quantity: no ledger entry). */
  async setExpiry(trx: Kysely<DB>, id: number, expiry: string): Promise<void> {
    await sql`update stock set expiry = ${expiry}::date, updated_at = now() where id = ${id}`.execute(trx);
  }

  /**
   * Units moving from one locked row to another take their best-before date along: an empty target (or
   * one without a date) takes the source's; two dates meeting keep the earlier, so picking by earliest
   * expiry never ships late.
   */
  async carryExpiry(trx: Kysely<DB>, sourceId: number, targetId: number): Promise<void> {
    await sql`update stock t set expiry = case when t.quantity = 0 or t.expiry is null then s.expiry else least(t.expiry, s.expiry) end
      from stock s where t.id = ${targetId} and s.id = ${sourceId} and s.expiry is not null`.execute(trx);
  }

  async addReservation(trx: Kysely<DB>, row: StockRow, ref: { type: string; id: string }, quantity: number): Promise<number> {
    const inserted = await trx
      .insertInto('reservations')
      .values({ merchant_id: row.merchantId, stock_id: row.id, item_id: row.itemId, ref_type: ref.type, ref_id: ref.id, quantity })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  /** Reservations of a reference (optionally one item), oldest first. */
  async reservationsOf(trx: Kysely<DB>, ref: { type: string; id: string }, itemId?: number) {
    return (await trx
      .selectFrom('reservations')
      .select(['id', 'stock_id as stockId', 'item_id as itemId', 'quantity'])
      .where('ref_type', '=', ref.type)
      .where('ref_id', '=', ref.id)
      .$if(itemId !== undefined, (q) => q.where('item_id', '=', itemId!))
      .orderBy('id')
      .execute()) as Array<{ id: number; stockId: number; itemId: number; quantity: number }>;
  }

  async reservationsOnStock(trx: Kysely<DB>, stockId: number) {
    return (await trx
      .selectFrom('reservations')
      .select(['id', 'ref_type as refType', 'ref_id as refId', 'quantity'])
      .where('stock_id', '=', stockId)
      .orderBy('id')
      .execute()) as Array<{ id: number; refType: string; refId: string; quantity: number }>;
  }

  async setReservation(trx: Kysely<DB>, id: number, quantity: number, stockId?: number): Promise<void> {
    if (quantity === 0) await trx.deleteFrom('reservations').where('id', '=', id).execute();
    else
      await trx
        .updateTable('reservations')
        .set({ quantity, ...(stockId ? { stock_id: stockId } : {}) })
        .where('id', '=', id)
        .execute();
  }
}
