import type { inventoryListQuerySchema } from '@kontor/contracts/domains/inventory';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { TenantScope, whereTenant } from '../../db/tenant-scope.js';
import { afterTimeKeyset, keysetTime } from '../../db/keyset.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The original inventory list's filters (facts §2.7) without its cursor and page size. */
export type InventoryListFilter = Omit<z.infer<typeof inventoryListQuerySchema>, 'o' | 'l'>;

/** SQL of the handheld and web lookups (facts §2.7, §3.10): merchant scope is the caller's session scope. */
export class LookupsRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async merchantNames(merchantId: number) {
    return this.db.selectFrom('merchants').select(['code', 'name']).where('id', '=', merchantId).executeTakeFirstOrThrow();
  }

  /** On-hand and reserved in one compartment, over the rows with stock. */
  async compartmentTotals(scope: TenantScope, compartmentId: number) {
    return this.db
      .selectFrom('stock')
      .select([
        sql<number>`coalesce(sum(quantity), 0)::int`.as('quantity'),
        sql<number>`coalesce(sum(reserved), 0)::int`.as('lockedQty'),
        sql<number>`count(*)::int`.as('rows'),
      ])
      .where('compartment_id', '=', compartmentId)
      .where('quantity', '>', 0)
      .$call(whereTenant(scope))
      .executeTakeFirstOrThrow();
  }

  async itemsOfType(scope: TenantScope, type: number) {
    return this.db
      .selectFrom('items')
      .select([sql<string>`id::text`.as('guid'), 'id', 'sku as unid', 'name', 'merchant_id as merchantId'])
      .where('type', '=', type)
      .$call(whereTenant(scope))
      .orderBy('sku')
      .limit(500)
      .execute();
  }

  private stockWithQuantity(scope: TenantScope, filter: InventoryListFilter) {
    const q = filter.q?.trim();
    return this.db
      .selectFrom('stock_view')
      .where('quantity', '>', 0)
      .$call(whereTenant(scope))
      .$if(filter.merchantId !== undefined, (b) => b.$call(whereTenant(TenantScope.merchant(filter.merchantId!))))
      .$if(!!filter.LocationGUID && /^\d+$/.test(filter.LocationGUID), (b) => b.where('compartment_id', '=', Number(filter.LocationGUID)))
      .$if(filter.itemId !== undefined, (b) => b.where('item_id', '=', filter.itemId!))
      .$if(filter.status !== undefined, (b) => b.where('status', '=', filter.status!))
      .$if(filter.batch !== undefined, (b) => b.where('batch', '=', filter.batch!))
      .$if(!!q, (b) => b.where((eb) => eb.or((['sku', 'compartment_code', 'batch'] as const).map((c) => eb(c, 'ilike', `%${escapeLike(q!)}%`)))));
  }

  /** One page after (`after`, `afterId`) in (updated_at, id) order; `cursor` keeps the time's microseconds. */
  async inventoryPage(scope: TenantScope, filter: InventoryListFilter, after: string, afterId: number, limit: number) {
    return this.stockWithQuantity(scope, filter)
      .select(['id', 'item_id as itemId', 'sku as itemUnid', 'item_name as itemName', 'compartment_code as compartment', 'warehouse_code as warehouse'])
      .select(['batch as itemBatch', 'quantity', 'reserved as lockedQty', 'available', 'status', 'merchant_name as customer', 'merchant_id as merchantId'])
      .select([sql<string>`compartment_id::text`.as('locationGuid'), 'updated_at as updatedAt'])
      .select(keysetTime('updated_at').as('cursor'))
      .where(afterTimeKeyset('updated_at', 'id', { at: after, id: afterId }, 'asc'))
      .orderBy('updated_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Rows matching the filter, counted up to `cap`. */
  async inventoryCount(scope: TenantScope, filter: InventoryListFilter, cap: number): Promise<number> {
    const counted = await this.db
      .selectFrom(this.stockWithQuantity(scope, filter).select(sql.lit(1).as('one')).limit(cap).as('capped'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return counted.n;
  }
}
