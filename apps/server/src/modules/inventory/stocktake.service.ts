import type { stockCountCreateSchema, stockCountLinesSchema } from '@kontor/contracts/domains/inventory';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { stockTransaction, type Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';
import { unitsOfCount } from './stocktake-units.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- inventory tables are declared by migration 0005
type AnyDB = Kysely<any>;

/** A counted line; `unitId` names a row inside a merged unit (loose stock when left out). */
type CountLine = Omit<z.infer<typeof stockCountLinesSchema>['lines'][number], 'unitId'> & { unitId?: number | null };

/**
 * Stocktaking (issue 5 §5): a count of one or more compartments. Each counted line stores what the
 * ledger held at the moment it was counted; posting adds (counted − expected) to the current
 * quantity, so picks and moves made between counting and approval are kept, not overwritten.
 */
export class StocktakeService {
  private readonly db: AnyDB;

  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly stock: StockService,
  ) {
    this.db = core.db as AnyDB;
  }

  /**
   * A count covers whole compartments, which hold several merchants' stock: counting and approving are
   * warehouse work, for sessions not bound to one merchant (architecture rule 5), whatever privileges a
   * merchant user's role may have been given.
   */
  wholeWarehouse(actor: Actor): void {
    if (actor.merchantScope !== null) throw new AppError('NoPermission');
  }

  async create(actor: Actor, input: z.infer<typeof stockCountCreateSchema>) {
    this.wholeWarehouse(actor);
    const compartments = await this.stock.places.compartmentsByIds(input.compartmentIds);
    const wrong = input.compartmentIds.find((id) => !compartments.some((c) => c.id === id && c.warehouseId === input.warehouseId));
    if (wrong) throw new AppError('CompartmentNotFound', { params: { code: wrong }, fields: [{ field: 'compartmentIds', message: String(wrong) }] });
    const row = await this.db
      .insertInto('stock_counts')
      .values({ warehouse_id: input.warehouseId, compartment_ids: JSON.stringify(input.compartmentIds), note: input.note || null, created_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.get(Number(row.id));
  }

  /** One count with its lines and the stock of its compartments. */
  async read(actor: Actor, id: number) {
    this.wholeWarehouse(actor);
    return this.get(id);
  }

  async get(id: number) {
    const count = await this.db
      .selectFrom('stock_counts')
      .select([
        'id',
        'warehouse_id as warehouseId',
        'status',
        'compartment_ids as compartmentIds',
        'note',
        'created_at as createdAt',
        'posted_at as postedAt',
        'version',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!count) throw new AppError('NotFound');
    const lines = await this.db
      .selectFrom('stock_count_lines as l')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .innerJoin('compartments as c', 'c.id', 'l.compartment_id')
      .leftJoin('merged_units as u', 'u.id', 'l.unit_id')
      .select(['l.id', 'l.compartment_id as compartmentId', 'c.code as compartment', 'l.item_id as itemId', 'i.sku', 'i.name as itemName'])
      .select(['l.unit_id as unitId', 'u.code as unitCode'])
      .select(['l.batch', 'l.status', 'l.expected', 'l.counted', sql<number>`l.counted - l.expected`.as('difference'), 'l.counted_at as countedAt'])
      .where('l.count_id', '=', id)
      .orderBy('c.code')
      .orderBy('i.sku')
      .execute();
    const stock = await this.db
      .selectFrom('stock_view as s')
      .leftJoin('merged_units as u', 'u.id', 's.unit_id')
      .select([
        's.id',
        's.compartment_id as compartmentId',
        's.compartment_code as compartment',
        's.item_id as itemId',
        's.sku',
        's.item_name as itemName',
        's.batch',
        's.status',
        's.quantity',
        's.reserved',
        's.unit_id as unitId',
        'u.code as unitCode',
      ])
      .where('s.compartment_id', 'in', count.compartmentIds as number[])
      .where('s.quantity', '>', 0)
      .orderBy('s.compartment_code')
      .orderBy('s.sku')
      .execute();
    const units = await unitsOfCount(this.db, id, count.compartmentIds as number[]);
    return { ...count, lines, stock, units };
  }

  /** Records counted quantities; a line counted again replaces the earlier count. */
  async count(actor: Actor, id: number, lines: CountLine[]) {
    this.wholeWarehouse(actor);
    const count = await this.open(id);
    for (const line of lines) {
      if (!(count.compartmentIds as number[]).includes(line.compartmentId)) {
        throw new AppError('IntegrityError', { fields: [ruleError('compartmentId', 'notInCount', { value: line.compartmentId })] });
      }
      if (!(await this.stock.places.itemById(line.itemId, actor.merchantScope))) throw new AppError('ItemNotFound', { params: { code: line.itemId } });
      if (line.unitId != null && !(await this.unitIn(line.unitId, line.compartmentId)))
        throw new AppError('NotFound', { fields: [ruleError('unitId', 'unitNotThere', { unit: line.unitId, compartment: line.compartmentId })] });
    }
    await stockTransaction(this.core.db, async (trx) => {
      for (const line of lines) await this.saveLine(trx, actor, id, line);
    });
    return this.get(id);
  }

  /** Whether the books hold the unit in the compartment (lines inside a unit are counted where it is). */
  private async unitIn(unitId: number, compartmentId: number) {
    const unit = await this.db.selectFrom('merged_units').select('id').where('id', '=', unitId).where('compartment_id', '=', compartmentId).executeTakeFirst();
    return !!unit;
  }

  /** Stores one counted line beside what the ledger holds at this moment (a line counted again replaces the earlier count). */
  async saveLine(trx: Kysely<DB>, actor: Actor, countId: number, line: CountLine) {
    const db = trx as AnyDB;
    const held = await db
      .selectFrom('stock')
      .select(['quantity'])
      .where('item_id', '=', line.itemId)
      .where('compartment_id', '=', line.compartmentId)
      .where('batch', '=', line.batch)
      .where('status', '=', line.status)
      .where(sql<boolean>`coalesce(unit_id, 0) = ${line.unitId ?? 0}`)
      .executeTakeFirst();
    const item = await db.selectFrom('items').select('merchant_id as merchantId').where('id', '=', line.itemId).executeTakeFirstOrThrow();
    const expected = held ? Number(held.quantity) : 0;
    await sql`insert into stock_count_lines (count_id, compartment_id, item_id, merchant_id, batch, status, unit_id, expected, counted, counted_by)
      values (${countId}, ${line.compartmentId}, ${line.itemId}, ${item.merchantId}, ${line.batch}, ${line.status}, ${line.unitId ?? null}, ${expected}, ${line.counted}, ${actor.userId})
      on conflict (count_id, compartment_id, item_id, batch, status, (coalesce(unit_id, 0)))
      do update set expected = excluded.expected, counted = excluded.counted, counted_by = excluded.counted_by, counted_at = now()`.execute(trx);
  }

  async open(id: number) {
    const count = await this.get(id);
    if (count.status !== 'open') throw new AppError('InvalidState');
    return count;
  }

  /** Posts every difference as a count adjustment through the ledger, all or nothing. */
  async post(actor: Actor, id: number) {
    this.wholeWarehouse(actor);
    const count = await this.open(id);
    const differing = count.lines.filter((l) => l.counted !== l.expected);
    const ids: number[] = [];
    for (const line of differing) {
      const compartment = (await this.stock.places.compartmentById(line.compartmentId))!;
      const item = (await this.stock.places.itemById(line.itemId, null))!;
      ids.push(
        await this.stock.repo.ensure(this.core.db, {
          merchantId: item.merchantId,
          itemId: item.id,
          warehouseId: compartment.warehouseId,
          compartmentId: compartment.id,
          batch: line.batch,
          status: line.status,
          unitId: line.unitId ?? null,
        }),
      );
    }
    await stockTransaction(this.core.db, async (trx) => {
      const claimed = await (trx as AnyDB)
        .updateTable('stock_counts')
        .set({ status: 'posted', posted_by: actor.userId, posted_at: sql`now()`, version: sql`version + 1` })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('InvalidState');
      const rows = await this.stock.repo.lock(trx, ids);
      for (const [i, line] of differing.entries()) {
        const row = rows.get(ids[i]!)!;
        const delta = line.counted - line.expected;
        if (row.quantity + delta < row.reserved) {
          throw new AppError('InsufficientStock', {
            params: { available: row.quantity - row.reserved, requested: -delta },
            fields: [ruleError('lines', 'releaseFirst', { compartment: line.compartment, sku: line.sku, reserved: row.reserved })],
          });
        }
        await this.stock.repo.post(trx, row, { delta, deltaReserved: 0, reason: 'count', refType: 'stocktake', refId: String(id), userId: actor.userId });
      }
    });
    return this.get(id);
  }

  async cancel(actor: Actor, id: number) {
    this.wholeWarehouse(actor);
    await this.open(id);
    await this.db
      .updateTable('stock_counts')
      .set({ status: 'cancelled', version: sql`version + 1` })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
    return this.get(id);
  }

  async list(actor: Actor, limit: number) {
    this.wholeWarehouse(actor);
    return this.db
      .selectFrom('stock_counts as s')
      .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
      .select([
        's.id',
        'w.code as warehouse',
        's.status',
        's.compartment_ids as compartmentIds',
        's.note',
        's.created_at as createdAt',
        's.posted_at as postedAt',
      ])
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute();
  }
}
