import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from '../../core.js';
import type { DB } from '../../db/types.js';

/**
 * Every mail is first written to the outbox (issue 2 §4: never silently dropped). With SMTP_URL the
 * mail is then sent and marked sent, or its error kept for the administrator; without SMTP the
 * outbox is where an administrator reads it (`GET /v0/mail/outbox`).
 */
export class OutboxMailer implements Mailer {
  private transport: Transporter | null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  async send(mail: { to: string; subject: string; body: string }): Promise<void> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({ to_address: mail.to, subject: mail.subject, body: mail.body, sent_at: null, error: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) return;
    try {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.body });
      await this.db.updateTable('mail_outbox').set({ sent_at: new Date(), attempts: 1 }).where('id', '=', row.id).execute();
    } catch (err) {
      this.log.warn({ err, mailId: row.id }, 'mail delivery failed; kept in the outbox');
      await this.db
        .updateTable('mail_outbox')
        .set({ error: String((err as Error).message).slice(0, 500), attempts: 1 })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
