import type { Locale } from '@kontor/contracts';
import type { Core } from '../core.js';
import type { AuthContext } from '../http/access.js';
import { TenantScope } from '../db/tenant-scope.js';
import { AppError } from '../http/app-error.js';
import { billing } from '../modules/billing/index.js';
import { stockTransaction } from '../modules/inventory/index.js';
import { outboundServices } from '../modules/outbound/index.js';
import { closePallet, loadingNotFound, staffOnly, type HandoverOrderPort } from '../modules/pallets/index.js';

/**
 * Handing a pallet over changes three modules' records in one transaction (issue 19 item 4): the
 * pallet closes, its orders move to shipped or partially shipped through the outbound machine (locked,
 * checked, in each order's history) and the handover is recorded as billing activity.
 */
export function palletHandoverFlow(core: Core) {
  return {
    async close(auth: AuthContext, code: string, locale: Locale) {
      staffOnly(auth);
      const { orders } = outboundServices(core);
      const actor = { userId: auth.userId, merchantScope: TenantScope.of(auth) };
      const port: HandoverOrderPort = {
        async move(trx, orderId, to, note) {
          const order = await orders.locked(trx, orderId);
          if (!order) throw new AppError('NotFound');
          await orders.status.move(trx, actor, order, to, { action: 'handover', note });
        },
      };
      try {
        return await stockTransaction(core.db, async (trx) => {
          const { result, activity } = await closePallet(trx, port, code, auth.userId, locale);
          await billing.record(trx, activity);
          return result;
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'NotFound' && !error.options.detail) throw loadingNotFound(code, locale);
        throw error;
      }
    },
  };
}
