import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** SQL of the settings catalogue's checks (catalogue.ts): what a record refers to, what refers to it. */
export const CatalogueRepo = {
  async exists(db: Kysely<DB>, table: 'users' | 'work_classes' | 'warehouses', id: number): Promise<boolean> {
    return !!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
  },

  /** A duty of the work class, if any. */
  async dutyOfClass(db: Kysely<DB>, classId: number): Promise<number | null> {
    const duty = await db.selectFrom('duties').select('id').where('class_id', '=', classId).limit(1).executeTakeFirst();
    return duty ? duty.id : null;
  },

  /** The code of a compartment of the warehouse, if any. */
  async compartmentOfWarehouse(db: Kysely<DB>, warehouseId: number): Promise<string | null> {
    const row = await db.selectFrom('compartments').select('code').where('warehouse_id', '=', warehouseId).limit(1).executeTakeFirst();
    return row ? row.code : null;
  },

  async compartmentHasStock(db: Kysely<DB>, compartmentId: number): Promise<boolean> {
    return !!(await db.selectFrom('stock').select('id').where('compartment_id', '=', compartmentId).limit(1).executeTakeFirst());
  },
};
