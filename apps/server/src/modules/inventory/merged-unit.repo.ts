import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** A stock row inside a merged unit, with its full stock key. */
export interface UnitStockRow {
  id: number;
  merchantId: number;
  itemId: number;
  warehouseId: number;
  compartmentId: number;
  batch: string;
  status: number;
  quantity: number;
}

/** SQL of merged units (issue 5 §5): where a unit is, and the stock rows it carries. */
export class MergedUnitRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** The unit's stock rows with a quantity. */
  async rowsOf(unitId: number): Promise<UnitStockRow[]> {
    return this.db
      .selectFrom('stock')
      .select([
        'id',
        'merchant_id as merchantId',
        'item_id as itemId',
        'warehouse_id as warehouseId',
        'compartment_id as compartmentId',
        'batch',
        'status',
        'quantity',
      ])
      .where('unit_id', '=', unitId)
      .where('quantity', '>', 0)
      .orderBy('id')
      .execute();
  }

  /** Books the unit in another compartment (inside the transaction that moves its contents). */
  static async setCompartment(trx: Kysely<DB>, unitId: number, compartmentId: number): Promise<void> {
    await trx.updateTable('merged_units').set({ compartment_id: compartmentId }).where('id', '=', unitId).execute();
  }

  async header(unitId: number) {
    return this.db
      .selectFrom('merged_units as u')
      .innerJoin('compartments as c', 'c.id', 'u.compartment_id')
      .select(['u.id', 'u.code', 'u.kind', 'u.compartment_id as compartmentId', 'c.code as compartment'])
      .where('u.id', '=', unitId)
      .executeTakeFirstOrThrow();
  }

  async items(unitId: number) {
    return this.db
      .selectFrom('stock_view')
      .select(['sku', 'item_name as itemName', 'batch', 'status', 'quantity', 'reserved'])
      .where('unit_id', '=', unitId)
      .where('quantity', '>', 0)
      .orderBy('sku')
      .execute();
  }
}
