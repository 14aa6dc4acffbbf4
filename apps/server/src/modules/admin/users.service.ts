import { ADMIN_ROLE, isStaffType, USER_TYPES } from '@kontor/contracts';
import type { UserCreate, UserUpdate } from '@kontor/contracts/domains/admin';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { decodeCursor, keysetPage } from '../../lib/cursor.js';
import { hashPassword } from '../auth/index.js';
import { checkOwnPicture } from '../files/index.js';
import { audit } from './audit.js';
import { UsersRepo } from './users.repo.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

const field = (name: string, message: string) => ({ fields: [{ field: name, message }] });

/** Merchant users belong to a merchant; staff and carrier-gate users to none. */
function needsMerchant(type: number): boolean {
  return !isStaffType(type) && type !== USER_TYPES.carrier;
}

/**
 * User administration (issue 2 §6): the tenant scope comes from the session only; only an admin
 * grants the admin role; the last admin stays; disabling ends the user's sessions everywhere.
 */
export class UsersService {
  private readonly repo: UsersRepo;

  constructor(private readonly core: Core) {
    this.repo = new UsersRepo(core.db);
  }

  async list(auth: AuthContext, query: { l: number; o?: string; q?: string; type?: number; merchantId?: number; role?: string; disabled?: 'true' | 'false' }) {
    const rows = await this.repo.list({
      merchantScope: TenantScope.of(auth),
      q: query.q?.trim() || undefined,
      type: query.type,
      merchantId: query.merchantId,
      role: query.role,
      disabled: query.disabled === undefined ? undefined : query.disabled === 'true',
      cursor: decodeCursor(query.o),
      limit: query.l,
    });
    return keysetPage(rows, query.l);
  }

  async get(auth: AuthContext, id: number) {
    const user = await this.repo.get(id);
    const scope = TenantScope.of(auth);
    if (!user || !tenantAllows(scope, user.merchantId)) throw new AppError('NotFound');
    return user;
  }

  private async checkTenancy(auth: AuthContext, type: number, merchantId: number | null) {
    const scope = TenantScope.of(auth);
    if (scope.merchantId !== null && (!tenantAllows(scope, merchantId) || !needsMerchant(type))) throw new AppError('NoPermission');
    if (needsMerchant(type) && merchantId === null) throw new AppError('IntegrityError', field('merchantId', 'required for merchant users'));
    if (!needsMerchant(type) && merchantId !== null) throw new AppError('IntegrityError', field('merchantId', 'only merchant users belong to a merchant'));
    if (merchantId !== null && !(await this.repo.merchantExists(merchantId))) throw new AppError('IntegrityError', field('merchantId', 'unknown merchant'));
  }

  private async resolveRoles(auth: AuthContext, names: string[]) {
    if (names.includes(ADMIN_ROLE) && !auth.isAdmin) throw new AppError('NoPermission');
    const roles = await this.repo.roleIds([...new Set(names)]);
    const missing = names.filter((n) => !roles.some((r) => r.name === n));
    if (missing.length) throw new AppError('IntegrityError', field('roles', `unknown role ${missing.join(', ')}`));
    return roles.map((r) => r.id);
  }

  async create(auth: AuthContext, body: UserCreate) {
    await this.checkTenancy(auth, body.type, body.merchantId);
    const roleIds = await this.resolveRoles(auth, body.roles);
    if (await this.repo.accountExists(body.account)) throw new AppError('Duplicate', field('account', body.account));
    const passwordHash = await hashPassword(body.password);
    const id = await this.core.db.transaction().execute(async (trx) => {
      const { id } = await this.repo.insert(trx, { ...body, passwordHash });
      await this.repo.setRoles(trx, id, roleIds);
      await audit(trx, auth, 'create', 'user', id, null, await this.repo.get(id, trx));
      return id;
    });
    return (await this.repo.get(id))!;
  }

  async update(auth: AuthContext, id: number, body: UserUpdate) {
    const before = await this.get(auth, id);
    const type = body.type ?? before.type;
    const merchantId = body.merchantId !== undefined ? body.merchantId : before.merchantId;
    if (body.type !== undefined || body.merchantId !== undefined) await this.checkTenancy(auth, type, merchantId);
    const roleIds = body.roles ? await this.resolveRoles(auth, body.roles) : null;
    const losesAdmin = before.roles.includes(ADMIN_ROLE) && ((body.roles && !body.roles.includes(ADMIN_ROLE)) || body.disabled === true);
    if (before.roles.includes(ADMIN_ROLE) && !auth.isAdmin) throw new AppError('NoPermission');
    if (losesAdmin && (await this.repo.otherAdmins(id)) === 0) throw new AppError('LastAdmin');
    const set: Record<string, unknown> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.email !== undefined) set.email = body.email;
    if (body.type !== undefined) set.type = body.type;
    if (body.merchantId !== undefined) set.merchant_id = body.merchantId;
    if (body.language !== undefined) set.language = body.language;
    if (body.printShipment !== undefined) set.print_shipment = body.printShipment;
    if (body.printStationUserId !== undefined) set.print_station_user_id = body.printStationUserId;
    if (body.disabled !== undefined) set.disabled = body.disabled;
    await this.core.db.transaction().execute(async (trx) => {
      if (!(await this.repo.update(trx, id, body.version, set))) throw new AppError('Conflict');
      if (roleIds) await this.repo.setRoles(trx, id, roleIds);
      await audit(trx, auth, 'update', 'user', id, before, await this.repo.get(id, trx));
    });
    if (body.disabled === true) await this.core.sessions.revokeUser(id, 'disabled');
    await this.core.sessions.userChanged(id);
    return (await this.repo.get(id))!;
  }

  async setPassword(auth: AuthContext, id: number, password: string) {
    const user = await this.get(auth, id);
    if (user.roles.includes(ADMIN_ROLE) && !auth.isAdmin) throw new AppError('NoPermission');
    const hash = await hashPassword(password);
    await this.core.db.transaction().execute(async (trx) => {
      await this.repo.setPassword(trx, id, hash);
      await audit(trx, auth, 'password', 'user', id, null, null);
    });
    await this.core.sessions.revokeUser(id, 'password-set');
  }

  /** Deleting keeps the user for the records it signed; it is disabled and signed out everywhere. */
  async remove(auth: AuthContext, id: number) {
    if (id === auth.userId) throw new AppError('InvalidState');
    const user = await this.get(auth, id);
    await this.update(auth, id, { disabled: true, version: user.version });
  }

  async updateProfile(auth: AuthContext, body: { name?: string; introduction?: string; language?: string | null; avatar?: string }) {
    const set: Record<string, unknown> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.introduction !== undefined) set.introduction = body.introduction;
    if (body.language !== undefined) set.language = body.language;
    if (body.avatar !== undefined) {
      if (body.avatar !== '') await checkOwnPicture(this.core.db, auth, body.avatar);
      set.avatar = body.avatar;
    }
    if (Object.keys(set).length) await this.repo.updateProfile(auth.userId, set);
    await this.core.sessions.userChanged(auth.userId);
    const user = (await this.repo.get(auth.userId))!;
    return { name: user.name, avatar: user.avatar, language: user.language };
  }
}
