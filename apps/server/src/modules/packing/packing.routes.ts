import {
  merchantPackingRulesSchema,
  packBatchScanSchema,
  packEfFindSchema,
  packEfSchema,
  packLogQuerySchema,
  packOrderSchema,
  packRefQuerySchema,
  packSingleScanSchema,
  prepackAssignSchema,
  prepackCreateSchema,
} from '@kontor/contracts/domains/packing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { PackEfFlow } from '../../flows/pack-ef.flow.js';
import { PackOrderFlow } from '../../flows/pack-order.flow.js';
import { PackTableFlow } from '../../flows/pack-table.flow.js';
import { PrepackFlow } from '../../flows/prepack.flow.js';
import { ok } from '../../http/reply.js';
import { can, canRetry, idParams, routeDocs } from '../../http/route-config.js';
import { packingServices } from './index.js';

const route = routeDocs(['packing']);

/**
 * Packing (docs/packing.md). The pack calls change stock and take `Idempotency-Key`; the label calls
 * do not (a carrier call must not run inside a request transaction) and rely on the labels' own keys.
 */
export function registerPackingRoutes(app: FastifyInstance, core: Core): void {
  const { packing, merchantRules } = packingServices(core);
  const flow = new PackOrderFlow(core);
  const table = new PackTableFlow(core);
  const prepack = new PrepackFlow(core);
  const ef = new PackEfFlow(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v0/packing/orders/:id/pack',
    route(canRetry('wms.packScanOrder.view'), "Pack the order's units into parcels (or report a short pick)", { params: idParams, body: packOrderSchema }),
    async (req) => ok(await flow.pack(req.auth!, req.params.id, req.body)),
  );
  r.post(
    '/v0/packing/single/scan',
    route(canRetry('wms.packScanSingle.view'), "Single-item station: pack the scanned item's oldest ready order", { body: packSingleScanSchema }),
    async (req) => ok(await flow.packSingle(req.auth!, req.body)),
  );
  r.get(
    '/v0/packing/batch/:id',
    route(can('wms.packScanBatch.view'), 'Batch table: the type-1 picklist (id) with the units scanned per order', { params: idParams }),
    async (req) => ok(await table.state(req.auth!, req.params.id)),
  );
  r.post(
    '/v0/packing/batch/:id/scan',
    route(canRetry('wms.packScanBatch.view'), 'Batch table: one unit to the next open order needing it; a complete order is packed', {
      params: idParams,
      body: packBatchScanSchema,
    }),
    async (req) => ok(await table.scan(req.auth!, req.params.id, req.body)),
  );
  r.get(
    '/v0/packing/pre/keys',
    route(can('wms.packScanPre.view'), 'Pre-packing: keys of identical ready orders with their orders and waiting parcels'),
    async (req) => ok(await prepack.keys(req.auth!)),
  );
  r.post(
    '/v0/packing/pre/parcels',
    route(canRetry('wms.packScanPre.view'), 'Pre-packing: pack parcels of a key ahead', { body: prepackCreateSchema }),
    async (req) => ok(await prepack.prepack(req.auth!, req.body)),
  );
  r.post(
    '/v0/packing/pre/assign',
    route(canRetry('wms.packScanPre.view'), 'Pre-packing: an order of a key takes a pre-packed parcel and is packed', { body: prepackAssignSchema }),
    async (req) => ok(await prepack.assign(req.auth!, req.body)),
  );
  r.post(
    '/v0/packing/orders/:id/label',
    route(can('p11y.labels.print'), "Buy (or reuse) the packed order's labels and print them", { params: idParams }),
    async (req) => ok(await packing.label(req.auth!, req.params.id)),
  );
  r.get('/v0/packing/materials', route({ access: 'staff' as const }, 'Packing materials (items of type 2) for the stations'), async (req) =>
    ok(await packing.materials(req.auth!)),
  );
  r.get('/v0/packing/log', route(can('p11y.packlist.list'), 'The packlist: packed parcels, newest first', { querystring: packLogQuerySchema }), async (req) =>
    ok(await packing.log(req.auth!, req.query)),
  );
  r.post('/v0/packing/log/:id/reprint', route(can('p11y.labels.print'), "Print a packed parcel's label again", { params: idParams }), async (req) =>
    ok(await packing.reprint(req.auth!, req.params.id)),
  );
  r.get(
    '/v0/packing/merchant-rules/:id',
    route(can('sys.merchant.list'), 'The packing rules of a merchant (by merchant id)', { params: idParams }),
    async (req) => ok(await merchantRules.get(req.auth!, req.params.id)),
  );
  r.put(
    '/v0/packing/merchant-rules/:id',
    route(canRetry('sys.merchant.edit'), 'Set the packing rules of a merchant (by merchant id)', { params: idParams, body: merchantPackingRulesSchema }),
    async (req) => ok(await merchantRules.save(req.auth!, req.params.id, req.body)),
  );
  r.get(
    '/v0/packing/ef/find',
    route(can('wms.packScanEF.view'), "Merchant-specific station: the scanned order with its merchant's packing rules", { querystring: packEfFindSchema }),
    async (req) => ok(await ef.find(req.auth!, req.query.q)),
  );
  r.post(
    '/v0/packing/ef/orders/:id/pack',
    route(canRetry('wms.packScanEF.view'), "Merchant-specific station: pack the order once its merchant's rules are met", {
      params: idParams,
      body: packEfSchema,
    }),
    async (req) => ok(await ef.pack(req.auth!, req.params.id, req.body)),
  );
  r.get(
    '/v0/packing/ref',
    route(can('p11y.packScanRef.view'), 'Packing progress of your orders by reference number', { querystring: packRefQuerySchema }),
    async (req) => ok(await packing.byReference(req.auth!, req.query.q)),
  );
}
