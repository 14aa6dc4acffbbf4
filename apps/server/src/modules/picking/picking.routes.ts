import {
  p11yPickListQuerySchema,
  p11yPickPutSchema,
  picklistCreateSchema,
  picklistListQuerySchema,
  picklistPresetSchema,
  picklistRemoveOrderSchema,
} from '@kontor/contracts/domains/picking';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { picklistFlow } from '../../flows/picklist.flow.js';
import { ok } from '../../http/reply.js';
import { can, canRetry, dbId, idParams, routeDocs } from '../../http/route-config.js';
import { pickingServices } from './index.js';
import { picklistPdf } from './picklist-pdf.service.js';

const tags = ['picking'];
const route = routeDocs(tags);
const asList = (value: number | number[] | undefined): number[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const LIST = 'p11y.pick2C.list';
const EDIT = 'p11y.pick2C.edit';

/** Picklists (issue 18): the original handheld's `p11y/pick` calls, and the console's waves, presets and PDF. */
export function registerPickingRoutes(app: FastifyInstance, core: Core): void {
  const { picking } = pickingServices(core);
  const flow = picklistFlow(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The original calls (facts §2.5, §3.6), shapes unchanged.
  r.get('/v0/p11y/pick/any', route(can(LIST), 'A picklist by number or id', { querystring: z.object({ q: z.string().trim().min(1).max(100) }) }), async (req) =>
    ok(await picking.any(req.auth!, req.query.q)),
  );
  r.get(
    '/v0/picking/item',
    route(can(LIST), 'An item by SKU, barcode or alias for the picking stations', { querystring: z.object({ q: z.string().trim().min(1).max(100) }) }),
    async (req) => ok(await picking.itemAny(req.auth!, req.query.q)),
  );
  r.get('/v0/p11y/pick/', route(can(LIST), 'The whole picklist (q = id)', { querystring: z.object({ q: dbId }) }), async (req) =>
    ok(await picking.get(req.auth!, req.query.q)),
  );
  r.put('/v0/p11y/pick/', route(canRetry(LIST), 'Save progress: the whole object, merged; then the status rule', { body: p11yPickPutSchema }), async (req) =>
    ok(await picking.put(req.auth!, req.body)),
  );
  r.get('/v0/p11y/pick/list', route(can(LIST), 'Picklists (o = rows already loaded)', { querystring: p11yPickListQuerySchema }), async (req) =>
    ok(await picking.list(req.auth!, { ...req.query, statuses: [...asList(req.query['Status[]']), ...asList(req.query.Status)] })),
  );

  // The console (/wEP/pick2C, /mEP/picklist).
  r.get('/v0/picking/picklists', route(can(LIST), 'Picklists for the console', { querystring: picklistListQuerySchema }), async (req) =>
    ok(await picking.rows(req.auth!, { ...req.query, statuses: asList(req.query.status), type: req.query.type ?? null })),
  );
  r.post('/v0/picking/picklists', route(canRetry(EDIT), 'Create picklists by rules', { body: picklistCreateSchema }), async (req) =>
    ok(await flow.create(req.auth!, req.body.rules, req.body.savePreset)),
  );
  r.get('/v0/picking/picklists/:id/detail', { config: can(LIST), schema: { tags, params: idParams } }, async (req) =>
    ok(await picking.detail(req.auth!, req.params.id)),
  );
  r.post('/v0/picking/picklists/:id/cancel', { config: canRetry(EDIT), schema: { tags, params: idParams } }, async (req) =>
    ok(await flow.cancel(req.auth!, req.params.id)),
  );
  r.post(
    '/v0/picking/picklists/:id/remove-order',
    { config: canRetry(EDIT), schema: { tags, params: idParams, body: picklistRemoveOrderSchema } },
    async (req) => ok(await flow.removeOrder(req.auth!, req.params.id, req.body.orderId)),
  );
  r.post('/v0/picking/picklists/:id/printed', route(canRetry(LIST), 'The PDF was printed', { params: idParams }), async (req) =>
    ok(await flow.printed(req.auth!, req.params.id)),
  );
  r.get('/v0/picking/picklists/:id/pdf', route(can(LIST), 'The picklist PDF (A4)', { params: idParams }), async (req, reply) => {
    const pdf = await picklistPdf(core.db, req.auth!, req.params.id, req.locale);
    return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${pdf.unid}.pdf"`).send(pdf.stream);
  });
  r.get('/v0/picking/presets', { config: can(LIST), schema: { tags } }, async (req) => ok(await picking.presets(req.auth!)));
  r.post('/v0/picking/presets', { config: canRetry(EDIT), schema: { tags, body: picklistPresetSchema } }, async (req) =>
    ok(await picking.savePreset(req.auth!, req.body.name, req.body.rules)),
  );
  r.delete('/v0/picking/presets/:id', { config: canRetry(EDIT), schema: { tags, params: idParams } }, async (req) =>
    ok(await picking.deletePreset(req.auth!, req.params.id)),
  );
  r.get(
    '/v0/picking/merchant-progress',
    route(can(LIST), "A merchant's own orders in picklists", {
      querystring: z.object({ l: z.coerce.number().int().min(1).max(1000).default(25), o: z.coerce.number().int().min(0).max(1_000_000).default(0) }),
    }),
    async (req) => ok(await picking.merchantProgress(req.auth!, req.query)),
  );
}
