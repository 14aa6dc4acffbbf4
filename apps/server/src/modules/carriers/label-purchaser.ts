import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { billing, type ActivityEntry } from '../billing/index.js';
import { storeGeneratedFile } from '../files/index.js';
import type { LabelOrderRow } from '../outbound/index.js';
import type { CarrierAccountsService } from './accounts.service.js';
import { CarrierError, type BoughtParcel, type CarrierDriver, type CustomsData, type DriverContext, type LabelRequest, type LabelResult } from './driver.js';
import { mergeCustoms, parcelSpecs } from './label-plan.js';
import { labelsRepo, type LabelRow } from './labels.repo.js';
import { listedCost } from './prices.service.js';
import { TenantScope } from '../../db/tenant-scope.js';

/** The reason of a purchase that found another one of the same order still running: it changes nothing. */
export const BUSY = 'another purchase of this order is still running';

/** What step 1 of a purchase leaves for the carrier call (labels.service.ts). */
export interface Prepared {
  kind: 'buy';
  order: LabelOrderRow;
  driver: CarrierDriver;
  request: Omit<LabelRequest, 'parcels' | 'returnLabel' | 'product'>;
  product: string;
  returnProduct: string;
  /** Each outbound parcel's share of the customs declaration, by parcel index (non-EU destinations). */
  customsShares?: CustomsData[];
  /** Rows this call wrote or reopened: bought now. */
  pending: LabelRow[];
  /** Rows whose earlier purchase had no answer: looked up before anything else. */
  uncertain: LabelRow[];
  /** Another purchase of the order is under way: buy nothing now. */
  busy: boolean;
}

/** Any failure of a driver call as a classified carrier error (a deadline passed counts as a timeout). */
export function classify(error: unknown): CarrierError {
  if (error instanceof CarrierError) return error;
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new CarrierError('timeout', 'the carrier did not answer in time');
  return new CarrierError('unavailable', (error as Error | undefined)?.message?.slice(0, 300) || 'carrier call failed', { retryable: true, uncertain: false });
}

/** Label billing (issue 17 item 6): one label of carrier and product, and its cost in minor units when known. */
export function billingOf(row: LabelRow): ActivityEntry[] {
  const ref = { merchantId: Number(row.merchant_id), refType: 'parcel_label', refId: String(row.id) };
  const entries: ActivityEntry[] = [{ ...ref, kind: `label.${row.carrier}.${row.product}${row.is_return ? '.return' : ''}`, quantity: 1 }];
  if (row.cost_minor !== null && row.currency) entries.push({ ...ref, kind: `label.cost.${row.currency}`, quantity: row.cost_minor });
  return entries;
}

/**
 * Step 2 of a purchase: the carrier calls, made after the rows are committed, never inside a
 * transaction. Every outcome is stored per parcel key, so a retry knows what was bought.
 */
export class LabelPurchaser {
  constructor(
    private readonly core: Core,
    private readonly accounts: CarrierAccountsService,
  ) {}

  private context(): DriverContext {
    const timeoutMs = this.core.config.CARRIER_TIMEOUT_MS;
    return { fetch: globalThis.fetch, timeoutMs, signal: AbortSignal.timeout(timeoutMs) };
  }

