import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import { stockTransaction } from '../modules/inventory/stock-tx.js';
import { AppError } from './app-error.js';

const KEEP_DAYS = 7;

/** Raised inside the transaction when the key is already taken: rolls back, then the stored answer is read. */
class Replay extends Error {}

/**
 * Runs `work` in one transaction; when the request carries an `Idempotency-Key` (architecture rule 8,
 * issue 6), the key and the answer are written in that same transaction. A request repeating the key
 * gets the stored answer and changes nothing: on PostgreSQL a concurrent twin waits on the key's row
 * until the first commits, then replays it. A failed first attempt rolls its key back with its work,
 * so resending after an error runs again. A key reused for another call is refused.
 */
export async function idempotent<T>(
  db: Kysely<DB>,
  request: FastifyRequest,
  work: (trx: Transaction<DB>) => Promise<T>,
  /** Runs after the work committed, not on a replay (notices that must not repeat). */
  afterCommit?: (answer: T) => Promise<void>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !request.auth) {
    const answer = await stockTransaction(db, work);
    await afterCommit?.(answer);
    return answer;
  }
  if (key.length < 1 || key.length > 100) throw new AppError('IntegrityError', { fields: [{ field: 'Idempotency-Key', message: '1 to 100 characters' }] });
  const userId = request.auth.userId;
  const scope = `${request.method} ${request.url.split('?')[0]} ${createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url')}`;
  try {
    const answer = await stockTransaction(db, async (trx) => {
      const claimed = await sql<{ key: string }>`insert into idempotency_keys (user_id, key, scope) values (${userId}, ${key}, ${scope})
        on conflict do nothing returning key`.execute(trx);
      if (claimed.rows.length === 0) throw new Replay();
      const answer = await work(trx);
      await sql`update idempotency_keys set response = ${JSON.stringify(answer ?? null)}::jsonb where user_id = ${userId} and key = ${key}`.execute(trx);
      await sql`delete from idempotency_keys where user_id = ${userId} and created_at < now() - make_interval(days => ${KEEP_DAYS})`.execute(trx);
      return answer;
    });
    await afterCommit?.(answer);
    return answer;
  } catch (error) {
    if (!(error instanceof Replay)) throw error;
    const stored = await sql<{ scope: string; response: unknown }>`select scope, response from idempotency_keys
      where user_id = ${userId} and key = ${key}`.execute(db);
    const row = stored.rows[0];
    if (!row || row.scope !== scope) throw new AppError('IdempotencyKeyReused', { fields: [{ field: 'Idempotency-Key', message: key }] });
    return (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as T;
  }
}
