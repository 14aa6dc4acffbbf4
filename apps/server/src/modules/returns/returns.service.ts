import { RETURN_ORDER } from '@kontor/contracts';
import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import type { ReturnLine, returnListQuerySchema, returnUpdateSchema, returnWriteSchema } from '@kontor/contracts/domains/returns';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { merchantDirectory } from '../admin/index.js';
import { billing } from '../billing/index.js';
import { attachFiles, fileIdOf } from '../files/index.js';
import { Places } from '../inventory/index.js';
import { mustBeOpen } from '../inventory/index.js';
import { StockLedger } from '../inventory/index.js';
import { lineNames, ReturnsRepo, type ReturnRow } from './returns.repo.js';
import { TenantScope } from '../../db/tenant-scope.js';

const GO_ZERO_TIME = '0001-01-01T00:00:00Z';
const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const parsed = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

type Names = Awaited<ReturnType<typeof lineNames>>;

/**
 * The original's record: lines and photos as JSON text, an unset finish time as Go's zero time. With
 * `names`, each line also carries its item's `sku` and `name` and its compartment's `compartmentCode`.
 */
export function toWire(row: ReturnRow, names?: Names) {
  const lines = (parsed(row.items) ?? []) as Array<Record<string, unknown>>;
  const named = names
    ? lines.map((l) => {
        const item = names.items.get(Number(l.itemId));
        const code = names.compartments.get(Number(l.compartmentGUID));
        return { ...l, sku: item?.sku ?? '', name: item?.name ?? '', ...(code ? { compartmentCode: code } : {}) };
      })
    : lines;
  return {
    ...row,
    items: JSON.stringify(named),
    image: JSON.stringify(parsed(row.image) ?? { img: [] }),
    finDate: row.finDate ? iso(row.finDate) : GO_ZERO_TIME,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * Stock status of a returned line by its condition (facts §3.9, the original's
 * `returnedItemInventoryStatus`): damaged → damaged; valid → valid; anything else → invalid.
 */
export function returnedItemStatus(valid: number): number {
  if (valid === 2) return STOCK_STATUS.damaged;
  if (valid > 0) return STOCK_STATUS.valid;
  return STOCK_STATUS.invalid;
}

type Write = z.infer<typeof returnWriteSchema>;
type Update = z.infer<typeof returnUpdateSchema>;

/** Returns (RMA, issue 6 §5) with the original's calls and clearer refusals. */
export class ReturnsService {
  readonly repo = new ReturnsRepo();
  private readonly stock = new StockLedger();

  constructor(private readonly core: Pick<Core, 'db'>) {}

  async mustFind(db: Kysely<DB>, auth: AuthContext, id: number, lock = false): Promise<ReturnRow> {
    const row = await this.repo.get(db, id, TenantScope.of(auth), lock);
    if (!row) throw new AppError('NotFound');
    return row;
  }

  async create(auth: AuthContext, input: Write): Promise<null> {
    await this.core.db.transaction().execute(async (trx) => {
      if (await this.repo.idByShipSN(trx, input.shipSN)) throw duplicate(input.shipSN);
      const merchantId = await this.merchantOf(trx, auth, input.agentGUID);
      await this.checkLines(trx, merchantId, input.items);
      await this.attachPhotos(trx, auth, merchantId, input.image.img);
      const newId = await this.repo.insert(trx, merchantId, auth.userId, input);
      if (newId === null) throw duplicate(input.shipSN);
      await audit(trx, auth, 'create', 'return', newId, null, input);
    });
    return null;
  }

  /** Merges a whole record sent back by a client; lines and photos replace the stored ones. */
  async update(auth: AuthContext, input: Update): Promise<null> {
    await this.core.db.transaction().execute(async (trx) => {
      const before = await this.mustFind(trx, auth, input.id, true);
      if (before.status !== RETURN_ORDER.codeOf('received')) throw new AppError('InvalidState');
      if (input.shipSN !== undefined && input.shipSN !== before.shipSN) {
        const other = await this.repo.idByShipSN(trx, input.shipSN);
        if (other && other !== before.id) throw duplicate(input.shipSN);
      }
      const merchantId = input.agentGUID !== undefined ? await this.merchantOf(trx, auth, input.agentGUID) : before.merchantId;
      const items = input.items ?? (parsed(before.items) as ReturnLine[]);
      await this.checkLines(trx, merchantId, items);
      if (input.image) await this.attachPhotos(trx, auth, merchantId, input.image.img, photosOf(before));
      const v = { ...before, ...stripUndefined(input) };
      await this.repo.saveWhole(trx, before.id, {
        merchantId,
        shipSN: v.shipSN,
        originSN: v.originSN,
        originShipSN: v.originShipSN,
        originCountry: v.originCountry,
        businessType: v.businessType,
        type: v.type,
        note: v.note,
        items: JSON.stringify(items),
        image: JSON.stringify(input.image ?? parsed(before.image)),
        itemStrOrigin: v.itemStrOrigin,
        dispose: v.dispose,
      });
      await audit(trx, auth, 'update', 'return', before.id, toWire(before), input);
    });
    return null;
  }

  /**
   * Books every line into its compartment with the status its condition gives, in one transaction
   * under the return's row lock, and sets status 100 and finDate. A return already inbounded is
   * refused, so a resend after a lost answer books nothing twice.
   */
  async inbound(trx: Kysely<DB>, auth: AuthContext, id: number, lines: ReturnLine[]) {
    const row = await this.mustFind(trx, auth, id, true);
    if (row.status !== RETURN_ORDER.codeOf('received')) throw new AppError('InvalidState');
    if (row.merchantId === null) throw new AppError('IntegrityError', { fields: [ruleError('agentGUID', 'customerFirst')] });
    if (lines.length === 0) throw new AppError('IntegrityError', { fields: [ruleError('items', 'noLines')] });
    await this.checkLines(trx, row.merchantId, lines);
    const places = new Places(trx);
    const postings: Array<{ stockId: number; qty: number }> = [];
    for (const [index, line] of lines.entries()) {
      const field = `items.${index}.compartmentGUID`;
      const guid = line.compartmentGUID === undefined ? '' : String(line.compartmentGUID).trim();
      if (!guid) throw new AppError('IntegrityError', { fields: [ruleError(field, 'required')] });
      const compartment = /^\d{1,15}$/.test(guid) ? await places.compartmentById(Number(guid)) : null;
      if (!compartment) throw new AppError('CompartmentNotFound', { params: { code: guid }, fields: [{ field, message: guid }] });
      mustBeOpen(compartment, field);
      const key = {
        merchantId: row.merchantId,
        itemId: line.itemId,
        warehouseId: compartment.warehouseId,
        compartmentId: compartment.id,
        batch: line.itemBatch,
        status: returnedItemStatus(line.valid),
        unitId: null,
      };
      postings.push({ stockId: await this.stock.ensure(trx, key), qty: line.qty });
    }
    const locked = await this.stock.lock(
      trx,
      postings.map((p) => p.stockId),
    );
    for (const p of postings)
      await this.stock.post(trx, locked.get(p.stockId)!, {
        delta: p.qty,
        deltaReserved: 0,
        reason: 'return',
        refType: 'return',
        refId: row.shipSN,
        userId: auth.userId,
      });
    const units = lines.reduce((sum, l) => sum + l.qty, 0);
    await this.repo.markInbounded(trx, id, JSON.stringify(lines), RETURN_ORDER.codeOf('inbounded'));
    const entry = { merchantId: row.merchantId, refType: 'return', refId: row.shipSN };
    await billing.record(trx, [
      { ...entry, kind: 'return', quantity: 1 },
      { ...entry, kind: 'return.unit', quantity: units },
    ]);
    await audit(trx, auth, 'update', 'return', id, { status: row.status }, { status: RETURN_ORDER.codeOf('inbounded'), units });
    const saved = (await this.repo.get(trx, id, TenantScope.all))!;
    return toWire(saved, await lineNames(trx, [saved]));
  }

  /** Units of the merchant's inbounded returns naming one of the order numbers (a retour's progress). */
  unitsReturned(db: Kysely<DB>, merchantId: number, originSNs: string[]) {
    return this.repo.unitsReturned(db, merchantId, originSNs, RETURN_ORDER.codeOf('inbounded'));
  }

  /** Returns of the session's scope, newest first, with named lines. */
  async list(auth: AuthContext, query: z.infer<typeof returnListQuerySchema>) {
    const { agentGUID, ...rest } = query;
    const customer = agentGUID ? await merchantDirectory.idByCode(this.core.db, agentGUID) : undefined;
    // An unknown customer code filters every return out.
    if (customer === null) return { total: 0, next: 0, data: [] };
    const merchant = customer === undefined ? {} : { merchant: TenantScope.merchant(customer) };
    const page = await this.repo.list(this.core.db, TenantScope.of(auth), { ...rest, statuses: query['Status[]'], ...merchant });
    const names = await lineNames(this.core.db, page.rows);
    return { total: page.total, next: page.next, data: page.rows.map((row) => toWire(row, names)) };
  }

  /** One return with named lines. */
  async read(auth: AuthContext, id: number) {
    const row = await this.mustFind(this.core.db, auth, id);
    return toWire(row, await lineNames(this.core.db, [row]));
  }

  async cancel(auth: AuthContext, id: number) {
    return this.core.db.transaction().execute(async (trx) => {
      const row = await this.mustFind(trx, auth, id, true);
      if (!RETURN_ORDER.can(row.status, 'canceled')) throw new AppError('InvalidState');
      await this.repo.setStatus(trx, id, RETURN_ORDER.codeOf('canceled'));
      await audit(trx, auth, 'update', 'return', id, { status: row.status }, { status: RETURN_ORDER.codeOf('canceled') });
      return toWire((await this.repo.get(trx, id, TenantScope.all))!);
    });
  }

  /** A merchant's own returns are always theirs; staff name the merchant by its code (empty: not known yet). */
  private async merchantOf(db: Kysely<DB>, auth: AuthContext, agentGUID: string): Promise<number | null> {
    const scope = TenantScope.of(auth);
    if (scope.merchantId !== null) return scope.merchantId;
    if (!agentGUID) return null;
    const found = await merchantDirectory.idByCode(db, agentGUID);
    if (found === null) throw new AppError('IntegrityError', { fields: [ruleError('agentGUID', 'unknownRecord', { value: agentGUID })] });
    return found;
  }

  /**
   * Photos are files uploaded through the server (`/v0/static/<id>`) that the return's merchant may
   * read (issue 15 item 6): a foreign tenant's file or an outside address is refused at its field.
   * Photos the record already had stay as they are.
   */
  private async attachPhotos(db: Kysely<DB>, auth: AuthContext, merchantId: number | null, photos: Array<{ url: string }>, kept: string[] = []) {
    const fresh = photos.map((photo, index) => ({ index, url: photo.url })).filter((photo) => !kept.includes(photo.url));
    const field = (index: number) => `image.img.${index}.url`;
    const ids = fresh.map((photo) => {
      const id = fileIdOf(photo.url);
      if (!id) throw new AppError('IntegrityError', { fields: [{ field: field(photo.index), message: photo.url }] });
      return { id };
    });
    await attachFiles(db, auth, merchantId, ids, 'image', (i) => field(fresh[i]!.index));
  }

  /** Every line's item exists (and belongs to the return's merchant once it is known). */
  private async checkLines(db: Kysely<DB>, merchantId: number | null, lines: ReturnLine[]) {
    const places = new Places(db);
    for (const [index, line] of lines.entries()) {
      const item = await places.itemById(line.itemId, TenantScope.restore(merchantId));
      if (!item)
        throw new AppError('ItemNotFound', { params: { code: line.itemId }, fields: [{ field: `items.${index}.itemId`, message: String(line.itemId) }] });
    }
  }
}

const photosOf = (row: ReturnRow) => ((parsed(row.image) as { img?: Array<{ url?: string }> } | null)?.img ?? []).map((p) => String(p.url ?? ''));
const duplicate = (shipSN: string) => new AppError('Duplicate', { fields: [{ field: 'shipSN', message: shipSN }] });
const stripUndefined = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
