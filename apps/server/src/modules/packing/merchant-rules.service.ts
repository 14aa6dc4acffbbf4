import type { MerchantPackingRules } from '@kontor/contracts/domains/packing';
import type { MerchantPackingRulesRow } from '@kontor/contracts/domains/packing-responses';
import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { AppError } from '../../http/app-error.js';
import { merchantRulesRepo } from './merchant-rules.repo.js';

/**
 * The packing rules of one merchant (docs/packing.md "Merchant rules"): read and set in the merchant's
 * settings, and read by the merchant-specific station (`/wEP/PackScanEF`) for the order's merchant.
 */
export class MerchantRulesService {
  constructor(private readonly core: Core) {}

  async get(auth: AuthContext, merchantId: number): Promise<MerchantPackingRulesRow> {
    const row = await merchantRulesRepo.get(this.core.db, merchantId, TenantScope.of(auth));
    if (!row) throw new AppError('NotFound');
    return row;
  }

  async save(auth: AuthContext, merchantId: number, rules: MerchantPackingRules): Promise<MerchantPackingRulesRow> {
    return this.core.db.transaction().execute(async (trx) => {
      if (!(await merchantRulesRepo.get(trx, merchantId, TenantScope.of(auth)))) throw new AppError('NotFound');
      await merchantRulesRepo.save(trx, merchantId, rules, auth.userId);
      return (await merchantRulesRepo.get(trx, merchantId, TenantScope.of(auth)))!;
    });
  }

  /** The rules of an order's merchant, inside the station's transaction (the order was found within the scope). */
  async ofOrderMerchant(db: Kysely<DB>, merchantId: number): Promise<MerchantPackingRulesRow> {
    const row = await merchantRulesRepo.get(db, merchantId, TenantScope.merchant(merchantId));
    if (!row) throw new AppError('NotFound');
    return row;
  }
}
