import {
  palletCodeParams,
  palletConfigSchema,
  palletFlushSchema,
  palletHandoverScanSchema,
  palletListQuerySchema,
  palletRemoveSchema,
  palletSignedSchema,
} from '@kontor/contracts/domains/pallets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { palletHandoverFlow } from '../../flows/pallet-handover.flow.js';
import { ok } from '../../http/reply.js';
import { can, canRetry } from '../../http/route-config.js';
import { palletsServices } from './index.js';
import { handoverPdf, palletPdf } from './pallet-pdf.service.js';

const tags = ['pallets'];
const SCAN = 'wms.loadingScan.view';
const LIST = 'wms.pallets.list';
const EDIT = 'wms.pallets.edit';

/** Loading configs, the loading scan and the handover (issue 19, facts §2.6, §3.7, docs/loading.md). */
export function registerPalletRoutes(app: FastifyInstance, core: Core): void {
  const { pallets } = palletsServices(core);
  const handover = palletHandoverFlow(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The original calls (facts §2.6), shapes unchanged.
  r.post(
    '/v0/wms/pallets/handover/scan',
    { config: can(SCAN), schema: { tags, summary: 'A plate number or pallet code: the config to load', body: palletHandoverScanSchema } },
    async (req) => ok(await pallets.scan(req.auth!, req.body.scan)),
  );
  r.get(
    '/v0/wms/pallets/:palletCode/tracking',
    { config: can(SCAN), schema: { tags, summary: 'The tracking numbers on a pallet', params: palletCodeParams } },
    async (req) => ok(await pallets.tracking(req.auth!, req.params.palletCode, req.locale)),
  );
  r.post(
    '/v0/wms/pallets/:palletCode/tracking/flush',
    {
      config: canRetry(SCAN),
      schema: { tags, summary: 'Persist tracking numbers on the pallet (idempotent per pallet)', params: palletCodeParams, body: palletFlushSchema },
      // After the call's transaction (and its key's) rolled back: a refused flush keeps its log row.
      onError: async (req, _reply, error) => {
        if (req.auth) await pallets.logRefusal(req.auth, req.params.palletCode, req.body, error).catch(() => undefined);
      },
    },
    async (req) => ok(await pallets.flush(req.auth!, req.params.palletCode, req.body, req.locale)),
  );
  r.post(
    '/v0/wms/pallets/:palletCode/tracking/remove',
    { config: canRetry(SCAN), schema: { tags, summary: 'Take a tracking number off the pallet', params: palletCodeParams, body: palletRemoveSchema } },
    async (req) => ok(await pallets.remove(req.auth!, req.params.palletCode, req.body.trackingNo, req.locale)),
  );

  // The console (/wEP/loadingConfigs).
  r.get('/v0/wms/pallets', { config: can(LIST), schema: { tags, summary: 'Loading configs, newest first', querystring: palletListQuerySchema } }, async (req) =>
    ok(await pallets.list(req.auth!, req.query)),
  );
  r.post('/v0/wms/pallets', { config: canRetry(EDIT), schema: { tags, summary: 'Create a loading config', body: palletConfigSchema } }, async (req) =>
    ok(await pallets.create(req.auth!, req.body)),
  );
  r.put(
    '/v0/wms/pallets/:palletCode',
    { config: canRetry(EDIT), schema: { tags, summary: 'Edit an open loading config', params: palletCodeParams, body: palletConfigSchema } },
    async (req) => ok(await pallets.update(req.auth!, req.params.palletCode, req.body, req.locale)),
  );
  r.post(
    '/v0/wms/pallets/:palletCode/close',
    { config: canRetry(EDIT), schema: { tags, summary: 'Hand the pallet over: its orders become shipped', params: palletCodeParams } },
    async (req) => ok(await handover.close(req.auth!, req.params.palletCode, req.locale)),
  );
  r.post(
    '/v0/wms/pallets/:palletCode/signed',
    {
      config: canRetry(EDIT),
      schema: { tags, summary: 'Keep the signed handover document with the pallet', params: palletCodeParams, body: palletSignedSchema },
    },
    async (req) => ok(await pallets.attachSigned(req.auth!, req.params.palletCode, req.body.files, req.locale)),
  );
  r.get(
    '/v0/wms/pallets/:palletCode/pdf',
    { config: can(LIST), schema: { tags, summary: 'The loading sheet (A4)', params: palletCodeParams } },
    async (req, reply) => {
      const stream = await palletPdf(core.db, req.auth!, req.params.palletCode, req.locale);
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${req.params.palletCode}.pdf"`).send(stream);
    },
  );
  r.get(
    '/v0/wms/pallets/:palletCode/handover.pdf',
    { config: can(LIST), schema: { tags, summary: 'The handover document (A4)', params: palletCodeParams } },
    async (req, reply) => {
      const stream = await handoverPdf(core.db, req.auth!, req.params.palletCode, req.locale);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${req.params.palletCode}-handover.pdf"`)
        .send(stream);
    },
  );
}
