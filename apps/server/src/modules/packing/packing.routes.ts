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
import { recordRoutes } from '../../http/record-routes.js';
import { can, canRetry, routeDocs } from '../../http/route-config.js';
import { packingServices } from './index.js';

const route = routeDocs(['packing']);
/** The privilege of each station's screen, which its calls need. */
const ORDER_STATION = 'wms.packScanOrder.view';
const SINGLE_STATION = 'wms.packScanSingle.view';
const BATCH_TABLE = 'wms.packScanBatch.view';
const PREPACKING = 'wms.packScanPre.view';
const MERCHANT_STATION = 'wms.packScanEF.view';

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
  const byId = recordRoutes(app, ['packing']);

  byId.post(
    '/v0/packing/orders/:id/pack',
    canRetry(ORDER_STATION),
    "Pack the order's units into parcels (or report a short pick)",
    (auth, id, body) => flow.pack(auth, id, body),
    packOrderSchema,
  );
  r.post(
    '/v0/packing/single/scan',
    route(canRetry(SINGLE_STATION), "Single-item station: pack the scanned item's oldest ready order", { body: packSingleScanSchema }),
    async (req) => ok(await flow.packSingle(req.auth!, req.body)),
  );
  byId.get('/v0/packing/batch/:id', can(BATCH_TABLE), 'Batch table: the type-1 picklist (id) with the units scanned per order', (auth, id) =>
    table.state(auth, id),
  );
  byId.post(
    '/v0/packing/batch/:id/scan',
    canRetry(BATCH_TABLE),
    'Batch table: one unit to the next open order needing it; a complete order is packed',
    (auth, id, body) => table.scan(auth, id, body),
    packBatchScanSchema,
  );
  r.get('/v0/packing/pre/keys', route(can(PREPACKING), 'Pre-packing: keys of identical ready orders with their orders and waiting parcels'), async (req) =>
    ok(await prepack.keys(req.auth!)),
  );
  r.post('/v0/packing/pre/parcels', route(canRetry(PREPACKING), 'Pre-packing: pack parcels of a key ahead', { body: prepackCreateSchema }), async (req) =>
    ok(await prepack.prepack(req.auth!, req.body)),
  );
  r.post(
    '/v0/packing/pre/assign',
    route(canRetry(PREPACKING), 'Pre-packing: an order of a key takes a pre-packed parcel and is packed', { body: prepackAssignSchema }),
    async (req) => ok(await prepack.assign(req.auth!, req.body)),
  );
  byId.post('/v0/packing/orders/:id/label', can('p11y.labels.print'), "Buy (or reuse) the packed order's labels and print them", (auth, id) =>
    packing.label(auth, id),
  );
  r.get('/v0/packing/materials', route({ access: 'staff' as const }, 'Packing materials (items of type 2) for the stations'), async (req) =>
    ok(await packing.materials(req.auth!)),
  );
  r.get('/v0/packing/log', route(can('p11y.packlist.list'), 'The packlist: packed parcels, newest first', { querystring: packLogQuerySchema }), async (req) =>
    ok(await packing.log(req.auth!, req.query)),
  );
  byId.post('/v0/packing/log/:id/reprint', can('p11y.labels.print'), "Print a packed parcel's label again", (auth, id) => packing.reprint(auth, id));
  byId.get('/v0/packing/merchant-rules/:id', can('sys.merchant.list'), 'The packing rules of a merchant (by merchant id)', (auth, id) =>
    merchantRules.get(auth, id),
  );
  byId.put(
    '/v0/packing/merchant-rules/:id',
    canRetry('sys.merchant.edit'),
    'Set the packing rules of a merchant (by merchant id)',
    (auth, id, body) => merchantRules.save(auth, id, body),
    merchantPackingRulesSchema,
  );
  r.get(
    '/v0/packing/ef/find',
    route(can(MERCHANT_STATION), "Merchant-specific station: the scanned order with its merchant's packing rules", { querystring: packEfFindSchema }),
    async (req) => ok(await ef.find(req.auth!, req.query.q)),
  );
  byId.post(
    '/v0/packing/ef/orders/:id/pack',
    canRetry(MERCHANT_STATION),
    "Merchant-specific station: pack the order once its merchant's rules are met",
    (auth, id, body) => ef.pack(auth, id, body),
    packEfSchema,
  );
  r.get(
    '/v0/packing/ref',
    route(can('p11y.packScanRef.view'), 'Packing progress of your orders by reference number', { querystring: packRefQuerySchema }),
    async (req) => ok(await packing.byReference(req.auth!, req.query.q)),
  );
}
