import type { SkuQcProgress, SnScanAnswer, SnSwapAnswer } from '@kontor/contracts/domains/sku-qc-responses';
import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { Places, type Actor } from '../inventory/index.js';
import { printing } from '../printing/index.js';
import { stateOf } from './order-status.service.js';
import type { OutboundOrderService } from './outbound-order.service.js';
import type { OrderRow } from './outbound.repo.js';
import { p11yCompatRepo } from './p11y-compat.repo.js';
import { qcAnswer, snAnswer, swapAnswer } from './sku-qc-answers.js';
import { progressOf, scannedOf, serialMatches, swapSerial, type Progress } from './sku-qc-progress.js';
import { skuQcRepo, type SerialLine } from './sku-qc.repo.js';

/** How many serials one order's swaps may make (the counter is the new serial's last three digits). */
const MAX_SWAPS = 999;

/**
 * SKU QC, serial capture and the SN swap at the shipping table (issue 18 item 6, facts §3.2, §3.3,
 * §3.5, docs/sku-qc-serials.md). Every mutating step locks the order first, so two stations scanning
 * one order take turns; QC counts one piece per scan by design (facts §3.2), serials are unique per
 * item across the warehouse (a unique index), and finishing both moves the order through the machine.
 */
export class SkuQcService {
  constructor(
    private readonly core: Core,
    private readonly orders: OutboundOrderService,
  ) {}

  /** The order of a step, in the caller's scope; the facts' "order not found" otherwise. */
  private async find(db: Kysely<DB>, auth: AuthContext, id: number, lock: boolean): Promise<OrderRow> {
    try {
      const order = await this.orders.mustFind(db, auth, id, { lock });
      this.attention(order);
      return order;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NotFound') throw new AppError('OrderNotFound');
      throw error;
    }
  }

  /** An order by its number or a tracking number (the first scan at a station). */
  private async byCode(auth: AuthContext, code: string): Promise<number> {
    if (!code) throw new AppError('IntegrityError', { fields: [ruleError('q', 'required')] });
    const id = await p11yCompatRepo.idByCode(this.core.db, TenantScope.of(auth), code);
    if (id === null) throw new AppError('OrderNotFound');
    return id;
  }

  /** The original's "Attention" rule: a canceled order, or one with a cancel request, is not checked or shipped. */
  private attention(order: OrderRow): void {
    const state = stateOf(order);
    if (state === 'canceled' || state === 'cancelRequested') throw new AppError('OrderAttention');
  }

  private async progress(db: Kysely<DB>, orderId: number): Promise<Progress> {
    const [qc, lines, serials] = await Promise.all([skuQcRepo.order(db, orderId), skuQcRepo.serialLines(db, orderId), skuQcRepo.serials(db, orderId)]);
    return progressOf(qc, lines, serials);
  }

  /**
   * After a QC or serial step: an order waiting in partial QC or for its serials moves on once its
   * checks are done: to SN required while serials are missing, to ready to ship when nothing is.
   * Orders that have not passed the shipping scan yet keep their state (the scan moves them later).
   */
  private async advance(trx: Kysely<DB>, actor: Actor, order: OrderRow, p: Progress, action: 'skuQc' | 'serials'): Promise<void> {
    const state = stateOf(order);
    if (state !== 'partialQc' && state !== 'snRequired') return;
    if (p.skuScanned < p.skuRequired) return;
    const to = p.snScanned >= p.snRequired ? 'readyToShip' : 'snRequired';
    await this.orders.status.move(trx, actor, order, to, { action });
  }

  /**
   * `GET /v0/p11yorders/scanItemSKUQC?id&q`: one piece of the next required SKU, resolved by SKU or
   * barcode among the order's merchant's items; an empty `q` reads progress. `id=0` opens an order by
   * its number or tracking number (Kontor's console; the handheld always sends the order id).
   */
  async skuScan(auth: AuthContext, id: number, q: string): Promise<SkuQcProgress> {
    const code = q.trim();
    if (id === 0) {
      const order = await this.find(this.core.db, auth, await this.byCode(auth, code), false);
      return qcAnswer(order, await this.progress(this.core.db, order.id));
    }
    if (!code) {
      const order = await this.find(this.core.db, auth, id, false);
      return qcAnswer(order, await this.progress(this.core.db, order.id));
    }
    return this.core.db.transaction().execute(async (trx) => {
      const order = await this.find(trx, auth, id, true);
      const before = await this.progress(trx, order.id);
      if (!before.nextSku) throw new AppError('SkuQcComplete');
      const items = await new Places(trx).itemsByCode(code, TenantScope.merchant(order.merchantId));
      const item = items.find((i) => i.sku === before.nextSku) ?? items[0];
      if (!item) throw new AppError('ItemNotFound', { params: { code }, fields: [{ field: 'q', message: code }] });
      if (item.sku !== before.nextSku) throw new AppError('SkuMismatch', { params: { sku: item.sku, expected: before.nextSku } });
      await skuQcRepo.addSkuDone(trx, order.id, item.sku);
      const after = await this.progress(trx, order.id);
      await this.advance(trx, this.actor(auth), order, after, 'skuQc');
      return qcAnswer(order, after);
    });
  }

