import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Whether a merchant exists: the reference check of documents other modules write for a merchant. */
export const merchantExists = async (db: Kysely<DB>, id: number): Promise<boolean> =>
  (await db.selectFrom('merchants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
