import { returnInboundSchema, returnListQuerySchema, returnUpdateSchema, returnWriteSchema } from '@kontor/contracts/domains/returns';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { afterCommit } from '../../db/request-transaction.js';
import { inboundReturn } from '../../flows/return-inbound.flow.js';
import { stockTransaction } from '../inventory/stock-tx.js';
import { outboundServices } from '../outbound/outbound-services.js';
import { scopeMerchantId } from '../../http/access.js';
import { ok } from '../../http/reply.js';
import { noticeReturn } from './returns-notice.js';
import { lineNames } from './returns.repo.js';
import { ReturnsService, toWire } from './returns.service.js';

const can = (privilege: string) => ({ access: { privilege } });
/** A call a client may retry: it takes Idempotency-Key (http/idempotency.ts). */
const canRetry = (privilege: string) => ({ access: { privilege }, idempotent: true });
const tags = ['returns'];
const idQuery = z.object({ q: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Returns (RMA) with the original's calls (facts §2.4, §3.9). */
export function registerReturnRoutes(app: FastifyInstance, core: Core): void {
  const returns = new ReturnsService(core);
  const { retour } = outboundServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v0/r7greceiving/', { config: can('r7g.received.list'), schema: { tags, summary: 'One return (q = id)', querystring: idQuery } }, async (req) =>
    ok(await returns.read(req.auth!, req.query.q)),
  );
  r.get(
    '/v0/r7greceiving/list',
    { config: can('r7g.received.list'), schema: { tags, summary: 'Returns, newest first (o = last id)', querystring: returnListQuerySchema } },
    async (req) => {
      const page = await returns.repo.list(core.db, scopeMerchantId(req.auth!), { ...req.query, statuses: req.query['Status[]'] });
      const names = await lineNames(core.db, page.rows);
      return ok({ total: page.total, next: page.next, data: page.rows.map((row) => toWire(row, names)) });
    },
  );
  r.post(
    '/v0/r7greceiving/',
    { config: canRetry('r7g.received.edit'), schema: { tags, summary: 'Create a return (answers null)', body: returnWriteSchema } },
    async (req) => ok(await returns.create(req.auth!, req.body)),
  );
  r.put(
    '/v0/r7greceiving/',
    { config: canRetry('r7g.received.edit'), schema: { tags, summary: 'Save a whole return (answers null)', body: returnUpdateSchema } },
    async (req) => ok(await returns.update(req.auth!, req.body)),
  );
  r.post(
    '/v0/r7greceiving/inbound',
    {
      config: { ...can('r7g.received.edit'), idempotent: true },
      schema: { tags, summary: 'Book the lines into stock; status 100 (Idempotency-Key honoured)', body: returnInboundSchema },
    },
    async (req) => {
      const answer = await stockTransaction(core.db, (trx) => inboundReturn(trx, { returns, retour }, req.auth!, req.body.id, req.body.items));
      await afterCommit(() => noticeReturn(core, answer));
      return ok(answer);
    },
  );
  r.post(
    '/v0/r7greceiving/cancel',
    {
      config: canRetry('r7g.received.edit'),
      schema: { tags, summary: 'Cancel a return opened by mistake', body: z.object({ id: z.number().int().positive() }) },
    },
    async (req) => ok(await returns.cancel(req.auth!, req.body.id)),
  );
}
