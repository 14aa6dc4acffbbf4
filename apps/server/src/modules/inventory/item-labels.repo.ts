import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';

export interface ItemForLabel {
  id: number;
  sku: string;
  name: string;
  barcodes: unknown;
  merchantCode: string;
}

/** Items to print labels for, within the caller's tenant scope (another merchant's items are not found). */
export async function itemsForLabels(db: Kysely<DB>, ids: number[], scope: TenantScope): Promise<ItemForLabel[]> {
  const query = db
    .selectFrom('items')
    .innerJoin('merchants', 'merchants.id', 'items.merchant_id')
    .select(['items.id', 'items.sku', 'items.name', 'items.barcodes', 'merchants.code as merchantCode'])
    .where('items.id', 'in', ids)
    .$call(whereTenant(scope, 'items.merchant_id'));
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
