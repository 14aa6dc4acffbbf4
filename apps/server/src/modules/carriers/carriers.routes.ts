import {
  batchPrintLabelSchema,
  buyLabelsSchema,
  carrierAccountCreateSchema,
  carrierAccountUpdateSchema,
  carrierIdParamsSchema,
  carrierPriceListSchema,
  carrierRuleWriteSchema,
  labelRetrySchema,
  labelSnQuerySchema,
  mergedPdfQuerySchema,
  ordersLabelsQuerySchema,
  voidLabelSchema,
} from '@kontor/contracts/domains/carriers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { ok } from '../../http/reply.js';
import { recordRoutes } from '../../http/record-routes.js';
import { can, canRetry, routeDocs } from '../../http/route-config.js';
import { PickScanBatchFlow } from '../../flows/pick-scan-batch.flow.js';
import { registerJobHandler } from '../jobs/index.js';
import { carriersServices, LABEL_RETRY_JOB } from './index.js';
import { TRACK_SUBSCRIBE_ATTEMPTS, TRACK_SUBSCRIBE_JOB } from './tracking-subscriptions.service.js';
import { TenantScope } from '../../db/tenant-scope.js';

const tags = ['carriers'];
const route = routeDocs(tags);
/** Who reads the carrier set-up, and who changes it (a change may be retried with Idempotency-Key). */
const LIST = can('sys.carriers.list');
const EDIT = canRetry('sys.carriers.edit');
const actorOf = (auth: AuthContext) => ({ userId: auth.userId, merchantScope: TenantScope.of(auth) });

/**
 * Carrier accounts, rules, labels, the label queue and the carrier gate's calls (issue 17; docs/carriers.md).
 * Buying is not declared `idempotent`: the carrier is called after the rows commit, which a request
 * transaction would hold back; every parcel has its own idempotency key instead, so a repeat buys nothing.
 */
export function registerCarrierRoutes(app: FastifyInstance, core: Core): void {
  const { accounts, rules, labels, gate, prices } = carriersServices(core);
  const pickScanBatch = new PickScanBatchFlow(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const byId = recordRoutes(app, tags, carrierIdParamsSchema);

  registerJobHandler(
    LABEL_RETRY_JOB,
    async (ctx) => {
      const purchase = await labels.retryQueued(ctx.userId, Number(ctx.payload.orderId));
      return { result: { complete: purchase?.complete ?? null } };
    },
    { maxAttempts: 1 },
  );

  registerJobHandler(TRACK_SUBSCRIBE_JOB, async (ctx) => ({ result: { ...(await labels.subscriptions.subscribeOrder(Number(ctx.payload.orderId))) } }), {
    maxAttempts: TRACK_SUBSCRIBE_ATTEMPTS,
  });

  r.get('/v0/carriers/drivers', route(LIST, 'The carrier drivers, their products and account fields'), async () => ok(accounts.drivers()));
  r.get('/v0/carriers/accounts', route(LIST, 'Carrier accounts (credentials named, never shown)'), async (req) => ok(await accounts.list(req.auth!)));
  r.post('/v0/carriers/accounts', route(EDIT, 'Add a carrier account', { body: carrierAccountCreateSchema }), async (req) =>
    ok(await accounts.create(req.auth!, req.body)),
  );
  byId.put('/v0/carriers/accounts/:id', EDIT, 'Change a carrier account', (auth, id, body) => accounts.update(auth, id, body), carrierAccountUpdateSchema);
  byId.delete('/v0/carriers/accounts/:id', EDIT, 'Delete an unused carrier account', (auth, id) => accounts.remove(auth, id));
  byId.get('/v0/carriers/accounts/:id/prices', LIST, 'The price list of an account (weight bands per product)', (auth, id) => prices.list(auth, id));
  byId.put(
    '/v0/carriers/accounts/:id/prices',
    EDIT,
    'Replace the price list of an account',
    (auth, id, body) => prices.replace(auth, id, body),
    carrierPriceListSchema,
  );
  r.get('/v0/carriers/rules', route(LIST, 'Rules: which account and product serve which orders'), async (req) => ok(await rules.list(req.auth!)));
  r.post('/v0/carriers/rules', route(EDIT, 'Add a rule', { body: carrierRuleWriteSchema }), async (req) => ok(await rules.create(req.auth!, req.body)));
  byId.put('/v0/carriers/rules/:id', EDIT, 'Change a rule', (auth, id, body) => rules.update(auth, id, body), carrierRuleWriteSchema);
  byId.delete('/v0/carriers/rules/:id', EDIT, 'Delete a rule', (auth, id) => rules.remove(auth, id));
  byId.get('/v0/carriers/orders/:id/resolution', LIST, 'The account, product and services an order resolves to', (auth, id) => labels.resolution(auth, id));
  r.get(
    '/v0/carriers/orders/:id/labels',
    route(can('p11y.labels.print'), 'Every label of an order, voided ones included', { params: carrierIdParamsSchema }),
    async (req) => ok(await labels.labels(TenantScope.of(req.auth!), req.params.id)),
  );
  r.get(
    '/v0/carriers/labels',
    route(can('p11y.labels.print'), 'The live labels of several orders (per-carrier lists)', { querystring: ordersLabelsQuerySchema }),
    async (req) => ok(await labels.labelsOfOrders(TenantScope.of(req.auth!), req.query.orderIds)),
  );
  byId.post(
    '/v0/carriers/orders/:id/labels',
    can('p11y.labels.print'),
    'Buy the labels an order lacks (bought ones are reused)',
    (auth, id, body) => labels.buyOrRefuse(auth, id, body),
    buyLabelsSchema,
  );
  r.post(
    '/v0/carriers/labels/:id/void',
    route(can('p11y.labels.manage'), 'Void (cancel) a label at its carrier', { params: carrierIdParamsSchema, body: voidLabelSchema }),
    async (req) => ok(await labels.void(actorOf(req.auth!), req.params.id)),
  );
  r.post(
    '/v0/carriers/queue/retry',
    route(can('p11y.labels.manage'), 'Retry the labels of orders in the label queue', { body: labelRetrySchema }),
    async (req) => ok(await labels.retry(actorOf(req.auth!), req.body.orderIds)),
  );
  for (const path of ['/v0/order/batchPrintLabel', '/v0/order/printShipmentLabelAtScan']) {
    r.post(
      path,
      {
        // Takes Idempotency-Key: rows of the picking scan (initiator packScanBatch) pack their orders first.
        config: canRetry('p11y.labels.print'),
        schema: { tags, summary: 'Labels of orders as the URL of one merged PDF (facts §2.8)', body: batchPrintLabelSchema },
      },
      async (req) => ok(await pickScanBatch.batchPrintLabel(req.auth!, req.body, { claim: path === '/v0/order/batchPrintLabel' })),
    );
  }
  r.get('/v0/labels/merged.pdf', route(can('p11y.labels.print'), 'Labels as one PDF', { querystring: mergedPdfQuerySchema }), async (req, reply) => {
    const pdf = await gate.mergedPdf(req.auth!, req.query.files);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', 'inline; filename="labels.pdf"')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
  r.get(
    '/v0/utils/labelSNBase64',
    route({ access: 'user' }, 'A label for a serial or tracking number as base64 PDF', { querystring: labelSnQuerySchema }),
    async (req) => ok(await gate.labelSnBase64(req.auth!, req.query.q)),
  );
}
