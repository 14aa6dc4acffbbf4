import { sql, type Kysely } from 'kysely';
import type { DB } from './types.js';

/** How long a stored answer is replayed: a retry comes within seconds, a scanner's offline queue within days. */
const KEEP_DAYS = 7;

/** The SQL of `idempotency_keys` (http/idempotency.ts decides when; this only reads and writes). */
export const idempotencyKeys = {
  /** Takes the key for this call; false when it is already taken (by a first attempt, committed or still running). */
  async claim(trx: Kysely<DB>, userId: number, key: string, scope: string): Promise<boolean> {
    const claimed = await sql<{ key: string }>`insert into idempotency_keys (user_id, key, scope) values (${userId}, ${key}, ${scope})
      on conflict do nothing returning key`.execute(trx);
    return claimed.rows.length > 0;
  },

  /** Stores the answer as its JSON text (a jsonb string): a replay sends the same bytes, keys in the same order. */
  async storeAnswer(trx: Kysely<DB>, userId: number, key: string, answer: unknown): Promise<void> {
    await sql`update idempotency_keys set response = to_jsonb(${JSON.stringify(answer ?? null)}::text) where user_id = ${userId} and key = ${key}`.execute(trx);
  },

  /** Forgets the user's keys older than the replay window. */
  async dropExpired(trx: Kysely<DB>, userId: number): Promise<void> {
    await sql`delete from idempotency_keys where user_id = ${userId} and created_at < now() - make_interval(days => ${KEEP_DAYS})`.execute(trx);
  },

  async stored(db: Kysely<DB>, userId: number, key: string): Promise<{ scope: string; response: unknown } | undefined> {
    const stored = await sql<{ scope: string; response: unknown }>`select scope, response from idempotency_keys
      where user_id = ${userId} and key = ${key}`.execute(db);
    return stored.rows[0];
  },
};
