import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { invalidField } from '../../http/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { decodeCursor, keysetPage } from '../../lib/cursor.js';
import { OutboxRepo } from './outbox.repo.js';

const EXPORT_BATCH = 500;

/** One page of the outbox, newest first; `o` is the cursor of the previous page's last mail (its creation time, `~id`). */
export async function outboxPage(db: Kysely<DB>, l: number, o: string | undefined) {
  if (o && Number.isNaN(new Date(o.split('~')[0]!).getTime())) throw invalidField('o');
  return keysetPage(await new OutboxRepo(db).page(l, decodeCursor(o)), l);
}

/** The whole outbox as CSV, read in batches with progress; stops early when the job is cancelled. */
export async function exportOutbox(db: Kysely<DB>, progress: (done: number, total: number) => Promise<void>, signal: AbortSignal) {
  const repo = new OutboxRepo(db);
  const total = await repo.count();
  const rows: unknown[][] = [];
  let lastId = 0;
  while (!signal.aborted) {
    const batch = await repo.batchAfter(lastId, EXPORT_BATCH);
    if (!batch.length) break;
    for (const m of batch) rows.push([m.id, m.created_at, m.to_address, m.subject, m.sent_at ?? '', m.error ?? '', m.attempts]);
    lastId = batch.at(-1)!.id;
    await progress(rows.length, total);
  }
  return { rows: rows.length, csv: toCsv(['id', 'created', 'to', 'subject', 'sent', 'error', 'attempts'], rows) };
}
