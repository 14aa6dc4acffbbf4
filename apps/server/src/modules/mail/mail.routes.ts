import { EPOCH_CURSOR, pageQuerySchema } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { invalidField } from '../../http/app-error.js';
import { ok } from '../../http/reply.js';
import { toCsv } from '../../lib/csv.js';
import { registerJobHandler } from '../jobs/registry.js';

const PRIVILEGE = { privilege: 'sys.mail.outbox' } as const;
const EXPORT_BATCH = 500;

/**
 * The mail outbox (issue 2 §4): every mail the server sent or could not send, for an administrator;
 * and its export as a background job (the first job kind, used by the jobs indicator too).
 */
export function registerMailRoutes(app: FastifyInstance, core: Core): void {
  registerJobHandler('mail.outbox.export', async ({ db, progress, signal }) => {
    const total = Number(
      (
        await db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rows: unknown[][] = [];
    let lastId = 0;
    while (!signal.aborted) {
      const batch = await db.selectFrom('mail_outbox').selectAll().where('id', '>', lastId).orderBy('id').limit(EXPORT_BATCH).execute();
      if (!batch.length) break;
      for (const m of batch) rows.push([m.id, m.created_at, m.to_address, m.subject, m.sent_at ?? '', m.error ?? '', m.attempts]);
      lastId = batch.at(-1)!.id;
      await progress(rows.length, total);
    }
    const file = toCsv(['id', 'created', 'to', 'subject', 'sent', 'error', 'attempts'], rows);
    return {
      result: { rows: rows.length },
      file: { name: `mail-outbox-${new Date().toISOString().slice(0, 10)}.csv`, mime: 'text/csv; charset=utf-8', data: file },
    };
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  r.get(
    '/v0/mail/outbox',
    { config: { access: PRIVILEGE }, schema: { tags, summary: 'Mails sent or waiting, newest first', querystring: pageQuerySchema } },
    async (request) => {
      const { l, o } = request.query;
      let query = core.db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address as to', 'subject', 'body', 'created_at as createdAt', 'sent_at as sentAt', 'error', 'attempts'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(l);
      if (o && o !== EPOCH_CURSOR) {
        const cursor = new Date(o);
        if (Number.isNaN(cursor.getTime())) throw invalidField('o');
        query = query.where('created_at', '<', cursor);
      }
      const data = await query.execute();
      return ok({ data, next: data.length === l ? new Date(data.at(-1)!.createdAt).toISOString() : null });
    },
  );

  r.post(
    '/v0/mail/outbox/export',
    { config: { access: PRIVILEGE, idempotent: true }, schema: { tags, summary: 'Export the outbox as CSV (background job)' } },
    async (request) => {
      const auth = request.auth!;
      return ok(await core.jobs!.enqueue('mail.outbox.export', {}, { userId: auth.userId, merchantId: auth.merchantId }));
    },
  );
}
