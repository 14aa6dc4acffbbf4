import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from '../../core.js';
import type { DB } from '../../db/types.js';
import { OutboxRepo } from './outbox.repo.js';

/**
 * Every mail is first written to the outbox (issue 2 §4: never silently dropped). With SMTP_URL the
 * mail is then sent and marked sent, or its error kept for the administrator; without SMTP the
 * outbox is where an administrator reads it (`GET /v0/mail/outbox`).
 */
export class OutboxMailer implements Mailer {
  private transport: Transporter | null;
  private readonly outbox: OutboxRepo;

  constructor(
    db: Kysely<DB>,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outbox = new OutboxRepo(db);
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  async send(mail: { to: string; subject: string; body: string }): Promise<void> {
    const id = await this.outbox.insert(mail);
    if (!this.transport) return;
    try {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.body });
      await this.outbox.markSent(id);
    } catch (err) {
      this.log.warn({ err, mailId: id }, 'mail delivery failed; kept in the outbox');
      await this.outbox.markFailed(id, String((err as Error).message).slice(0, 500));
    }
  }
}
