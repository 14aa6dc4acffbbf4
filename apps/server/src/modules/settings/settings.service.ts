import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { isPublicSettingKey, maskSetting } from './setting-secrecy.js';
import { SettingsRepo } from './settings.repo.js';

/** The privilege of the settings list; it also opens the non-public keys of the config read. */
const SETTINGS_READ = 'sys.settings.list';

/**
 * The generic configuration reads the warehouse clients depend on (facts §2.2): a setting by key and
 * the key/class/type memory (packing materials remembered per item mix and country). A miss answers
 * null, as the original did, so a client falls back to its defaults instead of showing an error.
 */
export class SettingsService {
  private readonly repo: SettingsRepo;

  constructor(private readonly db: Kysely<DB>) {
    this.repo = new SettingsRepo(db);
  }

  /**
   * A public key (setting-secrecy.ts) for anyone signed in, any other for holders of `sys.settings.list`;
   * refused before the table is read, so a refusal does not tell whether the key exists. Secrets masked.
   */
  async config(auth: AuthContext, key: string): Promise<unknown> {
    if (!isPublicSettingKey(key) && !auth.privileges.has(SETTINGS_READ)) throw new AppError('NoPermission');
    const row = await this.repo.settingValue(key);
    return row ? maskSetting(key, row.value) : null;
  }

  async lookupMeta(key: string, klass: number, type: number): Promise<unknown> {
    const row = await this.repo.lookupMeta(key, klass, type);
    return row ? row.meta : null;
  }

  /** Upsert by key, class and type; the audit keeps what the memory held before. */
  async rememberLookup(auth: AuthContext, entry: { key: string; class: number; type: number; meta: Record<string, unknown> }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await SettingsRepo.lookup(trx, entry.key, entry.class, entry.type);
      const row = await SettingsRepo.upsertLookup(trx, entry);
      await audit(trx, auth, before ? 'update' : 'create', 'lookup', Number(row.id), before ?? null, row);
    });
  }
}
