import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** A merchant's name and code for printing on a label, or null when there is no such merchant. */
export const merchantLabelName = async (db: Kysely<DB>, id: number): Promise<{ name: string; code: string } | null> =>
  (await db.selectFrom('merchants').select(['name', 'code']).where('id', '=', id).executeTakeFirst()) ?? null;
