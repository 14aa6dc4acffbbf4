import { pageQuerySchema } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { registerJobHandler } from '../jobs/index.js';
import { exportOutbox, outboxPage } from './outbox.service.js';
import { routeDocs } from '../../http/route-config.js';

const PRIVILEGE = { privilege: 'sys.mail.outbox' } as const;

/**
 * The mail outbox (issue 2 §4): every mail the server sent or could not send, for an administrator;
 * and its export as a background job (the first job kind, used by the jobs indicator too).
 */
export function registerMailRoutes(app: FastifyInstance, core: Core): void {
  registerJobHandler('mail.outbox.export', async ({ db, progress, signal }) => {
    const { rows, csv } = await exportOutbox(db, progress, signal);
    return {
      result: { rows },
      file: { name: `mail-outbox-${new Date().toISOString().slice(0, 10)}.csv`, mime: 'text/csv; charset=utf-8', data: csv },
    };
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = routeDocs(['mail']);
  r.get('/v0/mail/outbox', route({ access: PRIVILEGE }, 'Mails sent or waiting, newest first', { querystring: pageQuerySchema }), async (request) => {
    return ok(await outboxPage(core.db, request.query.l, request.query.o));
  });

  r.post('/v0/mail/outbox/export', route({ access: PRIVILEGE, idempotent: true }, 'Export the outbox as CSV (background job)'), async (request) => {
    const auth = request.auth!;
    return ok(await core.jobs!.enqueue('mail.outbox.export', {}, { userId: auth.userId, merchantId: auth.merchantId }));
  });
}
