import type { Locale } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { registerJobHandler } from '../jobs/index.js';
import { AnnouncementsRepo, type AnnouncementRow } from './announcements.repo.js';

export const PUBLISH_JOB = 'announcement.publish';

const live = (row: Pick<AnnouncementRow, 'publish_from' | 'publish_to'>, now = Date.now()) =>
  new Date(row.publish_from).getTime() <= now && (!row.publish_to || new Date(row.publish_to).getTime() > now);

/** The title in each language, the English one standing in where a translation is missing. */
const titles = (row: AnnouncementRow): Record<Locale, string> => ({ en: row.title_en, cn: row.title_cn || row.title_en, de: row.title_de || row.title_en });

async function load(db: Kysely<DB>, id: number) {
  return AnnouncementsRepo.byId(db, id);
}

async function push(core: Core, row: AnnouncementRow) {
  await core.realtime.msgToRoles(row.audience_roles ?? [], titles(row));
}

/**
 * Announcements (issue 4 §4): shown on the home page while their window is open and pushed as `msg`
 * to their audience when published: at once when saved inside the window, else by a job that waits
 * for the start and checks the announcement was not changed or removed meanwhile.
 */
export function registerAnnouncementPublishing(): void {
  registerJobHandler(PUBLISH_JOB, async ({ core, db, payload }) => {
    const row = await load(db, Number(payload.id));
    if (row && row.version === payload.version && live(row)) await push(core, row);
    return { result: { published: !!row } };
  });
}

export async function announcementWritten(core: Core, written: Record<string, unknown>): Promise<void> {
  const row = await load(core.db, Number(written.id));
  if (!row) return;
  if (live(row)) return push(core, row);
  if (new Date(row.publish_from).getTime() > Date.now() && core.jobs) {
    await core.jobs.enqueue(PUBLISH_JOB, { id: row.id, version: row.version }, { userId: null, merchantId: null }, { runAfter: new Date(row.publish_from) });
  }
}

/** What the home page shows a user now: open windows, for everyone or for one of the user's roles. */
export async function currentAnnouncements(db: Kysely<DB>, auth: AuthContext, locale: Locale) {
  const rows = await AnnouncementsRepo.open(db);
  return rows
    .filter((row) => !row.audience_roles?.length || row.audience_roles.some((r) => auth.roles.includes(r)))
    .map((row) => ({
      id: row.id,
      title: titles(row)[locale],
      text: ({ en: row.text_en, cn: row.text_cn || row.text_en, de: row.text_de || row.text_en } as Record<Locale, string>)[locale],
      publishFrom: row.publish_from,
    }));
}
