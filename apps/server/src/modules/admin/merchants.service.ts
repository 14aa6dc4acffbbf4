import { isStaffType } from '@kontor/contracts';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { audit } from './audit.js';
import { MerchantsRepo } from './merchants.repo.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

/** Merchants (tenants). Disabling one signs out all of its users at once. */
export class MerchantsService {
  private readonly repo: MerchantsRepo;

  constructor(private readonly core: Core) {
    this.repo = new MerchantsRepo(core.db);
  }

  list(auth: AuthContext) {
    return this.repo.list(TenantScope.of(auth));
  }

  /**
   * Merchant names for pickers (issue 15 item 6): a merchant user sees only itself, staff see every
   * merchant (or the sub-account they act for); a carrier-gate user serves no merchant in Kontor's
   * data, so it sees none. Only staff types reach the unscoped list: an external user without a
   * merchant is never "all".
   */
  async opts(auth: AuthContext) {
    if (auth.merchantId === null && !isStaffType(auth.type)) return [];
    return (await this.repo.list(TenantScope.of(auth))).map(({ id, code, name }) => ({ id, code, name }));
  }

  async get(auth: AuthContext, id: number) {
    const scope = TenantScope.of(auth);
    const merchant = tenantAllows(scope, id) ? await this.repo.get(id) : undefined;
    if (!merchant) throw new AppError('NotFound');
    return merchant;
  }

  async create(
    auth: AuthContext,
    body: { code: string; name: string; email: string; phone: string; address: unknown; currency: 'EUR' | 'USD'; settings: Record<string, unknown> },
  ) {
    if (auth.merchantId !== null) throw new AppError('NoPermission');
    if (await this.repo.byCode(body.code)) throw new AppError('Duplicate', { fields: [{ field: 'code', message: body.code }] });
    const id = await this.core.db.transaction().execute(async (trx) => {
      const { id } = await this.repo.insert(trx, body);
      await audit(trx, auth, 'create', 'merchant', id, null, await this.repo.get(id, trx));
      return id;
    });
    return (await this.repo.get(id))!;
  }

  async update(
    auth: AuthContext,
    id: number,
    body: {
      name?: string;
      email?: string;
      phone?: string;
      address?: unknown;
      currency?: 'EUR' | 'USD';
      settings?: Record<string, unknown>;
      disabled?: boolean;
      version: number;
    },
  ) {
    if (auth.merchantId !== null) throw new AppError('NoPermission');
    const before = await this.get(auth, id);
    const set: Record<string, unknown> = {};
    for (const key of ['name', 'email', 'phone', 'currency', 'disabled'] as const) if (body[key] !== undefined) set[key] = body[key];
    if (body.address !== undefined) set.address = JSON.stringify(body.address);
    if (body.settings !== undefined) set.settings = JSON.stringify(body.settings);
    await this.core.db.transaction().execute(async (trx) => {
      if (!(await this.repo.update(trx, id, body.version, set))) throw new AppError('Conflict');
      await audit(trx, auth, 'update', 'merchant', id, before, await this.repo.get(id, trx));
    });
    if (body.disabled === true) for (const { id: userId } of await this.repo.userIds(id)) await this.core.sessions.revokeUser(userId, 'merchant-disabled');
    return (await this.repo.get(id))!;
  }
}
