import { skuQcScanQuerySchema, skuQcSetSchema, snScanQuerySchema, snSwapQuerySchema } from '@kontor/contracts/domains/sku-qc';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { canRetry, idParams, routeDocs } from '../../http/route-config.js';
import { outboundServices } from './index.js';

const route = routeDocs(['outbound']);

/**
 * SKU QC, serial capture and the SN swap (issue 18 item 6, docs/sku-qc-serials.md). GET with side
 * effects as the original's handheld calls them (facts §1.4); each takes `Idempotency-Key`, so a
 * client that resends after a lost answer gets the first answer instead of a second piece or serial.
 */
export function registerSkuQcRoutes(app: FastifyInstance, core: Core): void {
  const { qc } = outboundServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v0/p11yorders/scanItemSKUQC',
    route(canRetry('wms.skuScan.view'), 'SKU QC: one piece of the next required SKU; empty q reads progress', { querystring: skuQcScanQuerySchema }),
    async (req) => ok(await qc.skuScan(req.auth!, req.query.id, req.query.q)),
  );
  r.get(
    '/v0/p11yorders/scanItemSN',
    route(canRetry('wms.skuScan.view'), "A serial for the order's item; empty q reads progress", { querystring: snScanQuerySchema }),
    async (req) => ok(await qc.snScan(req.auth!, req.query.id, req.query.itemID, req.query.q)),
  );
  r.get(
    '/v0/p11yorders/swapSN',
    route(canRetry('wms.snScan.view'), 'SN swap: id 0 finds the order, then two original serials make a new one', { querystring: snSwapQuerySchema }),
    async (req) => ok(await qc.swap(req.auth!, req.query.id, req.query.q)),
  );
  r.put(
    '/v0/outbound/orders/:id/sku-qc',
    route(canRetry('p11y.orders.manage'), 'The SKUs the order is checked against at the shipping table, in scan order', {
      params: idParams,
      body: skuQcSetSchema,
    }),
    async (req) => ok(await qc.setRequired(req.auth!, req.params.id, req.body.skus)),
  );
}
