import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface ItemForLabel {
  id: number;
  sku: string;
  name: string;
  barcodes: unknown;
  merchantCode: string;
}

/** Items to print labels for, within a merchant's scope when given (another merchant's items are not found). */
export async function itemsForLabels(db: Kysely<DB>, ids: number[], merchantId: number | null): Promise<ItemForLabel[]> {
  let query = db
    .selectFrom('items')
    .innerJoin('merchants', 'merchants.id', 'items.merchant_id')
    .select(['items.id', 'items.sku', 'items.name', 'items.barcodes', 'merchants.code as merchantCode'])
    .where('items.id', 'in', ids);
  if (merchantId !== null) query = query.where('items.merchant_id', '=', merchantId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
