import { INBOUND_MERCHANT_EDITABLE, INBOUND_ORDER, type InboundOrderState } from '@kontor/contracts';
import type { inboundLineWriteSchema, inboundOrderCreateSchema, inboundOrderUpdateSchema, inboundStatusSchema } from '@kontor/contracts/domains/inbound';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { attachFiles } from '../files/index.js';
import { Places } from '../inventory/index.js';
import { ResourceView } from '../resources/index.js';
import { INBOUND_RESOURCES } from './inbound.resources.js';
import { InboundRepo, type LineRow, type OrderColumns, type OrderRow } from './inbound.repo.js';
import { stagingOf } from './putaway.service.js';
import { merchantDirectory } from '../admin/index.js';
import { warehouses } from '../inventory/index.js';
import { TenantScope } from '../../db/tenant-scope.js';

type LineInput = Omit<z.infer<typeof inboundLineWriteSchema>, 'planned'> & { planned: number };

/** A box or pallet label is the order number with `P` and three digits (facts §3.4). */
export const orderNumberOf = (code: string) =>
  code
    .trim()
    .toUpperCase()
    .replace(/P\d{3}$/, '');

export function lineView(line: LineRow) {
  const pending = line.pendingValid + line.pendingDamaged;
  return {
    itemId: line.itemId,
    sku: line.sku,
    name: line.name,
    batch: line.batch,
    planned: line.planned,
    received: line.received,
    damaged: line.damaged,
    pending,
    pendingDamaged: line.pendingDamaged,
    putAway: line.putAway + line.putAwayDamaged,
    serialRequired: line.serialRequired,
    batchTracked: line.batchTracked,
    expiryTracked: line.expiryTracked,
    expiries: line.expiries,
    difference: line.received + line.damaged + pending - line.planned,
  };
}

/** Announcing, changing and following inbound orders (issue 6 §1, §6). */
export class InboundOrderService {
  readonly repo = new InboundRepo();
  private readonly list: ResourceView;

  constructor(private readonly core: Pick<Core, 'db'>) {
    this.list = new ResourceView(core.db, INBOUND_RESOURCES[0]!);
  }

  /** The order or NotFound, within the session's merchant scope. */
  async mustFind(db: Kysely<DB>, auth: AuthContext, id: number, lock = false): Promise<OrderRow> {
    const order = await this.repo.order(db, id, TenantScope.of(auth), lock);
    if (!order) throw new AppError('NotFound');
    return order;
  }

  async create(auth: AuthContext, input: z.infer<typeof inboundOrderCreateSchema>) {
    const scope = TenantScope.of(auth);
    const merchantId = scope.merchantId ?? input.merchantId;
    if (merchantId === undefined) throw new AppError('IntegrityError', { fields: [ruleError('merchantId', 'required')] });
    return this.core.db.transaction().execute(async (trx) => {
      const { id, unid, lines } = await this.write(trx, merchantId, input);
      await attachFiles(trx, auth, merchantId, input.files);
      await audit(trx, auth, 'create', 'inboundOrder', id, null, { ...input, merchantId, lines });
      return { id, unid };
    });
  }

  /** The order and its lines in the caller's transaction, references and lines checked (its files are the caller's). */
  async write(trx: Kysely<DB>, merchantId: number, input: z.infer<typeof inboundOrderCreateSchema>) {
    await this.checkReferences(trx, merchantId, input.warehouseId, input.containerId);
    const lines = await this.resolveLines(trx, merchantId, input.lines);
    const row = await this.repo.insertOrder(trx, {
      merchant_id: merchantId,
      warehouse_id: input.warehouseId,
      container_id: input.containerId,
      reference: input.reference,
      expected_date: input.expectedDate,
      carrier: input.carrier,
      tracking_numbers: JSON.stringify(input.trackingNumbers),
      box_qty: input.boxQty,
      pallet_qty: input.palletQty,
      remark: input.remark,
      files: JSON.stringify(input.files),
    });
    await this.repo.insertLines(trx, row.id, lines);
    await this.repo.refreshTotals(trx, row.id);
    return { ...row, lines };
  }

