import {
  OUTBOUND_CLOSED,
  OUTBOUND_DISPATCHED,
  OUTBOUND_MERCHANT_EDITABLE,
  OUTBOUND_ORDER,
  OUTBOUND_PRE_PICK,
  OUTBOUND_EXCEPTIONS,
  addressProblems,
  type OutboundState,
} from '@kontor/contracts';
import { PRIORITY_CODES, type Address, type outboundOrderCreateSchema, type outboundOrderUpdateSchema } from '@kontor/contracts/domains/outbound';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { attachFiles } from '../files/index.js';
import { Places } from '../inventory/index.js';
import { stockTransaction, type Actor } from '../inventory/index.js';
import { ResourceView } from '../resources/index.js';
import { columnsOf } from './order-columns.js';
import { OrderStatusService, stateOf } from './order-status.service.js';
import { OUTBOUND_RESOURCES } from './outbound.resources.js';
import type { NewOrderColumns, OutboundRepo, OrderRow } from './outbound.repo.js';
import { merchantDirectory } from '../admin/index.js';
import { billing } from '../billing/index.js';
import { warehouses } from '../inventory/index.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

type CreateInput = z.infer<typeof outboundOrderCreateSchema>;
type UpdateInput = z.infer<typeof outboundOrderUpdateSchema>;
type LineInput = CreateInput['lines'][number];

const actorOf = (auth: AuthContext): Actor => ({ userId: auth.userId, merchantScope: TenantScope.of(auth) });
const picked = (state: OutboundState) => !OUTBOUND_PRE_PICK.includes(state) && state !== 'standby' && !OUTBOUND_EXCEPTIONS.includes(state);

/** Creating, changing, copying, deleting and reading outbound orders (issue 7 §1, §4). */
export class OutboundOrderService {
  private readonly view: ResourceView;

  constructor(
    private readonly core: Pick<Core, 'db'>,
    readonly repo: OutboundRepo,
    readonly status: OrderStatusService,
  ) {
    this.view = new ResourceView(core.db, OUTBOUND_RESOURCES.orders);
  }

  /** The order or NotFound, within the session's merchant scope; deleted ones only when asked for. */
  async mustFind(db: Kysely<DB>, auth: AuthContext, id: number, options: { lock?: boolean; deleted?: boolean } = {}): Promise<OrderRow> {
    const order = await this.repo.order(db, id, TenantScope.of(auth), { lock: options.lock });
    if (!order || order.deleted !== (options.deleted ?? false)) throw new AppError('NotFound');
    return order;
  }

  /** The order whatever its merchant, in the caller's transaction (flows that checked the session's access already); null when there is none. */
  current(db: Kysely<DB>, id: number): Promise<OrderRow | null> {
    return this.repo.order(db, id, TenantScope.all);
  }

  /** The same, locked until the caller's transaction ends (the label purchase, the handover and picklists move it). */
  locked(trx: Kysely<DB>, id: number): Promise<OrderRow | null> {
    return this.repo.order(trx, id, TenantScope.all, { lock: true });
  }

  /** `guard` runs first inside the order's transaction and may refuse it (the import's duplicate reference check). */
  async create(
    auth: AuthContext,
    input: CreateInput,
    action: 'create' | 'copy' | 'import' = 'create',
    guard?: (trx: Kysely<DB>, merchantId: number) => Promise<void>,
  ) {
    const scope = TenantScope.of(auth);
    if (input.merchantId !== undefined && !tenantAllows(scope, input.merchantId)) throw new AppError('NoPermission');
    const merchantId = scope.merchantId ?? input.merchantId;
    if (merchantId === undefined) throw new AppError('IntegrityError', { fields: [ruleError('merchantId', 'required')] });
    return stockTransaction(this.core.db, async (trx) => {
      await guard?.(trx, merchantId);
      await this.checkReferences(trx, merchantId, input.warehouseId);
      const lines = await this.resolveLines(trx, merchantId, input.lines);
      const staff = auth.merchantId === null;
      // The create schema requires every column the table requires (type of task, transport, pickup date ...).
      const created = await this.repo.insertOrder(trx, {
        ...columnsOf(input, staff),
        merchant_id: merchantId,
        status: OUTBOUND_ORDER.codeOf('outOfStock'),
        created_by: auth.userId,
      } as NewOrderColumns);
      await this.repo.insertLines(trx, created.id, lines);
      await this.repo.refreshTotals(trx, created.id);
      const order = (await this.repo.order(trx, created.id, TenantScope.all))!;
      await this.repo.addHistory(trx, { orderId: order.id, userId: auth.userId, action, from: null, to: order.status });
      await attachFiles(trx, auth, merchantId, input.relatedFiles);
      await this.settle(trx, actorOf(auth), order, input.consignee);
      await billing.record(trx, await this.repo.billingEntries(trx, order.id));
      await audit(trx, auth, 'create', 'outboundOrder', order.id, null, { ...input, merchantId });
      return { id: order.id, unid: created.unid, status: order.status };
    });
  }

