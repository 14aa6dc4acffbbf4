import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { newestFirst, type TimeKeyset } from '../../db/keyset.js';

/** SQL of the mail outbox (issue 2 §4). */
export class OutboxRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(mail: { to: string; subject: string; body: string }): Promise<number> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({ to_address: mail.to, subject: mail.subject, body: mail.body, sent_at: null, error: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async markSent(id: number): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ sent_at: new Date(), attempts: 1 }).where('id', '=', id).execute();
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ error, attempts: 1 }).where('id', '=', id).execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whole rows after an id, oldest first (the export walks the outbox in batches). */
  async batchAfter(lastId: number, limit: number) {
    return this.db.selectFrom('mail_outbox').selectAll().where('id', '>', lastId).orderBy('id').limit(limit).execute();
  }

  /** One page of the outbox newest first, after a cursor when given. */
  async page(limit: number, after: TimeKeyset | null) {
    const query = this.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address as to', 'subject', 'body', 'created_at as createdAt', 'sent_at as sentAt', 'error', 'attempts']);
    return newestFirst(query, { time: 'created_at', id: 'id' }, after, limit).execute();
  }
}
