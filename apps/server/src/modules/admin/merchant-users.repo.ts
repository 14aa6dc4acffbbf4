import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, whereTenant } from '../../db/tenant-scope.js';

/** A merchant's active users with their language: whom a notice about the merchant's documents goes to. */
export async function activeMerchantUsers(db: Kysely<DB>, merchantId: number): Promise<Array<{ id: number; language: string | null }>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'language'])
    .$call(whereTenant(TenantScope.merchant(merchantId)))
    .where('disabled', '=', false)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), language: r.language }));
}
