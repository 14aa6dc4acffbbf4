import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** SQL of uploaded files (stored in the database, so every server process serves every file). */
export class FilesRepo {
  constructor(private readonly db: Kysely<DB>) {}

  insert(file: { id: string; kind: 'avatar' | 'image' | 'intern'; name: string; mime: string; data: Buffer; ownerUserId: number; merchantId: number | null }) {
    return this.db
      .insertInto('files')
      .values({
        id: file.id,
        kind: file.kind,
        name: file.name,
        mime: file.mime,
        size: file.data.length,
        data: file.data,
        owner_user_id: file.ownerUserId,
        merchant_id: file.merchantId,
        deleted_at: null,
      })
      .execute();
  }

  get(id: string) {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  setAvatar(userId: number, url: string) {
    return this.db.updateTable('users').set({ avatar: url, updated_at: new Date() }).where('id', '=', userId).execute();
  }
}
