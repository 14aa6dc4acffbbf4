import { sql, type Kysely } from 'kysely';
import { camelColumns } from '../../db/camel-columns.js';
import type { DB } from '../../db/types.js';
import { updateIfVersion } from './versioned-update.repo.js';

/** SQL of roles and their privileges. */
export class RolesRepo {
  constructor(private readonly db: Kysely<DB>) {}

  private base(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('roles as r')
      .select([
        ...camelColumns('r', ['id', 'name', 'title', 'description', 'builtin', 'version', 'updated_at']),
        sql<string[]>`coalesce((select array_agg(p.privilege order by p.privilege) from role_privileges p where p.role_id = r.id), '{}')`.as('privileges'),
        sql<number>`(select count(*)::int from user_roles ur where ur.role_id = r.id)`.as('users'),
      ]);
  }

  list() {
    return this.base().orderBy('r.name').execute();
  }

  get(id: number, db: Kysely<DB> = this.db) {
    return this.base(db).where('r.id', '=', id).executeTakeFirst();
  }

  byName(name: string) {
    return this.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
  }

  insert(db: Kysely<DB>, row: { name: string; title: string; description: string }) {
    return db
      .insertInto('roles')
      .values({ ...row, updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  update(db: Kysely<DB>, id: number, version: number, set: Record<string, unknown>) {
    return updateIfVersion(db, 'roles', id, version, set);
  }

  async setPrivileges(db: Kysely<DB>, roleId: number, privileges: string[]) {
    await db.deleteFrom('role_privileges').where('role_id', '=', roleId).execute();
    if (privileges.length)
      await db
        .insertInto('role_privileges')
        .values([...new Set(privileges)].map((privilege) => ({ role_id: roleId, privilege })))
        .execute();
  }

  holders(roleId: number) {
    return this.db.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId).execute();
  }

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('roles').where('id', '=', id).execute();
  }
}
