import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The SSCC serial counters (migration 0018): one row per extension digit and company prefix. */
export const SsccRepo = {
  /**
   * Takes the next `count` serials of `prefix` in one statement (safe across processes: the upsert
   * locks the row) and answers the last one; the run is `last - count + 1 … last`.
   */
  async allocate(db: Kysely<DB>, prefix: string, count: number): Promise<number> {
    const row = await db
      .insertInto('sscc_counters')
      .values({ prefix, last_serial: count })
      .onConflict((oc) => oc.column('prefix').doUpdateSet({ last_serial: sql`sscc_counters.last_serial + excluded.last_serial`, updated_at: sql`now()` }))
      .returning('last_serial')
      .executeTakeFirstOrThrow();
    return Number(row.last_serial);
  },
};
