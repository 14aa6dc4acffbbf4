import { partialFinishSchema } from '@kontor/contracts/domains/tracking';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { can, canRetry, idParams } from '../../http/route-config.js';
import { registerJobHandler } from '../jobs/index.js';
import { outboundServices } from './index.js';
import { trackingRound } from './tracking.service.js';

const tags = ['outbound'];
/** The job kind of one tracking round (poll, then finish); the interval below runs the same work. */
export const TRACKING_POLL_JOB = 'outbound.tracking.poll';

/**
 * Tracking to delivery and finishing (issue 19 items 5, 6; docs/shipping.md "Tracking"): an order's
 * events for the order drawer, the partial finish by staff, the poll as a job kind and, when jobs run
 * (`JOBS`) and `TRACKING_POLL_MS` is above 0, an interval that polls and finishes in the background.
 */
export function registerTrackingRoutes(app: FastifyInstance, core: Core): void {
  const { tracking } = outboundServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v0/outbound/orders/:id/tracking',
    { config: can('p11y.orders.list'), schema: { tags, summary: "An order's carrier tracking events, newest first", params: idParams } },
    async (req) => ok(await tracking.events(req.auth!, req.params.id)),
  );
  r.post(
    '/v0/outbound/orders/:id/partialFinish',
    {
      config: canRetry('p11y.orders.manage'),
      schema: { tags, summary: 'Finish a partially shipped order partially, with a reason', params: idParams, body: partialFinishSchema },
    },
    async (req) => ok(await tracking.partialFinish(req.auth!, req.params.id, req.body)),
  );

  r.post(
    '/v0/outbound/tracking/poll',
    { config: can('p11y.orders.manage'), schema: { tags, summary: 'Poll the carriers for tracking now (one round, then the finishing)' } },
    async (req) => ok(await tracking.pollNow(req.auth!)),
  );

  registerJobHandler(TRACKING_POLL_JOB, async ({ payload }) => {
    const limit = Number(payload.limit) > 0 ? Number(payload.limit) : core.config.TRACKING_POLL_LIMIT;
    return { result: await trackingRound(tracking, limit) };
  });

  if (core.config.JOBS && core.config.TRACKING_POLL_MS > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      trackingRound(tracking, core.config.TRACKING_POLL_LIMIT)
        .catch((err: unknown) => core.log.warn({ err }, 'tracking round failed'))
        .finally(() => (running = false));
    }, core.config.TRACKING_POLL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
