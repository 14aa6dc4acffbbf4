import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * SQL of the directory's start-up writes: the built-in roles and the privileges each was once given
 * (builtin_role_grants), the first-start guard, and the ids the demo looks up by code.
 */
export const directoryRepo = {
  /** The role's id, the role made first when it is missing. */
  async ensure(db: Kysely<DB>, name: string, title: string): Promise<number> {
    await db
      .insertInto('roles')
      .values({ name, title, builtin: true })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  },

  async granted(db: Kysely<DB>, name: string): Promise<Set<string>> {
    const rows = await db.selectFrom('builtin_role_grants').select('privilege').where('role', '=', name).execute();
    return new Set(rows.map((g) => g.privilege));
  },

  /** Adds the privileges to the role (keeping those it has) and records them as given. */
  async grant(db: Kysely<DB>, roleId: number, name: string, privileges: string[]): Promise<void> {
    await db
      .insertInto('role_privileges')
      .values(privileges.map((privilege) => ({ role_id: roleId, privilege })))
      .onConflict((oc) => oc.columns(['role_id', 'privilege']).doNothing())
      .execute();
    await db
      .insertInto('builtin_role_grants')
      .values(privileges.map((privilege) => ({ role: name, privilege })))
      .execute();
  },

  /** Whether an enabled user holds the admin role. */
  async enabledAdminExists(db: Kysely<DB>): Promise<boolean> {
    const admin = await db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('u.id')
      .where('r.name', '=', 'admin')
      .where('u.disabled', '=', false)
      .executeTakeFirst();
    return admin !== undefined;
  },

  /** Locks the users table for the first-start check (two servers starting at once seed once) and counts its rows. */
  async lockedUserCount(db: Kysely<DB>): Promise<number> {
    await sql`lock table users in exclusive mode`.execute(db);
    const row = await db
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async userIdByAccount(db: Kysely<DB>, account: string): Promise<number | null> {
    const row = await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst();
    return row ? Number(row.id) : null;
  },
};
