/**
 * The settings module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { announcementWritten } from './announcements.js';
export { keepSecrets, maskSetting } from './setting-secrecy.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { SettingsRepo } from './settings.repo.js';

/** Writes new settings in the caller's transaction (the first start's company configuration). */
export function writeSettings(db: Kysely<DB>, rows: Array<{ key: string; value: unknown; description: string }>): Promise<void> {
  return SettingsRepo.insertSettings(db, rows);
}

/** The value of one setting (`settings.value`), undefined when it is not set. */
export async function readSetting(db: Kysely<DB>, key: string): Promise<unknown> {
  return (await new SettingsRepo(db).settingValue(key))?.value;
}
