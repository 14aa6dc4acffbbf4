import { ADMIN_ROLE } from '@kontor/contracts';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { audit } from './audit.js';
import { RolesRepo } from './roles.repo.js';

/** Roles and their privileges; a change reaches the holders' open sessions at once. */
export class RolesService {
  private readonly repo: RolesRepo;

  constructor(private readonly core: Core) {
    this.repo = new RolesRepo(core.db);
  }

  list() {
    return this.repo.list();
  }

  async get(id: number) {
    const role = await this.repo.get(id);
    if (!role) throw new AppError('NotFound');
    return role;
  }

  async create(auth: AuthContext, body: { name: string; title: string; description: string; privileges: string[] }) {
    if (await this.repo.byName(body.name)) throw new AppError('Duplicate', { fields: [{ field: 'name', message: body.name }] });
    const id = await this.core.db.transaction().execute(async (trx) => {
      const { id } = await this.repo.insert(trx, { name: body.name, title: body.title, description: body.description });
      await this.repo.setPrivileges(trx, id, body.privileges);
      await audit(trx, auth, 'create', 'role', id, null, await this.repo.get(id, trx));
      return id;
    });
    return (await this.repo.get(id))!;
  }

  async update(auth: AuthContext, id: number, body: { name?: string; title?: string; description?: string; privileges?: string[]; version: number }) {
    const before = await this.get(id);
    if (before.name === ADMIN_ROLE && (body.name !== undefined || body.privileges !== undefined)) throw new AppError('InvalidState');
    if (body.name && body.name !== before.name && (await this.repo.byName(body.name)))
      throw new AppError('Duplicate', { fields: [{ field: 'name', message: body.name }] });
    const set: Record<string, unknown> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.title !== undefined) set.title = body.title;
    if (body.description !== undefined) set.description = body.description;
    await this.core.db.transaction().execute(async (trx) => {
      if (!(await this.repo.update(trx, id, body.version, set))) throw new AppError('Conflict');
      if (body.privileges) await this.repo.setPrivileges(trx, id, body.privileges);
      await audit(trx, auth, 'update', 'role', id, before, await this.repo.get(id, trx));
    });
    for (const { user_id } of await this.repo.holders(id)) await this.core.sessions.userChanged(user_id);
    return (await this.repo.get(id))!;
  }

  async remove(auth: AuthContext, id: number) {
    const role = await this.get(id);
    if (role.name === ADMIN_ROLE || role.users > 0) throw new AppError('InvalidState');
    await this.core.db.transaction().execute(async (trx) => {
      await this.repo.delete(trx, id);
      await audit(trx, auth, 'delete', 'role', id, role, null);
    });
  }
}
