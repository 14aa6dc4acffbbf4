import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export class MasksRepo {
  constructor(private readonly db: Kysely<DB>) {}

  get(name: string, db: Kysely<DB> = this.db) {
    return db.selectFrom('masks').selectAll().where('name', '=', name).executeTakeFirst();
  }

  list() {
    return this.db.selectFrom('masks').select(['name', 'definition', 'edited', 'version', 'updated_at', 'shipped']).orderBy('name').execute();
  }

  history(name: string) {
    return this.db
      .selectFrom('mask_versions as v')
      .leftJoin('users as u', 'u.id', 'v.saved_by')
      .select(['v.version', 'v.definition', 'v.saved_at as savedAt', 'v.note', 'u.account as savedBy'])
      .where('v.name', '=', name)
      .orderBy('v.version', 'desc')
      .limit(100)
      .execute();
  }

  async insertShipped(db: Kysely<DB>, name: string, text: string) {
    const row = await db
      .insertInto('masks')
      .values({ name, definition: text, shipped: text })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (row) await this.addVersion(db, name, 1, text, null, 'shipped');
    return !!row;
  }

  /** Writes a new definition when the stored version is the expected one; answers the new version or null. */
  async write(db: Kysely<DB>, name: string, expected: number, values: { definition: string; edited: boolean; shipped?: string; by: number | null }) {
    const row = await db
      .updateTable('masks')
      .set({
        definition: values.definition,
        edited: values.edited,
        ...(values.shipped !== undefined ? { shipped: values.shipped } : {}),
        updated_by: values.by,
        updated_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('name', '=', name)
      .where('version', '=', expected)
      .returning('version')
      .executeTakeFirst();
    return row?.version ?? null;
  }

  setShipped(db: Kysely<DB>, name: string, shipped: string) {
    return db.updateTable('masks').set({ shipped }).where('name', '=', name).execute();
  }

  addVersion(db: Kysely<DB>, name: string, version: number, definition: string, by: number | null, note: string) {
    return db.insertInto('mask_versions').values({ name, version, definition, saved_by: by, note }).execute();
  }
}
