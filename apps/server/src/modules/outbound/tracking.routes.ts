import { carrierWebhookParams, partialFinishSchema } from '@kontor/contracts/domains/tracking';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { can, canRetry, idParams, routeDocs } from '../../http/route-config.js';
import { carrierTrackingFlow } from '../../flows/carrier-tracking.flow.js';
import { carriersServices } from '../carriers/index.js';
import { registerJobHandler } from '../jobs/index.js';
import { outboundServices } from './index.js';

const route = routeDocs(['outbound']);
/** The largest push a carrier may send (a Track Alert message is under 2 KB; a batch of sandbox events more). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The job kind of one tracking round (poll, then finish); the interval below runs the same work. */
export const TRACKING_POLL_JOB = 'outbound.tracking.poll';

/**
 * Tracking to delivery and finishing (issue 19 items 5, 6; docs/shipping.md "Tracking"): an order's
 * events for the order drawer, the partial finish by staff, the poll as a job kind and, when jobs run
 * (`JOBS`) and `TRACKING_POLL_MS` is above 0, an interval that polls and finishes in the background.
 * Carriers that push their events call `POST /v0/carriers/webhooks/:carrier` (docs/shipping.md
 * "Webhooks"): no session, the signature is the proof; the events take the poll's path.
 */
export function registerTrackingRoutes(app: FastifyInstance, core: Core): void {
  const { tracking } = outboundServices(core);
  // A round and a push also reach the carrier gate's parcels (docs/carrier-gate.md "Tracking").
  const carrierTracking = carrierTrackingFlow(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v0/outbound/orders/:id/tracking',
    route(can('p11y.orders.list'), "An order's carrier tracking events, newest first", { params: idParams }),
    async (req) => ok(await tracking.events(req.auth!, req.params.id)),
  );
  r.post(
    '/v0/outbound/orders/:id/partialFinish',
    route(canRetry('p11y.orders.manage'), 'Finish a partially shipped order partially, with a reason', { params: idParams, body: partialFinishSchema }),
    async (req) => ok(await tracking.partialFinish(req.auth!, req.params.id, req.body)),
  );

  r.post('/v0/outbound/tracking/poll', route(can('p11y.orders.manage'), 'Poll the carriers for tracking now (one round, then the finishing)'), async (req) =>
    ok(await carrierTracking.pollNow(req.auth!)),
  );
  // The signature covers the body's bytes as sent, so this scope keeps JSON bodies raw.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/v0/carriers/webhooks/:carrier',
        route({ access: 'public' }, 'Tracking events a carrier pushes, verified by its signature', { params: carrierWebhookParams }),
        async (req) => {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const { events } = await carriersServices(core).webhooks.verify(req.params.carrier, raw, req.headers);
          return ok(await carrierTracking.push(req.params.carrier, events));
        },
      );
  });

  registerJobHandler(TRACKING_POLL_JOB, async ({ payload }) => {
    const limit = Number(payload.limit) > 0 ? Number(payload.limit) : core.config.TRACKING_POLL_LIMIT;
    return { result: await carrierTracking.round(limit) };
  });

  if (core.config.JOBS && core.config.TRACKING_POLL_MS > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      carrierTracking
        .round(core.config.TRACKING_POLL_LIMIT)
        .catch((err: unknown) => core.log.warn({ err }, 'tracking round failed'))
        .finally(() => (running = false));
    }, core.config.TRACKING_POLL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
