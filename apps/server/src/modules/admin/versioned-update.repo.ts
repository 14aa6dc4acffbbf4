import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The admin records edited under optimistic locking: each has `id`, `version` and `updated_at`. */
type VersionedTable = 'merchants' | 'roles' | 'users';

/**
 * Updates the row when its version still matches, and counts the version on; answers its id, or
 * nothing when someone else changed it first (the service turns that into a Conflict).
 */
export function updateIfVersion(db: Kysely<DB>, table: VersionedTable, id: number, version: number, set: Record<string, unknown>) {
  return db
    .updateTable(table)
    .set({ ...set, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
}