  /**
   * `GET /v0/p11yorders/scanItemSN?id&itemID&q`: a serial for the item `itemID` (empty: the item due
   * next), checked against the item's pattern and against every serial the item has on any order.
   * An empty `q` reads progress.
   */
  async snScan(auth: AuthContext, id: number, itemID: string, q: string): Promise<SnScanAnswer> {
    const serial = q.trim();
    if (!serial) {
      const order = await this.find(this.core.db, auth, id, false);
      return snAnswer(order, await this.progress(this.core.db, order.id), '');
    }
    return this.core.db.transaction().execute(async (trx) => {
      const order = await this.find(trx, auth, id, true);
      const before = await this.progress(trx, order.id);
      const sku = itemID.trim();
      const line = sku ? before.lines.find((l) => l.serialRequired && l.sku === sku && scannedOf(before.serials, l.itemId) < l.quantity) : before.snLine;
      if (!line) throw sku ? new AppError('SnNotDue', { params: { sku } }) : new AppError('SnComplete');
      if (!serialMatches(line.serialPattern, serial))
        throw new AppError('SnPatternMismatch', { params: { sn: serial }, fields: [{ field: 'q', message: serial }] });
      const added = await skuQcRepo.addSerial(trx, {
        orderId: order.id,
        merchantId: order.merchantId,
        itemId: line.itemId,
        sku: line.sku,
        serial,
        source: 'scan',
        userId: auth.userId,
      });
      if (!added) throw new AppError('SnUsed', { params: { sn: serial }, fields: [{ field: 'q', message: serial }] });
      const after = await this.progress(trx, order.id);
      await this.advance(trx, this.actor(auth), order, after, 'serials');
      return snAnswer(order, after, serial);
    });
  }

  /**
   * `GET /v0/p11yorders/swapSN?id&q` (facts §3.5): `id=0` finds the order by `q` and clears its swap
   * buffer; then each call records one original serial, and the second makes a new serial (Kontor's
   * format, unique), adds it to the order's serials, clears the buffer and prints its label on the
   * user's print station (socket `print`, type printSN).
   */
  async swap(auth: AuthContext, id: number, q: string): Promise<SnSwapAnswer> {
    const code = q.trim();
    if (id === 0) {
      const orderId = await this.byCode(auth, code);
      return this.core.db.transaction().execute(async (trx) => {
        const order = await this.find(trx, auth, orderId, true);
        await skuQcRepo.setSwapBuffer(trx, order.id, []);
        return swapAnswer(order, await this.progress(trx, order.id), '');
      });
    }
    const made = await this.core.db.transaction().execute(async (trx) => {
      const order = await this.find(trx, auth, id, true);
      const before = await this.progress(trx, order.id);
      const buffer = before.qc.swapBuffer;
      if (buffer.includes(code)) throw new AppError('SnSwapSame', { fields: [{ field: 'q', message: code }] });
      if (buffer.length === 0) {
        await skuQcRepo.setSwapBuffer(trx, order.id, [code]);
        return { order, sn: '', progress: await this.progress(trx, order.id) };
      }
      const line = before.lines.find((l) => l.serialRequired) ?? before.lines[0];
      if (!line) throw new AppError('InvalidState');
      const sn = await this.newSerial(trx, order, line, before, [...buffer, code], auth.userId);
      await skuQcRepo.setSwapBuffer(trx, order.id, []);
      return { order, sn, progress: await this.progress(trx, order.id) };
    });
    const answer = swapAnswer(made.order, made.progress, made.sn);
    if (!made.sn) return answer;
    try {
      const job = await printing.send(this.core, { userId: auth.userId, kind: 'sn', sn: made.sn, title: `${made.progress.qc.unid} ${made.sn}` });
      return { ...answer, print: 'sent', printJobId: job.id };
    } catch (error) {
      if (error instanceof AppError && error.code === 'PrinterOffline') return { ...answer, print: 'offline' };
      throw error;
    }
  }

  /**
   * Sets the SKUs the order's QC checks, in scan order; each must be an item on the order. Starts the
   * QC over: what was checked before was checked against another list.
   */
  async setRequired(auth: AuthContext, id: number, skus: string[]): Promise<SkuQcProgress> {
    return this.core.db.transaction().execute(async (trx) => {
      // A console route on the order: NotFound as the order's other routes answer, not the scanner's text.
      const order = await this.orders.mustFind(trx, auth, id, { lock: true });
      this.attention(order);
      const onOrder = new Set((await skuQcRepo.serialLines(trx, order.id)).map((l) => l.sku));
      const stranger = skus.find((sku) => !onOrder.has(sku));
      if (stranger !== undefined) throw new AppError('IntegrityError', { fields: [ruleError('skus', 'unknownRecord', { value: stranger })] });
      await skuQcRepo.setSkuQcRequired(trx, order.id, skus);
      return qcAnswer(order, await this.progress(trx, order.id));
    });
  }

