import { sql, type Kysely } from 'kysely';

/**
 * Gate users told of a delivery exception by e-mail (issue 19 item 5, docs/carrier-gate.md "Exception
 * mails"). A gate user has no console and no session language, so it gets `language` (en, cn, de; en
 * unless staff choose another), the language of its mails.
 *
 * `gate_tracking_events.noticed_at`: when an exception event's mail was handed to the outbox (or found
 * nothing to send: no e-mail address). A new exception row is stored with it null in the transaction
 * that stores the event, so the duty to tell the user is as durable as the event itself; the partial
 * index holds only the exceptions still to be told. Exceptions stored before this migration count as
 * told: a gate user is not sent a mail for an exception it may have read in the answers long ago.
 */
const statements = [
  `alter table gate_users add column language text not null default 'en' check (language in ('en', 'cn', 'de'))`,
  `alter table gate_tracking_events add column noticed_at timestamptz`,
  `update gate_tracking_events set noticed_at = created_at where kind = 'exception'`,
  `create index gate_tracking_events_notice on gate_tracking_events (id) where kind = 'exception' and noticed_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
