import { errorText, toLocale, type Locale } from '@kontor/contracts';
import { ORDER_IMPORT_JOB, type OrderImportError, type OrderImportInput, type OrderImportResult } from '@kontor/contracts/domains/outbound-io';
import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { readTableFile, tableLimits } from '../../lib/table-file.js';
import { FilesService } from '../files/index.js';
import { registerJobHandler, type JobContext } from '../jobs/index.js';
import type { OutboundOrderService } from '../outbound/index.js';
import { bodyOf, checkBody, columnsOf, conflicts, groupRows, refusal, type OrderGroup } from './import-rows.js';
import type { OutboundIoRepo } from './outbound-io.repo.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

const MAX_ERRORS_IN_RESULT = 200;

/** The job acts as the user who started it, in the scope fixed when it was queued (never from the file). */
function jobAuth(ctx: JobContext): AuthContext {
  return {
    sessionId: 0,
    tokenHash: '',
    userId: ctx.userId!,
    account: '',
    name: '',
    type: 0,
    merchantId: ctx.merchantId,
    subMerchantId: null,
    roles: [],
    privileges: new Set(),
    isAdmin: false,
    printShipment: false,
    language: null,
    createdAt: new Date(),
    loginIp: '',
  };
}

const report = (errors: OrderImportError[]) =>
  toCsv(
    ['line', 'refOrderId', 'field', 'message'],
    errors.map((e) => [e.line, e.refOrderId, e.field, e.message]),
  );

/**
 * Issue 7 §6 order import. Each order (the rows of one reference) is checked and created on its own
 * through OutboundOrderService.create, in its own transaction: an order with a bad row is not
 * created at all, the good orders of the file are. A reference that a live order of the merchant
 * already carries is reported as a duplicate, so importing a file twice creates its orders once.
 * `checkOnly` runs every check (columns, values, items, duplicates) and creates nothing.
 */
export class OrderImport {
  constructor(
    private readonly orders: OutboundOrderService,
    private readonly repo: OutboundIoRepo,
  ) {}

  register(): void {
    registerJobHandler(ORDER_IMPORT_JOB, (ctx) => this.run(ctx), { maxAttempts: 1 });
  }

  /** Queues an import of an uploaded file: the merchant comes from the session, or staff name it. */
  async enqueue(core: Core, auth: AuthContext, input: OrderImportInput, locale: Locale) {
    const scope = TenantScope.of(auth);
    if (input.merchantId !== undefined && !tenantAllows(scope, input.merchantId)) throw new AppError('NoPermission');
    const merchantId = scope.merchantId ?? input.merchantId;
    if (!merchantId) throw new AppError('IntegrityError', { fields: [{ field: 'merchantId', message: errorText('IntegrityError', locale) }] });
    // The user's own upload, or one of the merchant's (as the item import).
    const file = await new FilesService(core).read(auth, input.fileId);
    if (file.owner_user_id !== auth.userId && !tenantAllows(scope, file.merchant_id)) throw new AppError('NotFound');
    return core.jobs!.enqueue(
      ORDER_IMPORT_JOB,
      { fileId: input.fileId, merchantId, checkOnly: input.checkOnly === true, locale },
      { userId: auth.userId, merchantId: auth.merchantId },
    );
  }

  private async run(ctx: JobContext) {
    const { db, payload } = ctx;
    const locale = toLocale(String(payload.locale ?? 'en'));
    const merchantId = payload.merchantId as number;
    const checkOnly = payload.checkOnly === true;
    const file = await new FilesService(ctx.core).read(jobAuth(ctx), String(payload.fileId));
    const table = await readTableFile(Buffer.from(file.data as Uint8Array), tableLimits(ctx.core.config), locale);
    const { missing, rows } = columnsOf(table);
    const result: OrderImportResult = {
      checkOnly,
      rows: rows.length,
      orders: 0,
      created: 0,
      duplicates: 0,
      imported: 0,
      failed: 0,
      errors: [],
      createdOrders: [],
    };
    const errors: OrderImportError[] = missing.map((field) => ({ line: 1, refOrderId: '', field, message: `${field}: ${errorText('NotFound', locale)}` }));
    if (missing.length === 0) {
      const { groups, errors: ungrouped } = groupRows(rows, locale);
      errors.push(...ungrouped);
      result.orders = groups.length;
      const existing = await this.repo.existingReferences(db, merchantId, [...new Set(groups.map((g) => g.ref))]);
      for (const [index, group] of groups.entries()) {
        if (ctx.signal.aborted) break;
        const outcome = await this.one(ctx, group, { merchantId, checkOnly, locale, existing: existing.get(group.ref) });
        if (outcome.duplicate) result.duplicates += 1;
        if (outcome.errors.length) errors.push(...outcome.errors);
        else {
          result.created += 1;
          result.imported += group.rows.length;
          if (outcome.created && result.createdOrders.length < MAX_ERRORS_IN_RESULT) result.createdOrders.push({ refOrderId: group.ref, ...outcome.created });
        }
        await ctx.progress(index + 1, groups.length);
      }
    }
    errors.sort((a, b) => a.line - b.line);
    result.failed = new Set(errors.map((e) => e.line)).size;
    result.errors = errors.slice(0, MAX_ERRORS_IN_RESULT);
    if (errors.length === 0) return { result };
    const name = `order-import-errors-${file.name.replace(/\.\w+$/, '')}.csv`;
    return { result, file: { name, mime: 'text/csv; charset=utf-8', data: report(errors) } };
  }

  /** One order: the schema, the rows' agreement, its items and reference; then created, or its problems. */
  private async one(
    ctx: JobContext,
    group: OrderGroup,
    o: { merchantId: number; checkOnly: boolean; locale: Locale; existing?: string },
  ): Promise<{ errors: OrderImportError[]; duplicate?: boolean; created?: { id: number; unid: string; status: number } }> {
    const duplicate = (unid: string) => ({
      duplicate: true,
      errors: group.rows.map((r) => ({ line: r.line, refOrderId: group.ref, field: 'refOrderId', message: `${errorText('Duplicate', o.locale)} ${unid}` })),
    });
    if (o.existing) return duplicate(o.existing);
    const { input, errors } = checkBody(group, bodyOf(group, o.merchantId), o.locale);
    errors.push(...conflicts(group));
    if (!input || errors.length) return { errors };
    try {
      if (o.checkOnly) {
        await this.orders.resolveLines(ctx.db, o.merchantId, input.lines);
        return { errors: [] };
      }
      const guard = async (trx: Kysely<DB>, merchantId: number) => {
        const unid = await this.repo.lockReference(trx, merchantId, group.ref);
        if (unid) throw new DuplicateReference(unid);
      };
      return { errors: [], created: await this.orders.create(jobAuth(ctx), input, 'import', guard) };
    } catch (error) {
      if (error instanceof DuplicateReference) return duplicate(error.unid);
      if (!(error instanceof AppError)) ctx.core.log.warn({ err: error, ref: group.ref }, 'order import: an order failed');
      return { errors: refusal(group, error, o.locale) };
    }
  }
}

class DuplicateReference extends Error {
  constructor(readonly unid: string) {
    super('duplicate reference');
  }
}