  /** The next free swap serial of the order (a serial typed by hand elsewhere may already hold one). */
  private async newSerial(trx: Kysely<DB>, order: OrderRow, line: SerialLine, p: Progress, originSerials: string[], userId: number): Promise<string> {
    for (let n = p.serials.filter((s) => s.source === 'swap').length + 1; n <= MAX_SWAPS; n++) {
      const sn = swapSerial(p.qc.unid, n);
      const row = {
        orderId: order.id,
        merchantId: order.merchantId,
        itemId: line.itemId,
        sku: line.sku,
        serial: sn,
        source: 'swap' as const,
        originSerials,
        userId,
      };
      if (await skuQcRepo.addSerial(trx, row)) return sn;
    }
    throw new AppError('InvalidState');
  }

  private actor(auth: AuthContext): Actor {
    return { userId: auth.userId, merchantScope: TenantScope.of(auth) };
  }

  /** An order by its number, a tracking number or its id, in the caller's scope (a station's first scan). */
  async orderIdByCode(auth: AuthContext, code: string): Promise<number> {
    const q = code.trim();
    const found = await p11yCompatRepo.idByCode(this.core.db, TenantScope.of(auth), q);
    if (found !== null) return found;
    if (/^\d{1,15}$/.test(q)) {
      const order = await this.orders.repo.order(this.core.db, Number(q), TenantScope.of(auth));
      if (order && !order.deleted) return order.id;
    }
    throw new AppError('OrderNotFound');
  }

  /** The order's items with their serial need and the serials captured so far (the merchant-specific station). */
  async serialState(db: Kysely<DB>, orderId: number) {
    const [lines, serials] = await Promise.all([skuQcRepo.serialLines(db, orderId), skuQcRepo.serials(db, orderId)]);
    return { lines, serials };
  }

  /**
   * Serials captured at a packing desk (`/wEP/PackScanEF`), inside the pack's transaction on the locked
   * order: each is checked against its item's pattern and recorded (unique per item across the
   * warehouse). A unit needs one when its item asks for serials, or every unit when the merchant's
   * rule says so (`perUnit`). Too many for an item is `SnNotDue`; any still missing is `SerialsMissing`.
   */
  async captureAtPacking(trx: Kysely<DB>, auth: AuthContext, order: OrderRow, given: Array<{ itemId: number; serial: string }>, perUnit: boolean) {
    const { lines, serials } = await this.serialState(trx, order.id);
    const seen = new Set<string>();
    for (const entry of given) {
      const line = lines.find((l) => l.itemId === entry.itemId);
      const needed = line ? (perUnit || line.serialRequired ? line.quantity : 0) : 0;
      if (!line || needed === 0) throw new AppError('SnNotDue', { params: { sku: line?.sku ?? String(entry.itemId) } });
      const serial = entry.serial.trim();
      if (!serialMatches(line.serialPattern, serial))
        throw new AppError('SnPatternMismatch', { params: { sn: serial }, fields: [{ field: 'serials', message: serial }] });
      const key = `${line.itemId}|${serial}`;
      if (seen.has(key) || serials.some((s) => s.itemId === line.itemId && s.serial === serial))
        throw new AppError('SnUsed', { params: { sn: serial }, fields: [{ field: 'serials', message: serial }] });
      seen.add(key);
      if (scannedOf(serials, line.itemId) + given.filter((g) => g.itemId === line.itemId).length > needed)
        throw new AppError('SnNotDue', { params: { sku: line.sku } });
    }
    for (const entry of given) {
      const line = lines.find((l) => l.itemId === entry.itemId)!;
      const added = await skuQcRepo.addSerial(trx, {
        orderId: order.id,
        merchantId: order.merchantId,
        itemId: line.itemId,
        sku: line.sku,
        serial: entry.serial.trim(),
        source: 'scan',
        userId: auth.userId,
      });
      if (!added) throw new AppError('SnUsed', { params: { sn: entry.serial.trim() }, fields: [{ field: 'serials', message: entry.serial.trim() }] });
    }
    for (const line of lines) {
      const needed = perUnit || line.serialRequired ? line.quantity : 0;
      const have = scannedOf(serials, line.itemId) + given.filter((g) => g.itemId === line.itemId).length;
      if (have < needed) throw new AppError('SerialsMissing', { params: { sku: line.sku, missing: needed - have } });
    }
  }
}
