import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, whereTenant } from '../../db/tenant-scope.js';

/** SQL of the item import (issue 10): codes already taken, items by SKU, and the uploaded file. */
export class ItemImportRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** Which of the codes (SKU, barcode, alias) items of the merchant already use, with that item's SKU. */
  async codesTaken(merchantId: number, codes: string[]) {
    return this.db
      .selectFrom('item_codes as k')
      .innerJoin('items as i', 'i.id', 'k.item_id')
      .select(['k.code', 'i.sku'])
      .$call(whereTenant(TenantScope.merchant(merchantId), 'k.merchant_id'))
      .where('k.code', 'in', codes)
      .execute();
  }

  /** The uploaded file to import, unless deleted. */
  async fileContent(fileId: string) {
    return this.db.selectFrom('files').select(['data', 'name']).where('id', '=', fileId).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** Who may import the uploaded file: its owner, its merchant. */
  async fileOwner(fileId: string) {
    return this.db
      .selectFrom('files')
      .select(['id', 'owner_user_id', 'merchant_id'])
      .where('id', '=', fileId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  static async itemIdBySku(trx: Kysely<DB>, merchantId: number, sku: string): Promise<number | null> {
    const row = await trx
      .selectFrom('items')
      .select('id')
      .$call(whereTenant(TenantScope.merchant(merchantId)))
      .where('sku', '=', sku)
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  /** Overwrites an item's columns (as the resource layer maps them) and bumps its version. */
  static async updateItem(trx: Kysely<DB>, id: number, columns: Record<string, unknown>): Promise<void> {
    await trx
      .updateTable('items')
      .set({ ...columns, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }
}
