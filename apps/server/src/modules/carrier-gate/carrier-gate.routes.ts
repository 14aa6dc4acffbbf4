import {
  gateBillBuildSchema,
  gateBillListQuerySchema,
  gateIdempotencyHeaderSchema,
  gateKeyCreateSchema,
  gateShipmentListQuerySchema,
  gateShipmentSchema,
  gateUserCreateSchema,
  gateUserListQuerySchema,
  gateUserUpdateSchema,
} from '@kontor/contracts/domains/carrier-gate';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { sendFile } from '../../http/send-file.js';
import { ok } from '../../http/reply.js';
import { can, canRetry, idParams, routeDocs } from '../../http/route-config.js';
import { TRACK_SUBSCRIBE_ATTEMPTS } from '../carriers/index.js';
import { registerJobHandler } from '../jobs/index.js';
import { GATE_TRACK_SUBSCRIBE_JOB } from './gate-shipments.service.js';
import { carrierGateServices } from './index.js';

const route = routeDocs(['carrier gate']);
/** The gate's API authenticates by its own key (X-Api-Key or a `kgk_` bearer), not by a session. */
const byApiKey = { access: 'public' as const };

/** Gate users, keys and bills for the console; label purchase for gate users with an API key (docs/carrier-gate.md). */
export function registerCarrierGateRoutes(app: FastifyInstance, core: Core): void {
  const { users, shipments, bills } = carrierGateServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // UPS Track Alert for the shipments' labels, retried as the order labels' subscription job is.
  registerJobHandler(GATE_TRACK_SUBSCRIBE_JOB, async (ctx) => ({ result: { ...(await shipments.subscribeTracking(Number(ctx.payload.shipmentId))) } }), {
    maxAttempts: TRACK_SUBSCRIBE_ATTEMPTS,
  });

  r.get(
    '/v0/carriergate/users',
    route(can('c5r.users.list'), 'Gate users with their active keys and labels', { querystring: gateUserListQuerySchema }),
    async (req) => ok(await users.list(req.auth!, req.query)),
  );
  r.post('/v0/carriergate/users', route(canRetry('c5r.users.edit'), 'Add a gate user', { body: gateUserCreateSchema }), async (req) =>
    ok(await users.create(req.auth!, req.body)),
  );
  r.put('/v0/carriergate/users/:id', route(canRetry('c5r.users.edit'), 'Change a gate user', { params: idParams, body: gateUserUpdateSchema }), async (req) =>
    ok(await users.update(req.auth!, req.params.id, req.body)),
  );
  r.get('/v0/carriergate/users/:id/keys', route(can('c5r.users.list'), "A gate user's API keys (never the key itself)", { params: idParams }), async (req) =>
    ok(await users.keys(req.auth!, req.params.id)),
  );
  r.post(
    '/v0/carriergate/users/:id/keys',
    route(can('c5r.users.edit'), 'Make an API key; the answer is the only time the key is shown', { params: idParams, body: gateKeyCreateSchema }),
    async (req) => ok(await users.createKey(req.auth!, req.params.id, req.body.name)),
  );
  r.post('/v0/carriergate/keys/:id/revoke', route(canRetry('c5r.users.edit'), 'Revoke an API key', { params: idParams }), async (req) =>
    ok(await users.revokeKey(req.auth!, req.params.id)),
  );
  r.get(
    '/v0/carriergate/shipments',
    route(can('c5r.users.list'), 'The newest gate shipments, of one user or all', { querystring: gateShipmentListQuerySchema }),
    async (req) => ok(await shipments.list(req.query.gateUserId, req.query.l)),
  );
  r.post(
    '/v0/carriergate/shipments/:id/void',
    route(canRetry('c5r.users.edit'), 'Void the labels of a gate shipment (staff)', { params: idParams }),
    async (req) => ok(await shipments.voidByStaff(req.auth!, req.params.id)),
  );
  r.get(
    '/v0/carriergate/shipments/:id/label.pdf',
    route(can('c5r.users.list'), "A gate shipment's labels as one file", { params: idParams }),
    async (req, reply) => sendFile(reply, { ...(await shipments.labelFile(null, req.params.id)), name: `gate-${req.params.id}.pdf` }, 'inline'),
  );

  r.get('/v0/carriergate/bills', route(can('c5r.bills.list'), 'Gate bills by user, month and status', { querystring: gateBillListQuerySchema }), async (req) =>
    ok(await bills.list(req.auth!, req.query)),
  );
  r.get('/v0/carriergate/bills/:id', route(can('c5r.bills.list'), 'A gate bill with its lines', { params: idParams }), async (req) =>
    ok(await bills.detail(req.auth!, req.params.id)),
  );
  r.post(
    '/v0/carriergate/bills/build',
    route(canRetry('c5r.bills.edit'), "Build a month's bills (default last month); drafts are rebuilt", { body: gateBillBuildSchema }),
    async (req) => ok(await bills.build(req.auth!, req.body)),
  );
  r.post(
    '/v0/carriergate/bills/:id/issue',
    route(canRetry('c5r.bills.edit'), 'Issue a draft bill (it never changes again)', { params: idParams }),
    async (req) => ok(await bills.issue(req.auth!, req.params.id)),
  );
  r.get('/v0/carriergate/bills/:id/bill.csv', route(can('c5r.bills.list'), 'A gate bill as CSV', { params: idParams }), async (req, reply) =>
    sendFile(reply, { mime: 'text/csv; charset=utf-8', ...(await bills.csv(req.auth!, req.params.id, req.locale)) }, 'attachment'),
  );
  r.get('/v0/carriergate/bills/:id/bill.pdf', route(can('c5r.bills.list'), 'A gate bill as PDF', { params: idParams }), async (req, reply) =>
    sendFile(reply, { mime: 'application/pdf', ...(await bills.pdf(req.auth!, req.params.id, req.locale)) }, 'inline'),
  );

  // The API of the gate users themselves: every call names its key; a wrong one is ApiKeyInvalid.
  r.post(
    '/v0/gate/shipments',
    route(byApiKey, 'Buy the labels of a shipment (API key, Idempotency-Key required)', { headers: gateIdempotencyHeaderSchema, body: gateShipmentSchema }),
    async (req) => ok(await shipments.buy(await users.authenticate(req.headers), req.headers['idempotency-key'], req.body)),
  );
  r.get('/v0/gate/shipments/:id', route(byApiKey, 'A shipment of the key’s user', { params: idParams }), async (req) =>
    ok(await shipments.get(await users.authenticate(req.headers), req.params.id)),
  );
  r.post('/v0/gate/shipments/:id/void', route(byApiKey, 'Void the labels of a shipment', { params: idParams }), async (req) =>
    ok(await shipments.void(await users.authenticate(req.headers), req.params.id)),
  );
  r.get('/v0/gate/shipments/:id/label.pdf', route(byApiKey, 'The labels of a shipment as one file', { params: idParams }), async (req, reply) => {
    const gateUserId = await users.authenticate(req.headers);
    return sendFile(reply, { ...(await shipments.labelFile(gateUserId, req.params.id)), name: `gate-${req.params.id}.pdf` }, 'inline');
  });
}
