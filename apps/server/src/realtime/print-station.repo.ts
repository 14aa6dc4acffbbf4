import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/** The print station account set on a user (null: the user prints at its own station). */
export async function printStationUserOf(db: Kysely<DB>, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('print_station_user_id').where('id', '=', userId).executeTakeFirst();
  return row?.print_station_user_id ?? null;
}
