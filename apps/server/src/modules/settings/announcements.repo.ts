import { sql, type Kysely, type Selectable } from 'kysely';
import type { AnnouncementsTable, DB } from '../../db/types.js';

export type AnnouncementRow = Omit<Selectable<AnnouncementsTable>, 'audience_roles'> & { audience_roles: string[] };

/** SQL of announcements (issue 4 §4). */
export const AnnouncementsRepo = {
  async byId(db: Kysely<DB>, id: number): Promise<AnnouncementRow | null> {
    return ((await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst()) ?? null) as AnnouncementRow | null;
  },

  /** The newest 20 whose publishing window is open now. */
  async open(db: Kysely<DB>): Promise<AnnouncementRow[]> {
    return (await db
      .selectFrom('announcements')
      .selectAll()
      .where('publish_from', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('publish_to', 'is', null), eb('publish_to', '>', sql<Date>`now()`)]))
      .orderBy('publish_from', 'desc')
      .limit(20)
      .execute()) as AnnouncementRow[];
  },
};