  /** A driver call with a deadline of its own, so a driver that hangs still ends as a timeout. */
  async withDeadline<T>(work: (ctx: DriverContext) => Promise<T>): Promise<T> {
    const ctx = this.context();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CarrierError('timeout', 'the carrier did not answer in time')), ctx.timeoutMs + 2000);
    });
    try {
      return await Promise.race([work(ctx), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Looks up, buys and, on a failure, voids what the order has bought; answers the failure or null. */
  async run(p: Prepared): Promise<CarrierError | null> {
    const again: LabelRow[] = [];
    for (const row of p.uncertain) {
      // Without a lookup the outcome stays unknown: staff void or confirm it; it is never bought blindly.
      if (!p.driver.lookup)
        return new CarrierError('timeout', `the outcome of label ${row.idempotency_key} is unknown: void it, then retry`, {
          retryable: false,
          uncertain: true,
        });
      try {
        const found = await this.withDeadline((ctx) => p.driver.lookup!(p.request.account, row.idempotency_key, ctx));
        if (found) await this.store(p.order, row, found);
        else again.push(row);
      } catch (error) {
        return classify(error);
      }
    }
    await this.core.db.transaction().execute((trx) =>
      labelsRepo.reopenUncertain(
        trx,
        again.map((r) => Number(r.id)),
      ),
    );
    const toBuy = [...p.pending, ...again];
    if (toBuy.length === 0) return p.busy ? new CarrierError('unavailable', BUSY, { retryable: true }) : null;
    let failure: CarrierError | null = null;
    for (const isReturn of [false, true]) {
      const rows = toBuy.filter((r) => r.is_return === isReturn);
      if (rows.length > 0) failure = await this.buyRows(p, rows, isReturn);
      if (failure) break;
    }
    if (failure) await this.voidBought(p.order.id);
    return failure;
  }

  private async buyRows(p: Prepared, rows: LabelRow[], isReturn: boolean): Promise<CarrierError | null> {
    const specs = parcelSpecs(
      p.order,
      rows.map((r) => ({ index: r.parcel_index, key: r.idempotency_key })),
    );
    const request: LabelRequest = { ...p.request, product: isReturn ? p.returnProduct : p.product, parcels: specs, ...(isReturn ? { returnLabel: true } : {}) };
    // Outbound parcels declare their own share; the request the union of this call's parcels (one UPS
    // shipment of several packages). A return label declares the order's goods as a whole.
    const shares = isReturn ? undefined : p.customsShares;
    const own = rows.map((row) => shares?.[row.parcel_index]);
    if (own.length > 0 && own.every((share): share is CustomsData => share !== undefined)) {
      own.forEach((share, i) => (specs[i]!.customs = share));
      request.customs = mergeCustoms(own);
    }
    let result: LabelResult;
    try {
      result = await this.withDeadline((ctx) => p.driver.buy(request, ctx));
    } catch (error) {
      const failure = classify(error);
      await this.fail(rows, failure.uncertain ? 'uncertain' : 'failed', failure);
      this.core.log.warn({ order: p.order.unid, kind: failure.kind, uncertain: failure.uncertain }, 'carrier label purchase failed');
      return failure;
    }
    const keys = new Set(rows.map((r) => r.idempotency_key));
    for (const extra of result.parcels.filter((b) => !keys.has(b.key))) await this.voidQuietly(p, extra);
    const missing: LabelRow[] = [];
    for (const row of rows) {
      const bought = result.parcels.find((b) => b.key === row.idempotency_key);
      if (bought) await this.store(p.order, row, bought);
      else missing.push(row);
    }
    if (missing.length === 0) return null;
    const failure = new CarrierError('refused', 'the carrier answered no label for a parcel', { retryable: true });
    await this.fail(missing, 'failed', failure);
    return failure;
  }

  private async fail(rows: LabelRow[], state: 'failed' | 'uncertain', failure: CarrierError): Promise<void> {
    await this.core.db.transaction().execute((trx) =>
      labelsRepo.markFailed(
        trx,
        rows.map((r) => Number(r.id)),
        state,
        failure.kind,
        failure.carrierMessage,
      ),
    );
  }

  /** Stores the label file through the files module, then the row as bought and its billing, in one transaction. */
  private async store(order: LabelOrderRow, row: LabelRow, bought: BoughtParcel): Promise<void> {
    const name = `${order.unid}-${row.parcel_index + 1}${row.is_return ? '-return' : ''}.${bought.format}`;
    const mime = bought.format === 'pdf' ? 'application/pdf' : 'text/plain';
    const file = await storeGeneratedFile(this.core.db, { name, mime, data: bought.label, merchantId: order.merchantId, ownerUserId: null });
    await this.core.db.transaction().execute(async (trx) => {
      // A carrier that answers no cost is billed at the account's price list (issue 17; docs/carriers.md "Price list").
      const answered = bought.costMinor !== undefined && bought.costMinor !== null ? { costMinor: bought.costMinor, currency: bought.currency ?? null } : null;
      const cost = answered ?? (await listedCost(trx, Number(row.account_id), row.product, Number(row.weight_kg)));
      const stored = await labelsRepo.markBought(trx, Number(row.id), {
        trackingNumber: bought.trackingNumber,
        carrierRef: bought.carrierRef,
        fileId: file.id,
        format: bought.format,
        costMinor: cost?.costMinor ?? null,
        currency: cost?.currency ?? null,
      });
      if (stored) await billing.record(trx, billingOf((await labelsRepo.get(trx, Number(row.id), TenantScope.all))!));
    });
  }

  /** A multi-parcel purchase that failed voids what it bought: the order gets a complete set or none. */
  private async voidBought(orderId: number): Promise<void> {
    for (const label of (await labelsRepo.live(this.core.db, orderId)).filter((l) => l.state === 'bought')) {
      const error = await this.voidAtCarrier(label);
      if (error) {
        this.core.log.error({ label: label.idempotency_key, kind: error.kind }, 'could not void a label of a failed purchase');
        continue;
      }
      await this.core.db.transaction().execute((trx) => this.recordVoid(trx, label));
    }
  }

  private async voidQuietly(p: Prepared, parcel: BoughtParcel): Promise<void> {
    try {
      await this.withDeadline((ctx) => p.driver.void(p.request.account, parcel, ctx));
    } catch (error) {
      this.core.log.error({ key: parcel.key, kind: classify(error).kind }, 'could not void a label the carrier sold under an unknown key');
    }
  }

  /** Voids a bought label at its carrier; answers the failure or null. */
  async voidAtCarrier(label: LabelRow): Promise<CarrierError | null> {
    const account = await this.accounts.configOf(this.core.db, Number(label.account_id));
    if (!account) return new CarrierError('service', `no driver for ${label.carrier}`, { retryable: false });
    try {
      await this.withDeadline((ctx) => account.driver.void(account.config, { trackingNumber: label.tracking_number, carrierRef: label.carrier_ref }, ctx));
      return null;
    } catch (error) {
      return classify(error);
    }
  }

  /** The label as voided here, its billing reversed when it had been bought. */
  async recordVoid(trx: Kysely<DB>, label: LabelRow): Promise<void> {
    if ((await labelsRepo.markVoided(trx, Number(label.id))) && label.state === 'bought') await billing.reverse(trx, billingOf(label));
  }
}
