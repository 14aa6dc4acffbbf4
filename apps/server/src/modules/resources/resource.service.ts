import type { Locale, Page } from '@kontor/contracts';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { parseOrThrow } from '../../http/validate.js';
import { audit } from '../admin/index.js';
import { allFields, type ResourceDef } from './define.js';
import { decodeAfter, encodeAfter, parseFilters, parseSort } from './list-query.js';
import { TOTAL_CAP } from './list-query.js';
import { ResourceRepo } from './resource.repo.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';
import { checkUnique, insertRecord } from './resource-writer.service.js';

const versionSchema = z.number({ error: 'required' }).int().positive();
const merchantIdSchema = z.number().int().positive();

/**
 * The rules every declared record type shares (issue 4 §2): tenant scope from the session only, one
 * transaction per change with its audit row, unique groups answered as Duplicate naming the field,
 * a stale version answered as Conflict, references in use answered as InUse.
 */
export class ResourceService {
  readonly repo: ResourceRepo;

  constructor(
    private readonly core: Core,
    readonly def: ResourceDef,
  ) {
    this.repo = new ResourceRepo(core.db, def);
  }

  list(auth: AuthContext, query: Record<string, unknown>): Promise<Page<Record<string, unknown>>> {
    return this.listScoped(TenantScope.of(auth), query);
  }

  /** A page for a merchant scope fixed beforehand (an export job runs with the scope of its request). */
  async listScoped(merchantScope: TenantScope, query: Record<string, unknown>): Promise<Page<Record<string, unknown>>> {
    const limit = query.l as number;
    const sort = parseSort(this.def, query.s as string | undefined, query.d as string | undefined);
    const base = { merchantScope, search: (query.q as string | undefined)?.trim() || undefined, filters: parseFilters(this.def, query) };
    const after = decodeAfter(sort.kind, query.o as string | undefined);
    const [data, total] = await Promise.all([this.repo.list({ ...base, sort, after, limit }), this.repo.count(base)]);
    const last = data.at(-1);
    return {
      total: Math.min(total, TOTAL_CAP),
      ...(total > TOTAL_CAP ? { totalCapped: true } : {}),
      next: data.length === limit && last ? encodeAfter(sort.kind, last.cursorAt ?? last[sort.id], last.id as number) : null,
      data: data.map(({ cursorAt: _cursorAt, ...row }) => this.show(row)),
    };
  }

  /** A row as it may leave the server (answers, exports, audit): the declaration's `present`, if any. */
  private show<T extends Record<string, unknown> | null | undefined>(row: T): T {
    return row && this.def.present ? (this.def.present(row) as T) : row;
  }

  /** The stored row, unmasked: only for the rules of a change, never answered. */
  private async stored(auth: AuthContext, id: number) {
    const row = await this.repo.get(id, TenantScope.of(auth));
    if (!row) throw new AppError('NotFound');
    return row;
  }

  async get(auth: AuthContext, id: number) {
    return this.show(await this.stored(auth, id));
  }

  /** The merchant a new row belongs to: the session's own, else the one the staff user names. */
  private merchantFor(auth: AuthContext, body: Record<string, unknown>, locale: Locale): number | null {
    if (this.def.scope !== 'merchant') return null;
    const scope = TenantScope.of(auth);
    if (scope.merchantId !== null) {
      if (body.merchantId !== undefined && (typeof body.merchantId !== 'number' || !tenantAllows(scope, body.merchantId))) throw new AppError('NoPermission');
      return scope.merchantId;
    }
    return parseOrThrow(z.object({ merchantId: merchantIdSchema }), body, locale).merchantId;
  }

  private values(body: Record<string, unknown>, locale: Locale) {
    const { version: _version, merchantId: _merchantId, ...rest } = body;
    return parseOrThrow(this.def.write, rest, locale);
  }

  async create(auth: AuthContext, body: Record<string, unknown>, locale: Locale) {
    const values = this.values(body, locale);
    const merchantId = this.merchantFor(auth, body, locale);
    await this.def.check?.(this.core.db, values);
    const id = await this.core.db.transaction().execute(async (trx) => {
      const id = await insertRecord(trx, this.def, values, merchantId);
      await audit(trx, auth, 'create', this.def.name, id, null, this.show(await this.repo.get(id, TenantScope.all, trx)));
      return id;
    });
    return this.written(await this.get(auth, id));
  }

  private async written(row: Record<string, unknown>) {
    await this.def.afterWrite?.(this.core, row);
    return row;
  }

  /** PUT replaces the record: the whole write body plus the version the editor loaded. */
  async update(auth: AuthContext, id: number, body: Record<string, unknown>, locale: Locale) {
    const version = parseOrThrow(z.object({ version: versionSchema }), body, locale).version;
    const parsed = this.values(body, locale);
    const before = await this.stored(auth, id);
    const values = this.def.merge ? this.def.merge(parsed, before) : parsed;
    if (this.def.scope === 'merchant' && body.merchantId !== undefined && body.merchantId !== before.merchantId) {
      throw new AppError('IntegrityError', { fields: [ruleError('merchantId', 'otherMerchantMove')] });
    }
    await this.def.check?.(this.core.db, values);
    await this.core.db.transaction().execute(async (trx) => {
      const merchantId = (before.merchantId as number | undefined) ?? null;
      await checkUnique(trx, this.def, values, merchantId, id);
      if (!(await this.repo.update(trx, id, version, this.repo.toColumns(values)))) throw new AppError('Conflict');
      await this.def.onWrite?.(trx, { id, merchantId, values });
      await audit(trx, auth, 'update', this.def.name, id, this.show(before), this.show(await this.repo.get(id, TenantScope.all, trx)));
    });
    return this.written(await this.get(auth, id));
  }

  async remove(auth: AuthContext, id: number, version: number | undefined) {
    const before = await this.get(auth, id);
    const reason = await this.def.inUse?.(this.core.db, id);
    if (reason) throw new AppError('InUse', { detail: undefined, fields: [{ field: 'id', message: reason }] });
    await this.core.db.transaction().execute(async (trx) => {
      if (!(await this.repo.delete(trx, id, version))) throw new AppError('Conflict');
      await audit(trx, auth, 'delete', this.def.name, id, before, null);
    });
  }

  /** Field ids a mask may name for this record type (checked by tests against the shipped masks). */
  fieldIds(): string[] {
    return Object.keys(allFields(this.def));
  }
}
