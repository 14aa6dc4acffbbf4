import type { Kysely } from 'kysely';
import { SHIPPED_MASKS } from '../../../masks/index.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { checkStoredMask } from './mask-rules.js';
import { MasksRepo } from './masks.repo.js';

/**
 * Masks (issue 4 §1): shipped as files, kept in the database so an administrator can adjust one,
 * every saved version kept, and a reset back to the shipped definition.
 */
export class MasksService {
  private readonly repo: MasksRepo;

  constructor(private readonly db: Kysely<DB>) {
    this.repo = new MasksRepo(db);
  }

  /**
   * Brings the shipped masks into the database at start-up: new ones are inserted; one nobody edited
   * follows the shipped file; an edited one keeps its edit and only learns the new shipped text (for
   * reset). An invalid shipped mask stops the start, so it is found before anyone opens its screen.
   */
  async syncShipped(shipped: Record<string, unknown> = SHIPPED_MASKS): Promise<void> {
    for (const [name, value] of Object.entries(shipped)) {
      const checked = checkStoredMask(name, value);
      if (!checked.ok) throw new Error(`Shipped mask ${name} is invalid: ${checked.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
      await this.db.transaction().execute(async (trx) => {
        if (await this.repo.insertShipped(trx, name, checked.text)) return;
        const row = await this.repo.get(name, trx);
        if (!row || row.shipped === checked.text) return;
        if (row.edited) return void (await this.repo.setShipped(trx, name, checked.text));
        const version = await this.repo.write(trx, name, row.version, { definition: checked.text, edited: false, shipped: checked.text, by: null });
        if (version) await this.repo.addVersion(trx, name, version, checked.text, null, 'shipped');
      });
    }
  }

  /** `GET /v0/masken/?q=` (facts §2.2): the definition as JSON text; a screen mask's privilege is checked. */
  async get(auth: AuthContext, name: string) {
    const row = await this.repo.get(name);
    if (!row) throw new AppError('NotFound');
    const privilege = (JSON.parse(row.definition) as { privilege?: unknown }).privilege;
    if (typeof privilege === 'string' && !auth.privileges.has(privilege)) throw new AppError('NoPermission');
    return { mask: row.definition };
  }

  async list() {
    const rows = await this.repo.list();
    return rows.map((row) => {
      const parsed = JSON.parse(row.definition) as { kind?: string; title?: Record<string, string> };
      return {
        name: row.name,
        kind: Array.isArray(parsed) ? 'config' : (parsed.kind ?? 'config'),
        title: parsed.title ?? null,
        edited: row.edited,
        shipped: row.shipped !== null,
        version: row.version,
        updatedAt: row.updated_at,
      };
    });
  }

  async detail(name: string) {
    const row = await this.repo.get(name);
    if (!row) throw new AppError('NotFound');
    return { name, mask: row.definition, shipped: row.shipped, edited: row.edited, version: row.version, history: await this.repo.history(name) };
  }

  /** Saves an edited mask: refused with the paths at fault when invalid, Conflict when changed meanwhile. */
  async save(auth: AuthContext, name: string, text: string, version: number) {
    const checked = checkStoredMask(name, text);
    if (!checked.ok) {
      throw new AppError('IntegrityError', {
        fields: checked.problems.map((p) => ({ field: p.path || 'mask', message: p.message })),
        detail: checked.problems.map((p) => `${p.path}: ${p.message}`).join('\n'),
      });
    }
    return this.write(auth, name, version, checked.text, 'edited');
  }

  async reset(auth: AuthContext, name: string, version: number) {
    const row = await this.repo.get(name);
    if (!row) throw new AppError('NotFound');
    if (row.shipped === null) throw new AppError('InvalidState');
    return this.write(auth, name, version, row.shipped, 'reset');
  }

  private async write(auth: AuthContext, name: string, expected: number, text: string, note: 'edited' | 'reset') {
    const before = await this.repo.get(name);
    if (!before) throw new AppError('NotFound');
    await this.db.transaction().execute(async (trx) => {
      const version = await this.repo.write(trx, name, expected, { definition: text, edited: note === 'edited' && text !== before.shipped, by: auth.userId });
      if (!version) throw new AppError('Conflict');
      await this.repo.addVersion(trx, name, version, text, auth.userId, note);
      await audit(trx, auth, 'update', 'mask', name, { version: before.version, definition: before.definition }, { version, definition: text });
    });
    return this.detail(name);
  }
}