  /** A new order allocates, then a wrong address is flagged (the order keeps its reservations meanwhile). */
  private async settle(trx: Kysely<DB>, actor: Actor, order: OrderRow, consignee: Address): Promise<void> {
    await this.status.recompute(trx, actor, order, { action: 'allocate' });
    const problems = addressProblems(consignee);
    if (problems.length > 0)
      await this.status.move(trx, actor, order, 'wrongAddress', {
        action: 'addressCheck',
        reason: 'address',
        owner: 'merchant',
        note: problems.map((p) => `${p.field}: ${p.problem}`).join(', '),
      });
  }

  /**
   * Merchants change their order until picking starts; staff until it ships. Lines change only while
   * nothing is picked: the old reservations are released and the new lines allocated. A stale
   * version answers Conflict and changes nothing.
   */
  async update(auth: AuthContext, id: number, input: UpdateInput) {
    await stockTransaction(this.core.db, async (trx) => {
      const order = await this.mustFind(trx, auth, id, { lock: true });
      if (order.version !== input.version) throw new AppError('Conflict');
      const state = stateOf(order);
      const merchant = auth.merchantId !== null;
      if (merchant ? !OUTBOUND_MERCHANT_EDITABLE.includes(state) : OUTBOUND_CLOSED.includes(state) || OUTBOUND_DISPATCHED.includes(state))
        throw new AppError('InvalidState', { fields: [merchant ? ruleError('status', 'pickingStarted') : ruleError('status', 'closedState', { state })] });
      const before = await this.view.get(id, TenantScope.all, trx);
      if (input.warehouseId !== undefined) await this.checkReferences(trx, order.merchantId, input.warehouseId);
      const { version: _version, lines: newLines, ...fields } = input;
      const columns = columnsOf(fields as Partial<CreateInput>, !merchant);
      if (Object.keys(columns).length) await this.repo.updateOrder(trx, id, columns);
      if (fields.relatedFiles) await attachFiles(trx, auth, order.merchantId, fields.relatedFiles);
      const actor = actorOf(auth);
      if (newLines) {
        if (picked(state) || (order.statusBefore !== null && picked(OUTBOUND_ORDER.stateOf(order.statusBefore)!)))
          throw new AppError('InvalidState', { fields: [ruleError('lines', 'pickingStarted')] });
        const lines = await this.resolveLines(trx, order.merchantId, newLines);
        await this.status.release(trx, actor, order);
        await this.repo.deleteLines(trx, id);
        await this.repo.insertLines(trx, id, lines);
        await this.repo.refreshTotals(trx, id);
        if (OUTBOUND_PRE_PICK.includes(state)) await this.status.recompute(trx, actor, order, { action: 'allocate' });
      }
      await this.repo.addHistory(trx, { orderId: id, userId: auth.userId, action: 'update', from: order.status, to: order.status });
      if (fields.consignee) await this.recheckAddress(trx, actor, order, fields.consignee);
      await audit(trx, auth, 'update', 'outboundOrder', id, before, await this.view.get(id, TenantScope.all, trx));
    });
    return this.detail(auth, id);
  }

  /** A corrected address ends the wrong-address exception it caused; a new problem before picking raises it. */
  private async recheckAddress(trx: Kysely<DB>, actor: Actor, order: OrderRow, consignee: Address) {
    const problems = addressProblems(consignee);
    const state = stateOf(order);
    if (problems.length === 0 && state === 'wrongAddress' && order.exceptionReason === 'address')
      await this.status.resume(trx, actor, order, { action: 'addressCheck', note: 'address corrected' });
    else if (problems.length > 0 && OUTBOUND_PRE_PICK.includes(state))
      await this.status.move(trx, actor, order, 'wrongAddress', {
        action: 'addressCheck',
        reason: 'address',
        owner: 'merchant',
        note: problems.map((p) => `${p.field}: ${p.problem}`).join(', '),
      });
  }

