import { OUTBOUND_AWAITING_SHIPPING_SCAN, OUTBOUND_BEFORE_PACKING_COMPLETED, OUTBOUND_DISPATCHED, OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { CARRIER_ERROR_CODES, type CarrierErrorKindName } from '@kontor/contracts/domains/carriers';
import type { LabelPurchase, ParcelLabel } from '@kontor/contracts/domains/carriers-responses';
import type { Core } from '../../core.js';
import type { ErrorCode } from '@kontor/contracts';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import type { Actor } from '../inventory/index.js';
import { labelOrders, outboundServices } from '../outbound/index.js';
import type { CarrierAccountsService } from './accounts.service.js';
import { mustBeCompany, productFor } from './accounts.service.js';
import { toLabel } from './label-answer.js';
import { NotConfigured, neededLabels, planPurchase, type BuyOptions } from './label-prepare.js';
import { CarrierError } from './driver.js';
import { nextAttempt, zoneOf } from './label-plan.js';
import { labelsRepo } from './labels.repo.js';
import { TrackingSubscriptionsService } from './tracking-subscriptions.service.js';
import { BUSY, LabelPurchaser, type Prepared } from './label-purchaser.js';
import { TenantScope } from '../../db/tenant-scope.js';

export { toLabel } from './label-answer.js';
export type { BuyOptions } from './label-prepare.js';

/** States that may still get labels: below packing completed (buying moves them there, facts §2.8), and packed ones waiting for the shipping scan. */
const LABELLABLE: readonly OutboundState[] = [...OUTBOUND_BEFORE_PACKING_COMPLETED, ...OUTBOUND_AWAITING_SHIPPING_SCAN];
/** Never printed: the order is (being) cancelled (facts §2.8, §3.6). */
export const CANCELED: readonly OutboundState[] = ['cancelRequested', 'canceled'];

/** Why an order got no (complete) set of labels: a carrier error, or `config` when nothing resolves. */
type Failure = { kind: CarrierErrorKindName; carrierMessage: string; retryable: boolean };

const stateOf = (status: number) => OUTBOUND_ORDER.stateOf(status);

/**
 * Buying the labels of an order (issue 17 item 3; docs/carriers.md "Buying"). Three steps:
 * 1. prepare, in the order's transaction: check the state, resolve the account and product, check weight
 *    and customs, write one `pending` row per missing parcel label with its idempotency key; commit.
 * 2. call the carrier after that commit (LabelPurchaser): look up `uncertain` labels first, buy the
 *    pending ones, void what a failed multi-parcel purchase left bought.
 * 3. settle, in a second transaction: the tracking numbers go to `ship_bundle`, the order moves to
 *    packing completed, or to transport label awaits with the reason in the label queue.
 * A bought label is never bought again: a retry reuses it.
 */
export class LabelsService {
  readonly purchaser: LabelPurchaser;
  readonly subscriptions: TrackingSubscriptionsService;

  constructor(
    private readonly core: Core,
    readonly accounts: CarrierAccountsService,
  ) {
    this.purchaser = new LabelPurchaser(core, accounts);
    this.subscriptions = new TrackingSubscriptionsService(core, accounts);
  }

  private get outbound() {
    return outboundServices(this.core);
  }

  async labels(scope: TenantScope, orderId: number): Promise<ParcelLabel[]> {
    const order = await labelOrders.order(this.core.db, orderId, scope);
    if (!order || order.deleted) throw new AppError('NotFound');
    return (await labelsRepo.all(this.core.db, orderId)).map(toLabel);
  }

  /** The live labels of a list page's orders (the per-carrier views); another merchant's orders answer nothing. */
  async labelsOfOrders(scope: TenantScope, orderIds: number[]): Promise<ParcelLabel[]> {
    return (await labelsRepo.liveOfOrders(this.core.db, orderIds, scope)).map(toLabel);
  }

  /** What the order resolves to (the settings screen's preview). */
  async resolution(auth: AuthContext, orderId: number) {
    mustBeCompany(auth);
    const scope = TenantScope.of(auth);
    const order = await labelOrders.order(this.core.db, orderId, scope);
    if (!order || order.deleted) throw new AppError('NotFound');
    const r = await this.accounts.resolve(this.core.db, { ...order, country: order.consignee.country ?? '' });
    if (!r) throw new AppError('CarrierNotConfigured');
    const product = productFor(r.driver, r.product, zoneOf(r.shipper?.country ?? 'DE', order.consignee.country ?? ''));
    return {
      ruleId: r.ruleId,
      accountId: r.accountId,
      accountName: r.accountName,
      carrier: r.driver.code,
      product: product?.code ?? r.product,
      services: r.services,
    };
  }

  /**
   * The staff's and stations' buy (`POST /v0/carriers/orders/{id}/labels`): like `buy`, but an order left
   * without a complete set is answered with the reason's coded error (the order waits in the label queue).
   * `force` (force ship label) is for administrators only.
   */
  async buyOrRefuse(auth: AuthContext, orderId: number, options: BuyOptions): Promise<LabelPurchase> {
    if (options.force && !auth.isAdmin) throw new AppError('NoPermission');
    const purchase = await this.buy({ userId: auth.userId, merchantScope: TenantScope.of(auth) }, orderId, options);
    if (!purchase.complete)
      throw new AppError((purchase.errorCode ?? 'CarrierRefused') as ErrorCode, { fields: [{ field: 'carrier', message: purchase.errorText }] });
    return purchase;
  }

  /** The label queue's automatic retry (the job): nothing when the order left the queue meanwhile. */
  async retryQueued(userId: number | null, orderId: number): Promise<LabelPurchase | null> {
    if (!(await labelsRepo.queued(this.core.db, orderId))) return null;
    try {
      return await this.buy({ userId, merchantScope: TenantScope.all }, orderId);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'InvalidState' || error.code === 'NotFound')) return null;
      throw error;
    }
  }

  /** Buys what the order still lacks and answers every live label; a refusal is in the answer, not thrown. */
  async buy(actor: Actor, orderId: number, options: BuyOptions = {}): Promise<LabelPurchase> {
    const prepared = await this.prepare(actor, orderId, options);
    if (prepared.kind === 'ready') return this.settle(actor, orderId, null);
    if (prepared.kind === 'refused') return this.settle(actor, orderId, prepared.error);
    return this.settle(actor, orderId, await this.purchaser.run(prepared));
  }

  private async prepare(actor: Actor, orderId: number, options: BuyOptions): Promise<Prepared | { kind: 'ready' } | { kind: 'refused'; error: Failure }> {
    return this.core.db.transaction().execute(async (trx) => {
      const order = await labelOrders.order(trx, orderId, actor.merchantScope, true);
      if (!order || order.deleted) throw new AppError('NotFound');
      const state = stateOf(order.status);
      if (!state || CANCELED.includes(state)) throw new AppError('InvalidState', { fields: [{ field: 'status', message: String(order.status) }] });
      await labelsRepo.staleToUncertain(trx, orderId, 2 * this.core.config.CARRIER_TIMEOUT_MS + 5000);
      const live = await labelsRepo.live(trx, orderId);
      const needed = neededLabels(order);
      // A complete order reprints what it has in any state but a cancelled one; buying needs a labellable state.
      if (needed.every((n) => live.some((l) => l.parcel_index === n.index && l.is_return === n.isReturn && l.state === 'bought')))
        return { kind: 'ready' as const };
      const forced = options.force === true || order.forceShipLabel;
      if (OUTBOUND_DISPATCHED.includes(state) || (!LABELLABLE.includes(state) && !forced))
        throw new AppError('InvalidState', { fields: [{ field: 'status', message: String(order.status) }] });
      try {
        return await planPurchase(this.accounts, trx, order, live, needed, options);
      } catch (error) {
        if (error instanceof CarrierError) return { kind: 'refused' as const, error };
        if (error instanceof NotConfigured)
          return { kind: 'refused' as const, error: { kind: 'config', carrierMessage: 'no carrier account serves this order', retryable: false } };
        throw error;
      }
    });
  }

  /** Step 3: tracking numbers to the order, its status, the queue. */
  private async settle(actor: Actor, orderId: number, error: Failure | null): Promise<LabelPurchase> {
    const { outbound } = this;
    let retryAt: Date | null = null;
    const purchase = await this.core.db.transaction().execute(async (trx): Promise<LabelPurchase> => {
      const order = await labelOrders.order(trx, orderId, TenantScope.all, true);
      const row = await outbound.orders.locked(trx, orderId);
      if (!order || !row) throw new AppError('NotFound');
      const live = await labelsRepo.live(trx, orderId);
      const needed = neededLabels(order);
      const complete = needed.every((n) => live.some((l) => l.parcel_index === n.index && l.is_return === n.isReturn && l.state === 'bought'));
      const tracking = live.filter((l) => l.state === 'bought' && !l.is_return).map((l) => l.tracking_number);
      const shipBundle = complete || tracking.length > 0 ? tracking.join('\n') : order.shipBundle;
      if (shipBundle !== order.shipBundle) await labelOrders.setShipBundle(trx, orderId, shipBundle);
      const state = stateOf(row.status)!;
      let kind: CarrierErrorKindName | null = null;
      let text = '';
      if (complete) {
        await labelsRepo.dequeue(trx, orderId);
        if (OUTBOUND_BEFORE_PACKING_COMPLETED.includes(state))
          await outbound.orders.status.move(trx, actor, row, 'packingCompleted', { action: 'labelBought' });
      } else if (error?.carrierMessage === BUSY) {
        // Another purchase of the order is under way: it settles the order; this one only answers.
        kind = error.kind;
        text = error.carrierMessage;
      } else {
        const why: Failure = error ?? { kind: 'unavailable', carrierMessage: BUSY, retryable: true };
        kind = why.kind;
        text = why.carrierMessage;
        const attempts = ((await labelsRepo.queued(trx, orderId))?.attempts ?? 0) + 1;
        const nextAt = why.retryable ? nextAttempt(attempts) : null;
        await labelsRepo.enqueue(trx, { orderId, merchantId: order.merchantId, kind, text, nextAt });
        if (OUTBOUND_BEFORE_PACKING_COMPLETED.includes(state) || state === 'packingCompleted')
          await outbound.orders.status.move(trx, actor, row, 'transportLabelAwaits', { action: 'labelFailed', reason: kind, note: text.slice(0, 500) });
        retryAt = nextAt;
      }
      return {
        orderId,
        status: row.status,
        complete,
        errorKind: kind,
        errorCode: kind ? CARRIER_ERROR_CODES[kind] : null,
        errorText: text,
        shipBundle,
        labels: live.map(toLabel),
      };
    });
    // The job row is written after the commit: the queue's own connection must not wait on this transaction.
    if (retryAt) await this.scheduleRetry(orderId, actor, retryAt);
    // Bought labels of a carrier that pushes only subscribed numbers (UPS Track Alert) get their subscription
    // from a job; the labels are bought whatever becomes of it, and the poll follows them meanwhile.
    if (purchase.complete)
      await this.subscriptions
        .afterPurchase(orderId, actor.userId)
        .catch((error: unknown) => this.core.log.warn({ err: error, orderId }, 'track subscription not queued'));
    return purchase;
  }

  private async scheduleRetry(orderId: number, actor: Actor, runAfter: Date): Promise<void> {
    await this.core.jobs?.enqueue(LABEL_RETRY_JOB, { orderId }, { userId: actor.userId, merchantId: null }, { runAfter });
  }

  /** Voids one label: at the carrier when it was bought, then here; billing is reversed (issue 17 items 3, 6). */
  async void(actor: Actor, labelId: number): Promise<ParcelLabel> {
    const label = await labelsRepo.get(this.core.db, labelId, actor.merchantScope);
    if (!label) throw new AppError('NotFound');
    if (label.state === 'voided') return toLabel(label);
    if (label.state === 'bought') {
      const error = await this.purchaser.voidAtCarrier(label);
      if (error) throw new AppError(CARRIER_ERROR_CODES[error.kind] as 'CarrierRefused', { fields: [{ field: 'carrier', message: error.carrierMessage }] });
    }
    return this.core.db.transaction().execute(async (trx) => {
      await this.purchaser.recordVoid(trx, label);
      const order = await labelOrders.order(trx, Number(label.order_id), TenantScope.all, true);
      if (order) {
        const tracking = (await labelsRepo.live(trx, order.id)).filter((l) => l.state === 'bought' && !l.is_return).map((l) => l.tracking_number);
        await labelOrders.setShipBundle(trx, order.id, tracking.join('\n'));
      }
      return toLabel((await labelsRepo.get(trx, labelId, TenantScope.all))!);
    });
  }

  /** The automatic retry of the label queue (the job) and the staff's bulk retry. */
  async retry(actor: Actor, orderIds: number[]): Promise<LabelPurchase[]> {
    const out: LabelPurchase[] = [];
    for (const orderId of orderIds) out.push(await this.buy(actor, orderId));
    return out;
  }
}

export const LABEL_RETRY_JOB = 'carriers.labelRetry';
