import { OUTBOUND_AWAITING_SHIPPING_SCAN, OUTBOUND_BEFORE_PACKING_COMPLETED, OUTBOUND_DISPATCHED, OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { CARRIER_ERROR_CODES, type CarrierErrorKindName } from '@kontor/contracts/domains/carriers';
import type { LabelPurchase, ParcelLabel } from '@kontor/contracts/domains/carriers-responses';
import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { ErrorCode } from '@kontor/contracts';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import type { Actor } from '../inventory/index.js';
import { labelOrders, outboundServices, type LabelOrderRow } from '../outbound/index.js';
import type { CarrierAccountsService } from './accounts.service.js';
import { mustBeCompany, productFor } from './accounts.service.js';
import { CarrierError } from './driver.js';
import { checkWeight, consigneeOf, customsOf, customsShares, nextAttempt, parcelCount, parcelSpecs, shipperOf, zoneOf } from './label-plan.js';
import { labelsRepo, type LabelRow } from './labels.repo.js';
import { TrackingSubscriptionsService } from './tracking-subscriptions.service.js';
import { BUSY, LabelPurchaser, type Prepared } from './label-purchaser.js';
import { TenantScope } from '../../db/tenant-scope.js';

/** States that may still get labels: below packing completed (buying moves them there, facts §2.8), and packed ones waiting for the shipping scan. */
const LABELLABLE: readonly OutboundState[] = [...OUTBOUND_BEFORE_PACKING_COMPLETED, ...OUTBOUND_AWAITING_SHIPPING_SCAN];
/** Never printed: the order is (being) cancelled (facts §2.8, §3.6). */
export const CANCELED: readonly OutboundState[] = ['cancelRequested', 'canceled'];

export interface BuyOptions {
  /** Force ship label (issue 17 item 3, admin): buy although the order waits in an exception. */
  force?: boolean;
  format?: 'pdf' | 'zpl';
}

/** Why an order got no (complete) set of labels: a carrier error, or `config` when nothing resolves. */
type Failure = { kind: CarrierErrorKindName; carrierMessage: string; retryable: boolean };
class NotConfigured extends Error {}

const stateOf = (status: number) => OUTBOUND_ORDER.stateOf(status);
const time = (value: Date | null) => value as unknown as string;

export function toLabel(row: LabelRow): ParcelLabel {
  const kind = row.error_kind as CarrierErrorKindName | null;
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    parcelIndex: row.parcel_index,
    isReturn: row.is_return,
    accountId: Number(row.account_id),
    carrier: row.carrier,
    product: row.product,
    state: row.state as ParcelLabel['state'],
    trackingNumber: row.tracking_number,
    format: row.format,
    weightKg: Number(row.weight_kg),
    costMinor: row.cost_minor,
    currency: row.currency,
    errorKind: kind,
    errorCode: kind ? (CARRIER_ERROR_CODES[kind] ?? 'CarrierRefused') : null,
    errorText: row.error_text,
    labelUrl: row.label_file_id ? `/v0/static/${row.label_file_id}` : null,
    createdAt: time(row.created_at),
    boughtAt: time(row.bought_at),
    voidedAt: time(row.voided_at),
  };
}

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
      const needed = this.needed(order);
      // A complete order reprints what it has in any state but a cancelled one; buying needs a labellable state.
      if (needed.every((n) => live.some((l) => l.parcel_index === n.index && l.is_return === n.isReturn && l.state === 'bought')))
        return { kind: 'ready' as const };
      const forced = options.force === true || order.forceShipLabel;
      if (OUTBOUND_DISPATCHED.includes(state) || (!LABELLABLE.includes(state) && !forced))
        throw new AppError('InvalidState', { fields: [{ field: 'status', message: String(order.status) }] });
      try {
        return await this.plan(trx, order, live, needed, options);
      } catch (error) {
        if (error instanceof CarrierError) return { kind: 'refused' as const, error };
        if (error instanceof NotConfigured)
          return { kind: 'refused' as const, error: { kind: 'config', carrierMessage: 'no carrier account serves this order', retryable: false } };
        throw error;
      }
    });
  }

  /** Every label the order needs: one per parcel, and one return label when autoRetourLabel is set. */
  private needed(order: LabelOrderRow): Array<{ index: number; isReturn: boolean }> {
    const out = Array.from({ length: parcelCount(order) }, (_, index) => ({ index, isReturn: false }));
    if (order.autoRetourLabel) out.push({ index: 0, isReturn: true });
    return out;
  }

  private async plan(
    trx: Kysely<DB>,
    order: LabelOrderRow,
    live: LabelRow[],
    needed: Array<{ index: number; isReturn: boolean }>,
    options: BuyOptions,
  ): Promise<Prepared> {
    const country = order.consignee.country ?? '';
    const resolution = await this.accounts.resolve(trx, { ...order, country });
    if (!resolution) throw new NotConfigured();
    const shipper = shipperOf(order, resolution.shipper);
    const zone = zoneOf(shipper.country, country);
    const product = productFor(resolution.driver, resolution.product, zone);
    if (!product || !product.zones.includes(zone))
      throw new CarrierError('service', `${resolution.product || resolution.driver.code} does not ship to ${country}`, { retryable: false });
    const consignee = consigneeOf(order);
    const customs = zone === 'world' ? customsOf(order, await labelOrders.customsLines(trx, order.id), shipper.country, resolution.exportReason) : undefined;
    const weights = new Map(
      parcelSpecs(
        order,
        needed.map((n) => ({ index: n.index, key: '' })),
      ).map((spec, i) => [needed[i]!.index, spec.weightKg]),
    );
    checkWeight(
      product,
      [...weights.values()].map((weightKg) => ({ key: '', weightKg })),
    );
    // Each outbound parcel declares its own units, refused here (before any row or call) when it cannot.
    const shares = customs
      ? customsShares(
          customs,
          Array.from({ length: parcelCount(order) }, (_, i) => weights.get(i) ?? 0),
        )
      : undefined;
    // Rows: bought ones are reused, failed ones asked for again under their key, missing ones added.
    const failed = live.filter((l) => l.state === 'failed').map((l) => Number(l.id));
    await labelsRepo.reopen(trx, failed);
    const missing = needed.filter((n) => !live.some((l) => l.parcel_index === n.index && l.is_return === n.isReturn));
    let generation = await labelsRepo.generation(trx, order.id);
    await labelsRepo.insert(
      trx,
      missing.map((n) => ({
        orderId: order.id,
        merchantId: order.merchantId,
        parcelIndex: n.index,
        isReturn: n.isReturn,
        key: `${order.unid}-L${++generation}`,
        accountId: resolution.accountId,
        carrier: resolution.driver.code,
        product: n.isReturn ? (product.returnProduct ?? product.code) : product.code,
        weightKg: weights.get(n.index) ?? 0,
        format: options.format ?? 'pdf',
      })),
    );
    const rows = await labelsRepo.live(trx, order.id);
    const ours = (r: LabelRow) => failed.includes(Number(r.id)) || missing.some((m) => m.index === r.parcel_index && m.isReturn === r.is_return);
    const services = [...new Set([...resolution.services, ...order.deliveryServices.filter((s) => product.services.includes(s))])];
    return {
      kind: 'buy',
      order,
      driver: resolution.driver,
      request: {
        account: resolution.config,
        services,
        shipper,
        consignee,
        // A label swap names the other shipper's tracking number, so the relabelled parcel can be matched.
        reference: order.labelSwap && order.parcels[0]?.trackingNo ? `${order.unid} ${order.parcels[0].trackingNo}` : order.unid,
        ...(customs ? { customs } : {}),
        format: options.format ?? 'pdf',
      },
      product: product.code,
      returnProduct: product.returnProduct ?? product.code,
      ...(shares ? { customsShares: shares } : {}),
      pending: rows.filter((r) => r.state === 'pending' && ours(r)),
      uncertain: rows.filter((r) => r.state === 'uncertain'),
      busy: rows.some((r) => r.state === 'pending' && !ours(r)),
    };
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
      const needed = this.needed(order);
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