  /**
   * Merchants change an announcement until receiving starts; staff afterwards with a reason, until
   * the order is inbounded or canceled. A line that has been counted stays on the order.
   */
  async update(auth: AuthContext, id: number, input: z.infer<typeof inboundOrderUpdateSchema>) {
    await this.core.db.transaction().execute(async (trx) => {
      const order = await this.mustFind(trx, auth, id, true);
      if (order.version !== input.version) throw new AppError('Conflict');
      const editable = INBOUND_MERCHANT_EDITABLE.includes(order.status);
      if (!editable) {
        if (auth.merchantId !== null || INBOUND_ORDER.codes('inbounded', 'canceled').includes(order.status)) throw new AppError('InvalidState');
        if (!input.reason?.trim()) throw new AppError('IntegrityError', { fields: [ruleError('reason', 'requiredOnceReceiving')] });
      }
      const before = await this.list.get(id, TenantScope.all, trx);
      await this.checkReferences(trx, order.merchantId, input.warehouseId ?? order.warehouseId, input.containerId ?? null);
      if (input.warehouseId !== undefined && input.warehouseId !== order.warehouseId && order.stagingCompartmentId !== null)
        throw new AppError('InvalidState', { fields: [ruleError('warehouseId', 'goodsInWarehouse')] });
      const set: Record<string, unknown> = {}; // columns named below, values from the validated input
      const columns: Record<string, string> = {
        warehouseId: 'warehouse_id',
        reference: 'reference',
        expectedDate: 'expected_date',
        carrier: 'carrier',
        boxQty: 'box_qty',
        palletQty: 'pallet_qty',
        containerId: 'container_id',
        remark: 'remark',
      };
      for (const [field, column] of Object.entries(columns)) {
        const value = input[field as keyof typeof input];
        if (value !== undefined) set[column] = value;
      }
      if (input.trackingNumbers) set.tracking_numbers = JSON.stringify(input.trackingNumbers);
      if (input.files) {
        await attachFiles(trx, auth, order.merchantId, input.files);
        set.files = JSON.stringify(input.files);
      }
      if (Object.keys(set).length) await this.repo.updateOrder(trx, id, set as OrderColumns);
      if (input.lines) await this.replaceLines(trx, order, input.lines);
      await this.repo.refreshTotals(trx, id);
      await audit(trx, auth, 'update', 'inboundOrder', id, before, { ...(await this.list.get(id, TenantScope.all, trx)), reason: input.reason || undefined });
    });
    return this.detail(auth, id);
  }

  /** The hand-set statuses (in transit, receipt pending, canceled), checked against the status table. */
  async changeStatus(auth: AuthContext, id: number, input: z.infer<typeof inboundStatusSchema>) {
    await this.core.db.transaction().execute(async (trx) => {
      const order = await this.mustFind(trx, auth, id, true);
      await this.transition(trx, order, input.status);
      await audit(trx, auth, 'update', 'inboundOrder', id, { status: order.status }, { status: INBOUND_ORDER.codeOf(input.status), reason: input.reason });
    });
    return this.detail(auth, id);
  }

  /** Moves an order to a state the status table allows from its current one, else InvalidState. */
  async transition(trx: Kysely<DB>, order: OrderRow, to: InboundOrderState): Promise<void> {
    if (order.status === INBOUND_ORDER.codeOf(to)) return;
    if (!INBOUND_ORDER.can(order.status, to))
      throw new AppError('InvalidState', { fields: [ruleError('status', 'transition', { from: INBOUND_ORDER.stateOf(order.status) ?? order.status, to })] });
    const stamps: Partial<Record<InboundOrderState, 'receiving_started_at' | 'received_at' | 'inbounded_at'>> = {
      receiving: 'receiving_started_at',
      received: 'received_at',
      inbounded: 'inbounded_at',
    };
    await this.repo.setStatus(trx, order.id, INBOUND_ORDER.codeOf(to), stamps[to]);
    order.status = INBOUND_ORDER.codeOf(to);
  }

