import type { PicklistRules } from '@kontor/contracts/domains/picking';
import type { Core } from '../core.js';
import type { AuthContext } from '../http/access.js';
import { TenantScope } from '../db/tenant-scope.js';
import { AppError } from '../http/app-error.js';
import { stockTransaction } from '../modules/inventory/index.js';
import { outboundServices } from '../modules/outbound/index.js';
import { pickingServices, picklistWriter, staffOnly, type OrderPort } from '../modules/picking/index.js';

/**
 * Picklist writes span two modules in one transaction (issue 18 item 2): the picklist's rows and its
 * orders' status, moved through the outbound machine (checked, locked, in each order's history).
 * The flow owns the transaction; the routes declare `idempotent`, so a retry replays the answer.
 */
function orderPort(core: Core, auth: AuthContext): OrderPort {
  const { orders } = outboundServices(core);
  const actor = { userId: auth.userId, merchantScope: TenantScope.of(auth) };
  return {
    statusOf: async (trx, orderId) => (await orders.current(trx, orderId))?.status ?? null,
    async move(trx, orderId, to, note) {
      const order = await orders.locked(trx, orderId);
      if (!order) throw new AppError('NotFound');
      await orders.status.move(trx, actor, order, to, { action: 'picklist', note });
    },
  };
}

export function picklistFlow(core: Core) {
  const { picking } = pickingServices(core);
  return {
    async create(auth: AuthContext, rules: PicklistRules, savePreset?: string) {
      staffOnly(auth);
      const ids = await stockTransaction(core.db, (trx) => picklistWriter.create(trx, orderPort(core, auth), auth.userId, rules));
      if (savePreset) await picking.savePreset(auth, savePreset, rules);
      const created = [];
      for (const id of ids) created.push(await picking.detail(auth, id));
      return { created: created.map(({ lines: _lines, orders: _orders, ...row }) => row) };
    },
    async cancel(auth: AuthContext, id: number) {
      staffOnly(auth);
      await stockTransaction(core.db, (trx) => picklistWriter.cancel(trx, orderPort(core, auth), id));
      return picking.detail(auth, id);
    },
    async removeOrder(auth: AuthContext, id: number, orderId: number) {
      staffOnly(auth);
      await stockTransaction(core.db, (trx) => picklistWriter.removeOrder(trx, orderPort(core, auth), id, orderId));
      return picking.detail(auth, id);
    },
    async printed(auth: AuthContext, id: number) {
      staffOnly(auth);
      await stockTransaction(core.db, (trx) => picklistWriter.printed(trx, orderPort(core, auth), id));
      return picking.detail(auth, id);
    },
  };
}
