import { pageQuerySchema } from '@kontor/contracts';
import {
  cancelDecisionSchema,
  outboundBulkSchema,
  outboundExceptionSchema,
  outboundOrderCreateSchema,
  outboundOrderUpdateSchema,
  outboundStatusSchema,
} from '@kontor/contracts/domains/outbound';
import { scanLogQuerySchema } from '@kontor/contracts/domains/inbound';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { reallocateWaiting } from './outbound-lists.service.js';
import { outboundServices } from './index.js';
import { OUTBOUND_VIEWS, type OutboundView } from './outbound.resources.js';
import { can, canRetry, dbId, idParams, routeDocs } from '../../http/route-config.js';

const filterValue = z.union([z.string().max(500), z.array(z.string().max(500)).max(100)]);
const listQuery = pageQuerySchema.extend({ s: z.string().max(64).optional(), d: z.enum(['asc', 'desc']).optional() }).catchall(filterValue);
const tags = ['outbound'];
const route = routeDocs(tags);
/** How often waiting orders are offered stock that has arrived (issue 7 §3). */
const REALLOCATE_EVERY_MS = 5_000;
/** Count deltas are folded about once a minute. */
const COMPACT_EVERY_ROUNDS = 12;

/** Outbound task orders (issue 7): lists, counts, detail, create, edit, copy, actions, and the original clients' calls. */
export function registerOutboundRoutes(app: FastifyInstance, core: Core): void {
  const { orders, actions, lists, compat } = outboundServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [view, def] of Object.entries(OUTBOUND_VIEWS) as Array<[OutboundView, { privilege: string }]>) {
    r.get(
      `/v0/outbound/lists/${view}/`,
      route(can(def.privilege), `Orders: ${view} (l, o, q, s, d and field filters)`, { querystring: listQuery }),
      async (req) => ok(await lists.list(req.auth!, view, req.query)),
    );
    r.get(`/v0/outbound/lists/${view}/counts`, route(can(def.privilege), `Count per status: ${view}`), async (req) => ok(await lists.counts(req.auth!, view)));
  }
  r.get('/v0/outbound/orders/:id/detail', { config: can('p11y.orders.list'), schema: { tags, params: idParams } }, async (req) =>
    ok(await orders.detail(req.auth!, req.params.id)),
  );
  r.post('/v0/outbound/orders', route(canRetry('p11y.orders.edit'), 'Create an order (allocates)', { body: outboundOrderCreateSchema }), async (req) =>
    ok(await orders.create(req.auth!, req.body)),
  );
  r.put(
    '/v0/outbound/orders/:id',
    route(canRetry('p11y.orders.edit'), 'Change an order; carries the loaded version', { params: idParams, body: outboundOrderUpdateSchema }),
    async (req) => ok(await orders.update(req.auth!, req.params.id, req.body)),
  );
  r.post('/v0/outbound/orders/:id/copy', { config: canRetry('p11y.orders.edit'), schema: { tags, params: idParams } }, async (req) =>
    ok(await orders.copy(req.auth!, req.params.id)),
  );
  r.post('/v0/outbound/orders/bulk', route(canRetry('p11y.orders.edit'), 'One action on many orders', { body: outboundBulkSchema }), async (req) =>
    ok(await actions.bulk(req.auth!, req.body, req.locale)),
  );
  r.post(
    '/v0/outbound/orders/:id/status',
    route(canRetry('p11y.orders.manage'), 'Set a status by hand (table-checked)', { params: idParams, body: outboundStatusSchema }),
    async (req) => ok(await actions.setStatus(req.auth!, req.params.id, req.body)),
  );
  r.post(
    '/v0/outbound/orders/:id/exception',
    route(canRetry('p11y.orders.manage'), 'Hand an open exception to an owner and/or comment it (logged)', {
      params: idParams,
      body: outboundExceptionSchema,
    }),
    async (req) => ok(await actions.updateException(req.auth!, req.params.id, req.body)),
  );
  r.post(
    '/v0/outbound/orders/:id/cancel-decision',
    route(canRetry('p11y.orders.manage'), 'Approve or decline a cancel request', { params: idParams, body: cancelDecisionSchema }),
    async (req) => ok(await actions.decideCancel(req.auth!, req.params.id, req.body)),
  );

  // The original clients' calls (facts §2.3, §3.4).
  r.get('/v0/p11yorders/', route(can('p11y.orders.list'), 'One order (q = id)', { querystring: z.object({ q: dbId }) }), async (req) =>
    ok(await compat.get(req.auth!, req.query.q)),
  );
  r.get(
    '/v0/p11yorders/list',
    route(can('p11y.orders.list'), 'Orders by number, tracking or reference (o = rows already loaded)', {
      querystring: z.object({
        l: z.coerce.number().int().min(1).max(1000).default(25),
        o: z.coerce.number().int().min(0).max(100_000).default(0),
        q: z.string().trim().max(100).default(''),
      }),
    }),
    async (req) => ok(await compat.list(req.auth!, req.query)),
  );
  r.get(
    '/v0/p11yorders/outOfStock',
    {
      // The pack station's call (facts §3.6 step 5): whoever packs may report a short pick.
      config: canRetry('wms.packScanOrder.view'),
      schema: { tags, summary: 'A short pick: release and wait as out of stock', querystring: z.object({ q: dbId }) },
    },
    async (req) => ok(await compat.outOfStock(req.auth!, req.query.q)),
  );
  r.get(
    '/v0/p11yorders/scanLog',
    route(can('wms.loggingScan.view'), 'Logging scan, outbound variant (facts §3.4)', { querystring: scanLogQuerySchema }),
    async (req) => ok(await compat.scanLog(req.auth!, req.query.id, req.query.q)),
  );

  if (core.config.JOBS) {
    let running = false;
    let rounds = 0;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      rounds += 1;
      reallocateWaiting(core, orders)
        .then(() => (rounds % COMPACT_EVERY_ROUNDS === 0 ? lists.compactCounts() : undefined))
        .catch((err: unknown) => core.log.warn({ err }, 're-allocation failed'))
        .finally(() => (running = false));
    }, REALLOCATE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