  /** The order with its lines' progress, recent scans and what still waits in staging. */
  async detail(auth: AuthContext, id: number, db: Kysely<DB> = this.core.db) {
    const order = await this.mustFind(db, auth, id);
    const [view, lines, scans, staging] = await Promise.all([
      this.list.get(id, TenantScope.all, db),
      this.repo.lines(db, id),
      this.repo.recentScans(db, id),
      stagingOf(db, order),
    ]);
    return { order: view, lines: lines.map(lineView), scans, staging };
  }

  /** The warehouses a delivery may be announced to (whoever announces chooses, without the warehouse screens' privilege). */
  warehouseOptions() {
    return warehouses.options(this.core.db);
  }

  /** `GET /v0/r7gorders/any`: by number, box or pallet label, or announced tracking number. */
  async any(auth: AuthContext, q: string) {
    const scope = TenantScope.of(auth);
    const order = (await this.repo.orderByUnid(this.core.db, orderNumberOf(q), scope)) ?? (await this.repo.orderByTracking(this.core.db, q.trim(), scope));
    return order ? { id: order.id, unid: order.unid, status: order.status } : { id: 0, unid: '' };
  }

  /**
   * Logging scan, inbound variant (facts §3.4): with id 0 the code selects an order (a `P` + three
   * digits suffix removed); with an order id the code is logged to it once.
   */
  async scanLog(auth: AuthContext, id: number, q: string) {
    const scope = TenantScope.of(auth);
    const db = this.core.db;
    let order: OrderRow | null;
    if (id === 0) order = (await this.repo.orderByUnid(db, orderNumberOf(q), scope)) ?? (await this.repo.orderByTracking(db, q, scope));
    else {
      order = await this.repo.order(db, id, scope);
      if (order) await this.repo.logTracking(db, id, q);
    }
    if (!order) return { id: 0, unid: '' };
    const row = (await this.list.get(order.id, TenantScope.all, db))!;
    return { ...row, shipBundle: (row.trackingNumbers as string[]).join('\n'), shipBundleSent: row.trackingLogged };
  }

  private async checkReferences(db: Kysely<DB>, merchantId: number, warehouseId: number, containerId: number | null) {
    if (!(await merchantDirectory.exists(db, merchantId)))
      throw new AppError('IntegrityError', { fields: [ruleError('merchantId', 'unknownRecord', { value: merchantId })] });
    if (!(await warehouses.exists(db, warehouseId)))
      throw new AppError('IntegrityError', { fields: [ruleError('warehouseId', 'unknownRecord', { value: warehouseId })] });
    if (containerId === null) return;
    if (!(await this.repo.containerExists(db, containerId)))
      throw new AppError('IntegrityError', { fields: [ruleError('containerId', 'unknownRecord', { value: containerId })] });
  }

  /** Lines by item id or code, within the order's merchant; an item and batch listed twice is refused. */
  private async resolveLines(db: Kysely<DB>, merchantId: number, lines: LineInput[]) {
    const found = await new Places(db).documentLines(merchantId, lines);
    return found.map(({ itemId, line }) => ({ itemId, batch: line.batch, planned: line.planned }));
  }

  private async replaceLines(trx: Kysely<DB>, order: OrderRow, input: LineInput[]) {
    const wanted = await this.resolveLines(trx, order.merchantId, input);
    const current = await this.repo.lines(trx, order.id);
    for (const line of current) {
      const counted = line.received + line.damaged + line.pendingValid + line.pendingDamaged;
      const keep = wanted.find((w) => w.itemId === line.itemId && w.batch === line.batch);
      if (keep) continue;
      if (counted > 0) throw new AppError('InUse', { fields: [ruleError('lines', 'alreadyCounted', { sku: line.sku })] });
      await this.repo.deleteLine(trx, line.id);
    }
    for (const line of wanted) await this.repo.upsertLine(trx, order.id, line);
  }
}