  /** A new order with the same fields and lines (without parcels, tracking and dates of the shipment). */
  async copy(auth: AuthContext, id: number) {
    const order = await this.mustFind(this.core.db, auth, id);
    const row = (await this.view.get(id, TenantScope.all))!;
    const lines = await this.repo.lines(this.core.db, id);
    const priority = (Object.entries(PRIORITY_CODES).find(([, code]) => code === row.priority)?.[0] ?? 'normal') as CreateInput['priority'];
    const input: CreateInput = {
      merchantId: order.merchantId,
      warehouseId: order.warehouseId,
      typeOfTask: row.typeOfTask as CreateInput['typeOfTask'],
      modeOfTransport: row.modeOfTransport as CreateInput['modeOfTransport'],
      priority,
      pickupDate: row.pickupDate as string,
      pickupFrom: row.pickupFrom as string,
      refOrderId: row.refOrderId as string,
      unitQty: row.unitQty as number,
      weight: row.weight as number,
      consignee: row.consignee as Address,
      consignor: row.consignor as Address | null,
      sender: row.sender as Address | null,
      dangerGoods: row.dangerGoods as boolean,
      deliveryServices: row.deliveryServices as CreateInput['deliveryServices'],
      autoRetourLabel: row.autoRetourLabel as boolean,
      forceShipLabel: row.forceShipLabel as boolean,
      labelSwap: row.labelSwap as boolean,
      relatedFiles: row.relatedFiles as CreateInput['relatedFiles'],
      remark: row.remark as string,
      privateRemark: auth.merchantId === null ? (row.privateRemark as string) : '',
      importantNote: row.importantNote as string,
      rsd: null,
      rad: null,
      carrier: row.carrier as CreateInput['carrier'],
      carrierService: row.carrierService as string,
      shipNo: '',
      retourNo: '',
      batchNo: '',
      boxQty: row.boxQty as number,
      pltQty: row.pltQty as number,
      dimensions: row.dimensions as CreateInput['dimensions'],
      parcels: [],
      lines: lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, batch: l.batch })),
    };
    return this.create(auth, input, 'copy');
  }

  /** The order with its lines and their reservations, history, and what this user may do next. */
  async detail(auth: AuthContext, id: number, db: Kysely<DB> = this.core.db) {
    const scope = TenantScope.of(auth);
    const order = await this.repo.order(db, id, scope);
    if (!order) throw new AppError('NotFound');
    const [row, lines, reservations, history] = await Promise.all([
      this.view.get(id, TenantScope.all, db),
      this.repo.lines(db, id),
      this.repo.reservations(db, id),
      this.repo.history(db, id),
    ]);
    const state = stateOf(order);
    const staff = auth.merchantId === null;
    const manage = auth.isAdmin || auth.privileges.has('p11y.orders.manage');
    return {
      order: staff ? row : { ...row, privateRemark: '' },
      lines: lines.map((l) => ({ ...l, reservations: reservations.filter((r) => r.itemId === l.itemId && (l.batch === '' || r.batch === l.batch)) })),
      history,
      next: manage && !order.deleted ? [...OUTBOUND_ORDER.states[state].next] : [],
      editable:
        !order.deleted && (staff ? !OUTBOUND_CLOSED.includes(state) && !OUTBOUND_DISPATCHED.includes(state) : OUTBOUND_MERCHANT_EDITABLE.includes(state)),
    };
  }

  private async checkReferences(db: Kysely<DB>, merchantId: number, warehouseId: number | null | undefined) {
    if (!(await merchantDirectory.exists(db, merchantId)))
      throw new AppError('IntegrityError', { fields: [ruleError('merchantId', 'unknownRecord', { value: merchantId })] });
    if (warehouseId && !(await warehouses.exists(db, warehouseId)))
      throw new AppError('IntegrityError', { fields: [ruleError('warehouseId', 'unknownRecord', { value: warehouseId })] });
  }

  /** Lines by item id or code within the order's merchant; the same item and batch twice is refused. */
  async resolveLines(db: Kysely<DB>, merchantId: number, lines: LineInput[]) {
    const found = await new Places(db).documentLines(merchantId, lines);
    return found.map(({ itemId, line }) => ({ itemId, batch: line.batch, quantity: line.quantity }));
  }
}
