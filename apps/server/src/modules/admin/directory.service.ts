import { BUILTIN_ROLES, USER_TYPES } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { hashPassword } from '../auth/index.js';
import { directoryRepo } from './directory.repo.js';
import { MerchantsRepo } from './merchants.repo.js';
import { UsersRepo } from './users.repo.js';

/** A user written at start-up (the demo's logins, ADMIN_ACCOUNT): no session, so no audit row. */
export interface StartUser {
  account: string;
  name: string;
  type: number;
  roles: string[];
  password: string;
  merchantId?: number | null;
  email?: string;
  printShipment?: boolean;
}

/**
 * The directory's writes at start-up (issue 16 item 1): the built-in roles, the first administrator
 * and the demo's merchants and users, inside the caller's transaction. The admin screens write
 * through UsersService/MerchantsService, which add the session's checks and the audit trail.
 */
export const directory = {
  /**
   * Writes the built-in roles, and grants each one the privileges of this release it has never been
   * given: new privileges reach existing databases once, while one an administrator took away is not
   * given back.
   */
  async builtinRoles(db: Kysely<DB>): Promise<void> {
    for (const [name, def] of Object.entries(BUILTIN_ROLES)) {
      const roleId = await directoryRepo.ensure(db, name, def.title);
      const given = await directoryRepo.granted(db, name);
      const fresh = def.privileges.filter((p) => !given.has(p));
      if (fresh.length > 0) await directoryRepo.grant(db, roleId, name, fresh);
    }
  },

  async createUser(db: Kysely<DB>, user: StartUser): Promise<number> {
    const repo = new UsersRepo(db);
    const { id } = await repo.insert(db, {
      account: user.account,
      name: user.name,
      email: user.email ?? user.account,
      type: user.type,
      merchantId: user.merchantId ?? null,
      language: null,
      printShipment: user.printShipment ?? false,
      printStationUserId: null,
      passwordHash: await hashPassword(user.password),
    });
    const roles = await repo.roleIds(user.roles, db);
    await repo.setRoles(
      db,
      id,
      roles.map((r) => r.id),
    );
    return id;
  },

  async createMerchant(db: Kysely<DB>, merchant: { code: string; name: string; email: string; currency: 'EUR' | 'USD' }): Promise<number> {
    const { id } = await new MerchantsRepo(db).insert(db, { ...merchant, phone: '', address: {}, settings: {} });
    return Number(id);
  },

  /**
   * ADMIN_ACCOUNT / ADMIN_PASSWORD: creates that administrator when no enabled admin exists, so a
   * production database (DEMO_DATA=0) gets its first admin, and a locked-out one a way back in.
   */
  async bootstrapAdmin(db: Kysely<DB>, account: string | undefined, password: string | undefined): Promise<string | null> {
    if (!account || !password) return null;
    if (await directoryRepo.enabledAdminExists(db)) return null;
    if ((await directoryRepo.userIdByAccount(db, account)) !== null) return null;
    await directory.createUser(db, { account, name: 'Administrator', type: USER_TYPES.admin, roles: ['admin'], password });
    return `Administrator ${account} created (ADMIN_ACCOUNT).`;
  },

  /** Locks the users table for the first-start check and answers how many users there are. */
  lockedUserCount: (db: Kysely<DB>): Promise<number> => directoryRepo.lockedUserCount(db),
  /** A user's id by account, or null. */
  userIdByAccount: (db: Kysely<DB>, account: string): Promise<number | null> => directoryRepo.userIdByAccount(db, account),
};
