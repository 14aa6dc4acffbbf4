import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { updateIfVersion } from './versioned-update.repo.js';
import { TenantScope, whereTenant } from '../../db/tenant-scope.js';
import { newestFirst, type TimeKeyset } from '../../db/keyset.js';

export interface UserFilter {
  merchantScope: TenantScope;
  q?: string;
  type?: number;
  merchantId?: number;
  role?: string;
  disabled?: boolean;
  cursor: TimeKeyset | null;
  limit: number;
}

/** SQL of user administration. */
export class UsersRepo {
  constructor(private readonly db: Kysely<DB>) {}

  private base(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('users as u')
      .leftJoin('merchants as m', 'm.id', 'u.merchant_id')
      .select([
        'u.id',
        'u.account',
        'u.name',
        'u.email',
        'u.type',
        'u.merchant_id as merchantId',
        'm.name as merchantName',
        'u.language',
        'u.print_shipment as printShipment',
        'u.print_station_user_id as printStationUserId',
        'u.disabled',
        'u.avatar',
        'u.created_at as createdAt',
        'u.updated_at as updatedAt',
        'u.version',
        sql<
          string[]
        >`coalesce((select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '{}')`.as('roles'),
      ]);
  }

  list(f: UserFilter) {
    // Service users of OAuth2 clients are managed on the clients screen, not among people.
    // Users made in one transaction (the demo's) share a time: the keyset keeps its microseconds (db/keyset.ts).
    let query = newestFirst(this.base().where('u.account', 'not like', '%@oauth.invalid'), { time: 'u.created_at', id: 'u.id' }, f.cursor, f.limit);
    query = query.$call(whereTenant(f.merchantScope, 'u.merchant_id'));
    if (f.merchantId !== undefined) query = query.$call(whereTenant(TenantScope.merchant(f.merchantId), 'u.merchant_id'));
    if (f.type !== undefined) query = query.where('u.type', '=', f.type);
    if (f.disabled !== undefined) query = query.where('u.disabled', '=', f.disabled);
    if (f.q) {
      const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.name', 'ilike', like), eb('u.email', 'ilike', like)]));
    }
    if (f.role)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_roles as ur')
            .innerJoin('roles as r', 'r.id', 'ur.role_id')
            .select('ur.user_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('r.name', '=', f.role!),
        ),
      );
    return query.execute();
  }

  get(id: number, db: Kysely<DB> = this.db) {
    return this.base(db).where('u.id', '=', id).executeTakeFirst();
  }

  accountExists(account: string) {
    return this.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst();
  }

  roleIds(names: string[], db: Kysely<DB> = this.db) {
    if (!names.length) return Promise.resolve([] as Array<{ id: number; name: string }>);
    return db.selectFrom('roles').select(['id', 'name']).where('name', 'in', names).execute();
  }

  merchantExists(id: number) {
    return this.db.selectFrom('merchants').select('id').where('id', '=', id).executeTakeFirst();
  }

  insert(
    db: Kysely<DB>,
    row: {
      account: string;
      name: string;
      email: string;
      type: number;
      merchantId: number | null;
      language: string | null;
      printShipment: boolean;
      printStationUserId: number | null;
      passwordHash: string;
    },
  ) {
    return db
      .insertInto('users')
      .values({
        account: row.account,
        name: row.name,
        email: row.email,
        type: row.type,
        merchant_id: row.merchantId,
        language: row.language,
        print_shipment: row.printShipment,
        print_station_user_id: row.printStationUserId,
        password_hash: row.passwordHash,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** Updates when the version still matches; answers nothing when someone else changed it first. */
  update(db: Kysely<DB>, id: number, version: number, set: Record<string, unknown>) {
    return updateIfVersion(db, 'users', id, version, set);
  }

  async setRoles(db: Kysely<DB>, userId: number, roleIds: number[]) {
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (roleIds.length)
      await db
        .insertInto('user_roles')
        .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
        .execute();
  }

  setPassword(db: Kysely<DB>, id: number, hash: string) {
    return db
      .updateTable('users')
      .set({ password_hash: hash, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
  }

  /** Enabled admins other than `exceptId`. */
  async otherAdmins(exceptId: number, db: Kysely<DB> = this.db): Promise<number> {
    const row = await db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(sql<number>`count(distinct u.id)::int`.as('n'))
      .where('r.name', '=', 'admin')
      .where('u.disabled', '=', false)
      .where('u.id', '!=', exceptId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  updateProfile(id: number, set: Record<string, unknown>) {
    return this.db
      .updateTable('users')
      .set({ ...set, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
  }
}
