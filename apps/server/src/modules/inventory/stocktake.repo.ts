import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Stock status codes a count line carries (contracts/src/status: stock status). */
type StockStatus = 0 | 2 | 5 | 10;

/** What a counted line stores: the ledger's quantity at counting time (`expected`) beside the count. */
export interface CountedLine {
  countId: number;
  compartmentId: number;
  itemId: number;
  merchantId: number;
  batch: string;
  status: number;
  unitId: number | null;
  expected: number;
  counted: number;
  userId: number | null;
}

/** SQL of stocktaking (issue 5 §5): counts, their lines and the merged units counted as one. */
export class StocktakeRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async create(input: { warehouseId: number; compartmentIds: number[]; note: string | null; userId: number | null }): Promise<number> {
    const row = await this.db
      .insertInto('stock_counts')
      .values({ warehouse_id: input.warehouseId, compartment_ids: JSON.stringify(input.compartmentIds), note: input.note, created_by: input.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async header(id: number) {
    return this.db
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
  }

  async lines(countId: number) {
    return this.db
      .selectFrom('stock_count_lines as l')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .innerJoin('compartments as c', 'c.id', 'l.compartment_id')
      .leftJoin('merged_units as u', 'u.id', 'l.unit_id')
      .select(['l.id', 'l.compartment_id as compartmentId', 'c.code as compartment', 'l.item_id as itemId', 'i.sku', 'i.name as itemName'])
      .select(['l.unit_id as unitId', 'u.code as unitCode'])
      .select(['l.batch', 'l.status', 'l.expected', 'l.counted', sql<number>`l.counted - l.expected`.as('difference'), 'l.counted_at as countedAt'])
      .where('l.count_id', '=', countId)
      .orderBy('c.code')
      .orderBy('i.sku')
      .execute();
  }

  /** The stock the count's compartments hold now. */
  async stockIn(compartmentIds: number[]) {
    return this.db
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
      .where('s.compartment_id', 'in', compartmentIds)
      .where('s.quantity', '>', 0)
      .orderBy('s.compartment_code')
      .orderBy('s.sku')
      .execute();
  }

  /**
   * The merged units a count concerns: those the books hold in its compartments, and those the counter
   * found in one of them although the books have them elsewhere; with what was found of each so far.
   */
  async unitsOfCount(countId: number, compartmentIds: number[]) {
    return (await this.db
      .selectFrom('merged_units as u')
      .innerJoin('compartments as c', 'c.id', 'u.compartment_id')
      .leftJoin('stock_count_units as r', (j) => j.onRef('r.unit_id', '=', 'u.id').on('r.count_id', '=', countId))
      .leftJoin('compartments as f', 'f.id', 'r.found_compartment_id')
      .select(['u.id as unitId', 'u.code', 'u.kind', 'u.compartment_id as compartmentId', 'c.code as compartment'])
      .select(['r.outcome', 'r.found_compartment_id as foundCompartmentId', 'f.code as foundCompartment'])
      .where((eb) => eb.or([eb('u.compartment_id', 'in', compartmentIds), eb('r.id', 'is not', null)]))
      .orderBy('u.code')
      .execute()) as Array<{
      unitId: number;
      code: string;
      kind: string;
      compartmentId: number;
      compartment: string;
      outcome: 'confirmed' | 'missing' | 'elsewhere' | null;
      foundCompartmentId: number | null;
      foundCompartment: string | null;
    }>;
  }

  /** Whether the books hold the unit in the compartment. */
  async unitIn(unitId: number, compartmentId: number): Promise<boolean> {
    const unit = await this.db.selectFrom('merged_units').select('id').where('id', '=', unitId).where('compartment_id', '=', compartmentId).executeTakeFirst();
    return !!unit;
  }

  /** The quantity the ledger holds for one stock key (loose stock when `unitId` is null), 0 when none. */
  static async heldQuantity(
    trx: Kysely<DB>,
    key: { itemId: number; compartmentId: number; batch: string; status: number; unitId: number | null },
  ): Promise<number> {
    const held = await trx
      .selectFrom('stock')
      .select(['quantity'])
      .where('item_id', '=', key.itemId)
      .where('compartment_id', '=', key.compartmentId)
      .where('batch', '=', key.batch)
      .where('status', '=', key.status)
      .where(sql<boolean>`coalesce(unit_id, 0) = ${key.unitId ?? 0}`)
      .executeTakeFirst();
    return held ? Number(held.quantity) : 0;
  }

  static async merchantOfItem(trx: Kysely<DB>, itemId: number): Promise<number> {
    const item = await trx.selectFrom('items').select('merchant_id as merchantId').where('id', '=', itemId).executeTakeFirstOrThrow();
    return item.merchantId;
  }

  /** Stores a counted line; a line counted again replaces the earlier count. */
  static async saveLine(trx: Kysely<DB>, line: CountedLine): Promise<void> {
    await sql`insert into stock_count_lines (count_id, compartment_id, item_id, merchant_id, batch, status, unit_id, expected, counted, counted_by)
      values (${line.countId}, ${line.compartmentId}, ${line.itemId}, ${line.merchantId}, ${line.batch}, ${line.status}, ${line.unitId}, ${line.expected}, ${line.counted}, ${line.userId})
      on conflict (count_id, compartment_id, item_id, batch, status, (coalesce(unit_id, 0)))
      do update set expected = excluded.expected, counted = excluded.counted, counted_by = excluded.counted_by, counted_at = now()`.execute(trx);
  }

  /** Moves an open count to posted; false when it was no longer open. */
  static async claimForPosting(trx: Kysely<DB>, id: number, userId: number | null): Promise<boolean> {
    const claimed = await trx
      .updateTable('stock_counts')
      .set({ status: 'posted', posted_by: userId, posted_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  async cancel(id: number): Promise<void> {
    await this.db
      .updateTable('stock_counts')
      .set({ status: 'cancelled', version: sql`version + 1` })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
  }

  async list(limit: number) {
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

  /** Forgets the lines of a unit found in another compartment (they are moved with the unit, not counted). */
  static async dropUnitLines(trx: Kysely<DB>, countId: number, unitId: number): Promise<void> {
    await trx.deleteFrom('stock_count_lines').where('count_id', '=', countId).where('unit_id', '=', unitId).execute();
  }

  /** Records what the counter found of a merged unit; the latest scan of a unit decides. */
  static async saveUnitOutcome(
    trx: Kysely<DB>,
    u: { countId: number; unitId: number; outcome: string; expectedCompartmentId: number; foundCompartmentId: number | null; userId: number | null },
  ): Promise<void> {
    await sql`insert into stock_count_units (count_id, unit_id, outcome, expected_compartment_id, found_compartment_id, counted_by)
        values (${u.countId}, ${u.unitId}, ${u.outcome}, ${u.expectedCompartmentId}, ${u.foundCompartmentId}, ${u.userId})
        on conflict (count_id, unit_id) do update set outcome = excluded.outcome, expected_compartment_id = excluded.expected_compartment_id,
          found_compartment_id = excluded.found_compartment_id, counted_by = excluded.counted_by, counted_at = now()`.execute(trx);
  }

  /** The unit's rows with stock in the compartment where the books have it, read in the counting transaction. */
  static async unitRows(trx: Kysely<DB>, unitId: number, compartmentId: number) {
    return (await trx
      .selectFrom('stock')
      .select(['item_id as itemId', 'compartment_id as compartmentId', 'batch', 'status', 'quantity'])
      .where('unit_id', '=', unitId)
      .where('compartment_id', '=', compartmentId)
      .where('quantity', '>', 0)
      .orderBy('id')
      .execute()) as Array<{ itemId: number; compartmentId: number; batch: string; status: StockStatus; quantity: number }>;
  }
}
