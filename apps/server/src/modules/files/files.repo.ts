import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, tenantSql, whereTenant } from '../../db/tenant-scope.js';
import { newestFirst, type TimeKeyset } from '../../db/keyset.js';

/** SQL of uploaded files (stored in the database, so every server process serves every file). */
export class FilesRepo {
  constructor(private readonly db: Kysely<DB>) {}

  insert(file: {
    id: string;
    kind: 'avatar' | 'image' | 'intern';
    name: string;
    mime: string;
    data: Buffer;
    ownerUserId: number | null;
    merchantId: number | null;
  }) {
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

  /**
   * The stored files among `ids` that may be attached to a record (`attachFiles`): the record's
   * merchant's own (`record`: its merchant's scope, null while the record names no merchant), and files
   * of no merchant yet that staff (`anyUnowned`) or their uploader (`userId`) attach. Job results never.
   */
  async attachable(ids: string[], record: TenantScope | null, unowned: { anyUnowned: boolean; userId: number }): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .where('kind', '<>', 'job')
      .where((eb) =>
        eb.or([
          ...(record ? [tenantSql(record)] : []),
          eb.and([eb('merchant_id', 'is', null), ...(unowned.anyUnowned ? [] : [eb('owner_user_id', '=', unowned.userId)])]),
        ]),
      )
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Files staff uploaded for a merchant's record become the merchant's. */
  async giveUnownedTo(ids: string[], merchantId: number): Promise<void> {
    await this.db.updateTable('files').set({ merchant_id: merchantId }).where('id', 'in', ids).where('merchant_id', 'is', null).execute();
  }

  /**
   * The kind of a stored file the user may show as its avatar: one it uploaded, or one of its own
   * merchant's (`merchant`: the scope of the user's merchant, null for staff); undefined otherwise.
   */
  ownPicture(id: string, userId: number, merchant: TenantScope | null) {
    return this.db
      .selectFrom('files')
      .select('kind')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('owner_user_id', '=', userId), ...(merchant ? [tenantSql(merchant)] : [])]))
      .executeTakeFirst();
  }

  get(id: string) {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  setAvatar(userId: number, url: string) {
    return this.db.updateTable('users').set({ avatar: url, updated_at: new Date() }).where('id', '=', userId).execute();
  }

  /** Stored files newest first, keyset by (created_at, id); job results are their owners' own business. */
  list(f: { merchantScope: TenantScope; q?: string; kind?: string; after: TimeKeyset<string> | null; limit: number }) {
    const query = this.db
      .selectFrom('files as f')
      .leftJoin('users as u', 'u.id', 'f.owner_user_id')
      .leftJoin('merchants as m', 'm.id', 'f.merchant_id')
      .select(['f.id', 'f.kind', 'f.name', 'f.mime', 'f.size', 'f.created_at as createdAt', 'u.account as owner', 'm.name as merchantName'])
      .where('f.deleted_at', 'is', null)
      .where('f.kind', '<>', 'job')
      .$call(whereTenant(f.merchantScope, 'f.merchant_id'))
      .$if(!!f.kind, (q) => q.where('f.kind', '=', f.kind as 'image'))
      .$if(!!f.q, (q) => q.where('f.name', 'ilike', `%${f.q!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    return newestFirst(query, { time: 'f.created_at', id: 'f.id' }, f.after, f.limit).execute();
  }

  usedAsAvatar(id: string) {
    return this.db.selectFrom('users').select('account').where('avatar', '=', `/v0/static/${id}`).limit(1).executeTakeFirst();
  }

  softDelete(db: Kysely<DB>, id: string) {
    return db
      .updateTable('files')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}
