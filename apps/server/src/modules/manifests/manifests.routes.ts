import { handoverActivityQuerySchema, manifestCloseSchema, manifestDayQuerySchema, manifestFlagSchema } from '@kontor/contracts/domains/manifests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { sendFile } from '../../http/send-file.js';
import { ok } from '../../http/reply.js';
import { can, canRetry, idParams, routeDocs } from '../../http/route-config.js';
import { registerJobHandler } from '../jobs/index.js';
import { manifestsServices, MANIFEST_CUTOFF_JOB } from './index.js';

const route = routeDocs(['manifests']);
const LIST = 'wms.manifests.list';
const EDIT = 'wms.manifests.edit';

/**
 * End-of-day manifests (issue 19 item 4, docs/manifests.md): the day per carrier account, "Close day",
 * the documents, and the cut-off check as a job kind and, when jobs run and `MANIFEST_CUTOFF_MS` is
 * above 0, an interval.
 */
export function registerManifestRoutes(app: FastifyInstance, core: Core): void {
  const { manifests, handoverActivity } = manifestsServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v0/wms/manifests',
    route(can(LIST), "A day's handed-over parcels per carrier account, with its manifests", { querystring: manifestDayQuerySchema }),
    async (req) => ok(await manifests.day(req.auth!, req.query.day)),
  );
  // Issue 19 item 8: the day's handover per merchant, as billed (billing_activity through the billing module).
  r.get(
    '/v0/wms/manifests/activity',
    route(can(LIST), "A day's handover activity per merchant: pallets and parcels handed over", { querystring: handoverActivityQuerySchema }),
    async (req) => ok(await handoverActivity.day(req.auth!, req.query.day)),
  );
  r.get(
    '/v0/wms/manifests/activity.csv',
    route(can(LIST), "A day's handover activity per merchant as CSV", { querystring: handoverActivityQuerySchema }),
    async (req, reply) => {
      const file = await handoverActivity.csv(req.auth!, req.query.day, req.locale);
      return sendFile(reply, { mime: 'text/csv; charset=utf-8', ...file }, 'attachment');
    },
  );
  r.post(
    '/v0/wms/manifests/close',
    // Not keyed: closing is idempotent per account and day by itself, and the carrier's close-out call must
    // follow the committed manifest, which a keyed request transaction would hold back (as label purchases).
    route(can(EDIT), "Close an account's day: manifest the parcels handed over (idempotent)", { body: manifestCloseSchema }),
    async (req) => ok(await manifests.close(req.auth!, req.body)),
  );
  r.post('/v0/wms/manifests/flagLate', route(canRetry(EDIT), 'Flag parcels not manifested by the cut-off now', { body: manifestFlagSchema }), async (req) =>
    ok({ flagged: await manifests.flagLateNow(req.auth!) }),
  );
  r.get('/v0/wms/manifests/:id/manifest.pdf', route(can(LIST), 'A manifest as A4 PDF', { params: idParams }), async (req, reply) => {
    const file = await manifests.pdf(req.auth!, req.params.id, req.locale);
    return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition('inline', file.name)).send(file.stream);
  });
  r.get('/v0/wms/manifests/:id/manifest.csv', route(can(LIST), 'A manifest as CSV', { params: idParams }), async (req, reply) => {
    const file = await manifests.csv(req.auth!, req.params.id, req.locale);
    return sendFile(reply, { mime: 'text/csv; charset=utf-8', ...file }, 'attachment');
  });

  registerJobHandler(MANIFEST_CUTOFF_JOB, async () => ({ result: { flagged: await manifests.flagLate() } }));

  if (core.config.JOBS && core.config.MANIFEST_CUTOFF_MS > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      manifests
        .flagLate()
        .catch((err: unknown) => core.log.warn({ err }, 'manifest cut-off check failed'))
        .finally(() => (running = false));
    }, core.config.MANIFEST_CUTOFF_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
