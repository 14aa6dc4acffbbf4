import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** One entry of the key/class/type memory (facts §2.2). */
export interface LookupEntry {
  key: string;
  class: number;
  type: number;
  meta: Record<string, unknown>;
}

/** SQL of settings and the lookup memory. */
export class SettingsRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async settingValue(key: string) {
    return this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  }

  async lookupMeta(key: string, klass: number, type: number) {
    return this.db.selectFrom('lookups').select('meta').where('key', '=', key).where('class', '=', klass).where('type', '=', type).executeTakeFirst();
  }

  static async lookup(trx: Kysely<DB>, key: string, klass: number, type: number) {
    return trx.selectFrom('lookups').selectAll().where('key', '=', key).where('class', '=', klass).where('type', '=', type).executeTakeFirst();
  }

  /** Inserts the entry, or replaces the meta of the one with the same key, class and type. */
  static async upsertLookup(trx: Kysely<DB>, entry: LookupEntry) {
    return trx
      .insertInto('lookups')
      .values({ key: entry.key, class: entry.class, type: entry.type, meta: JSON.stringify(entry.meta) })
      .onConflict((oc) =>
        oc.columns(['key', 'class', 'type']).doUpdateSet({ meta: JSON.stringify(entry.meta), version: sql`lookups.version + 1`, updated_at: sql`now()` }),
      )
      .returning(['id', 'key', 'class', 'type', 'meta'])
      .executeTakeFirstOrThrow();
  }

  /** Writes settings that are not there yet (the company's configuration at first start). */
  static async insertSettings(db: Kysely<DB>, rows: Array<{ key: string; value: unknown; description: string }>) {
    await db
      .insertInto('settings')
      .values(rows.map((s) => ({ key: s.key, value: JSON.stringify(s.value), description: s.description })))
      .execute();
  }
}
