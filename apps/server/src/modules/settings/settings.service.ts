import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { audit } from '../admin/audit.js';
import { isPublicSettingKey, maskSetting } from './setting-secrecy.js';

/** The privilege of the settings list; it also opens the non-public keys of the config read. */
const SETTINGS_READ = 'sys.settings.list';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- settings and lookups are declared resource tables
type AnyDB = Kysely<any>;

/**
 * The generic configuration reads the warehouse clients depend on (facts §2.2): a setting by key and
 * the key/class/type memory (packing materials remembered per item mix and country). A miss answers
 * null, as the original did, so a client falls back to its defaults instead of showing an error.
 */
export class SettingsService {
  private readonly db: AnyDB;

  constructor(db: Kysely<DB>) {
    this.db = db as AnyDB;
  }

  /**
   * A public key (setting-secrecy.ts) for anyone signed in, any other for holders of `sys.settings.list`;
   * refused before the table is read, so a refusal does not tell whether the key exists. Secrets masked.
   */
  async config(auth: AuthContext, key: string): Promise<unknown> {
    if (!isPublicSettingKey(key) && !auth.privileges.has(SETTINGS_READ)) throw new AppError('NoPermission');
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row ? maskSetting(key, row.value) : null;
  }

  async lookupMeta(key: string, klass: number, type: number): Promise<unknown> {
    const row = await this.db
      .selectFrom('lookups')
      .select('meta')
      .where('key', '=', key)
      .where('class', '=', klass)
      .where('type', '=', type)
      .executeTakeFirst();
    return row ? row.meta : null;
  }

  /** Upsert by key, class and type; the audit keeps what the memory held before. */
  async rememberLookup(auth: AuthContext, entry: { key: string; class: number; type: number; meta: Record<string, unknown> }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('lookups')
        .selectAll()
        .where('key', '=', entry.key)
        .where('class', '=', entry.class)
        .where('type', '=', entry.type)
        .executeTakeFirst();
      const row = await trx
        .insertInto('lookups')
        .values({ key: entry.key, class: entry.class, type: entry.type, meta: JSON.stringify(entry.meta) })
        .onConflict((oc) =>
          oc.columns(['key', 'class', 'type']).doUpdateSet({ meta: JSON.stringify(entry.meta), version: sql`lookups.version + 1`, updated_at: sql`now()` }),
        )
        .returning(['id', 'key', 'class', 'type', 'meta'])
        .executeTakeFirstOrThrow();
      await audit(trx as Kysely<DB>, auth, before ? 'update' : 'create', 'lookup', Number(row.id), before ?? null, row);
    });
  }
}
