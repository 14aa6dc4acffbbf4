import { returnInboundSchema, returnListQuerySchema, returnUpdateSchema, returnWriteSchema } from '@kontor/contracts/domains/returns';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { inboundReturn } from '../../flows/return-inbound.flow.js';
import { ok } from '../../http/reply.js';
import { returnsServices } from './index.js';
import { can, canRetry, routeDocs } from '../../http/route-config.js';

const route = routeDocs(['returns']);
const idQuery = z.object({ q: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Returns (RMA) with the original's calls (facts §2.4, §3.9). */
export function registerReturnRoutes(app: FastifyInstance, core: Core): void {
  const { returns } = returnsServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v0/r7greceiving/', route(can('r7g.received.list'), 'One return (q = id)', { querystring: idQuery }), async (req) =>
    ok(await returns.read(req.auth!, req.query.q)),
  );
  r.get('/v0/r7greceiving/list', route(can('r7g.received.list'), 'Returns, newest first (o = last id)', { querystring: returnListQuerySchema }), async (req) =>
    ok(await returns.list(req.auth!, req.query)),
  );
  r.post('/v0/r7greceiving/', route(canRetry('r7g.received.edit'), 'Create a return (answers null)', { body: returnWriteSchema }), async (req) =>
    ok(await returns.create(req.auth!, req.body)),
  );
  r.put('/v0/r7greceiving/', route(canRetry('r7g.received.edit'), 'Save a whole return (answers null)', { body: returnUpdateSchema }), async (req) =>
    ok(await returns.update(req.auth!, req.body)),
  );
  r.post(
    '/v0/r7greceiving/inbound',
    route({ ...can('r7g.received.edit'), idempotent: true }, 'Book the lines into stock; status 100 (Idempotency-Key honoured)', { body: returnInboundSchema }),
    async (req) => ok(await inboundReturn(core, req.auth!, req.body.id, req.body.items)),
  );
  r.post(
    '/v0/r7greceiving/cancel',
    route(canRetry('r7g.received.edit'), 'Cancel a return opened by mistake', { body: z.object({ id: z.number().int().positive() }) }),
    async (req) => ok(await returns.cancel(req.auth!, req.body.id)),
  );
}
