import { shipScanQuerySchema } from '@kontor/contracts/domains/shipping';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { can, canRetry } from '../../http/route-config.js';
import { outboundServices } from './index.js';

const tags = ['outbound'];

/**
 * The shipping scan and the floor views (issue 19, docs/shipping.md). `scanShipSN` is a GET with side
 * effects as the handheld calls it (facts §1.4); it takes `Idempotency-Key`, and a repeat of a code is
 * harmless anyway (it answers `alreadyScanned`). A refused scan is written to the shipping log after
 * its transaction has rolled back (`onError`), so the log keeps refusals too.
 */
export function registerShippingScanRoutes(app: FastifyInstance, core: Core): void {
  const { shipping, floor } = outboundServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v0/p11yorders/scanShipSN',
    {
      config: canRetry('wms.shippingScan.view'),
      schema: { tags, summary: 'Shipping scan: confirms a parcel by tracking or order number', querystring: shipScanQuerySchema },
      onError: async (req, _reply, error) => {
        const q = (req.query as { q?: unknown }).q;
        // Only a scan that reached the scanning rules: a session without the privilege scanned nothing, and
        // a code the schema refused (too long, not text) was no scan either — not an `InternalError` row.
        if (error.validation) return;
        if (req.auth?.privileges.has('wms.shippingScan.view') && typeof q === 'string') await shipping.logRefusal(req.auth, q, error).catch(() => undefined);
      },
    },
    async (req) => ok(await shipping.scan(req.auth!, req.query.q)),
  );
  r.get('/v0/outbound/floor', { config: can('oms.outbound.list'), schema: { tags, summary: 'What the floor must act on now' } }, async (req) =>
    ok(await floor.summary(req.auth!)),
  );
  r.get(
    '/v0/outbound/floor/problematic',
    { config: can('p11y.problematic.list'), schema: { tags, summary: 'What the floor must act on now (problematic view)' } },
    async (req) => ok(await floor.summary(req.auth!)),
  );
}
