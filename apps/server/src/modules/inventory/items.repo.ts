import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, whereTenant } from '../../db/tenant-scope.js';

/** A code that finds an item: its SKU, a barcode or an alias (issue 5 §2). */
export interface ItemCode {
  code: string;
  kind: 'sku' | 'barcode' | 'alias';
}

/**
 * SQL of items beyond the generic resource layer: their codes in item_codes, and what still refers to
 * an item or a merged unit (so it may not be deleted). Each runs on the caller's database or transaction.
 */
export const ItemsRepo = {
  async deleteCodes(trx: Kysely<DB>, itemId: number): Promise<void> {
    await trx.deleteFrom('item_codes').where('item_id', '=', itemId).execute();
  },

  /** One of the codes another item of the merchant already has, if any. */
  async takenCode(trx: Kysely<DB>, merchantId: number, codes: string[]): Promise<string | null> {
    const clash = await trx
      .selectFrom('item_codes')
      .select(['code'])
      .$call(whereTenant(TenantScope.merchant(merchantId)))
      .where('code', 'in', codes)
      .executeTakeFirst();
    return clash ? clash.code : null;
  },

  async insertCodes(trx: Kysely<DB>, merchantId: number, itemId: number, codes: ItemCode[]): Promise<void> {
    await trx
      .insertInto('item_codes')
      .values(codes.map((c) => ({ merchant_id: merchantId, code: c.code, item_id: itemId, kind: c.kind })))
      .execute();
  },

  /** How many of the ids are items of the merchant. */
  async countOfMerchant(trx: Kysely<DB>, merchantId: number, itemIds: number[]): Promise<number> {
    const found = await trx
      .selectFrom('items')
      .select('id')
      .where('id', 'in', itemIds)
      .$call(whereTenant(TenantScope.merchant(merchantId)))
      .execute();
    return found.length;
  },

  async itemHasStockRows(db: Kysely<DB>, itemId: number): Promise<boolean> {
    return !!(await db.selectFrom('stock').select('id').where('item_id', '=', itemId).limit(1).executeTakeFirst());
  },

  async itemHasHistory(db: Kysely<DB>, itemId: number): Promise<boolean> {
    return !!(await db.selectFrom('inventory_log').select('id').where('item_id', '=', itemId).limit(1).executeTakeFirst());
  },

  /** The SKU of an item that lists the item among its components, if any. */
  async skuContaining(db: Kysely<DB>, itemId: number): Promise<string | null> {
    const row = await db
      .selectFrom('items')
      .select('sku')
      .where(sql<boolean>`components @> ${JSON.stringify([{ itemId }])}::jsonb`)
      .executeTakeFirst();
    return row ? row.sku : null;
  },

  async unitHoldsStock(db: Kysely<DB>, unitId: number): Promise<boolean> {
    return !!(await db.selectFrom('stock').select('id').where('unit_id', '=', unitId).limit(1).executeTakeFirst());
  },
};
