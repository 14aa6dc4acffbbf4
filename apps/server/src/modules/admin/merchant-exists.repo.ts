import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Whether a merchant exists: the reference check of documents other modules write for a merchant. */
export const merchantExists = async (db: Kysely<DB>, id: number): Promise<boolean> =>
  (await db.selectFrom('merchants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** The merchant with this code (the original's agentGUID), or null. */
export const merchantIdByCode = async (db: Kysely<DB>, code: string): Promise<number | null> => {
  const row = await db.selectFrom('merchants').select('id').where('code', '=', code).executeTakeFirst();
  return row ? Number(row.id) : null;
};
