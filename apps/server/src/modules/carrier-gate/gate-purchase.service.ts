import type { GateShipmentRequest } from '@kontor/contracts/domains/carrier-gate';
import type { GateShipment } from '@kontor/contracts/domains/carrier-gate-responses';
import { createHash } from 'node:crypto';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { CarrierError, carriersServices, toCarrierAddress, type BoughtParcel, type CarrierAddress } from '../carriers/index.js';
import { storeGeneratedFile } from '../files/index.js';
import { json, refusal, shipmentAnswer, shipmentState } from './gate-shipment-answer.js';
import { gateShipmentsRepo, type GateLabelRow, type GateShipmentRow } from './gate-shipments.repo.js';
import { gateUsersRepo } from './gate-users.repo.js';

/** The job that subscribes a gate shipment's bought labels to the carrier's pushed tracking events (UPS Track Alert). */
export const GATE_TRACK_SUBSCRIBE_JOB = 'carrierGate.trackSubscribe';

/** The same request always hashes the same: a key reused with another body is refused, never bought. */
function requestHash(body: GateShipmentRequest): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * Labels bought through the carrier gate's API (issue 17 item 8; docs/carrier-gate.md). The purchase
 * follows the order labels' rules through the carriers module's front door (`direct`): the request is
 * checked and its parcel rows are written and committed first, each with its own key; the carrier is
 * called after that commit; a retry with the same Idempotency-Key answers what was bought, looks up an
 * uncertain parcel, asks again only for parcels the carrier refused, and never buys a parcel twice.
 */
export class GatePurchaseService {
  constructor(private readonly core: Core) {}

  private get direct() {
    return carriersServices(this.core).direct;
  }

  /** `POST /v0/gate/shipments`: buys, or answers what the same Idempotency-Key bought before. */
  async buy(gateUserId: number, idempotencyKey: string, body: GateShipmentRequest): Promise<GateShipment> {
    const hash = requestHash(body);
    const earlier = (await gateShipmentsRepo.shipments(this.core.db, { gateUserId, key: idempotencyKey }))[0];
    if (earlier) return this.resume(earlier, hash);
    const user = await gateUsersRepo.get(this.core.db, gateUserId);
    if (!user || !user.active) throw new AppError('ApiKeyInvalid');
    const products = json<string[]>(user.products);
    if (products.length > 0 && !products.includes(body.product))
      throw new AppError('GateProductNotAllowed', { fields: [{ field: 'product', message: body.product }] });
    const shipper = toCarrierAddress(body.sender ?? json<CarrierAddress>(user.address));
    const consignee = toCarrierAddress(body.receiver);
    let plan;
    try {
      plan = await this.direct.plan(this.core.db, {
        product: body.product,
        carrier: body.carrier,
        allowedCarriers: json<string[]>(user.carriers),
        shipper,
        consignee,
        parcels: body.parcels,
      });
    } catch (error) {
      if (error instanceof CarrierError) throw refusal(error);
      throw error;
    }
    const id = await this.core.db.transaction().execute(async (trx) => {
      const inserted = await gateShipmentsRepo.insert(trx, {
        gateUserId,
        idempotencyKey,
        requestHash: hash,
        accountId: plan.accountId,
        carrier: plan.carrier,
        product: plan.product,
        reference: body.reference,
        format: body.format,
        sender: shipper,
        receiver: consignee,
        parcels: body.parcels,
      });
      if (inserted === null) return null;
      await gateShipmentsRepo.insertLabels(
        trx,
        body.parcels.map((p, index) => ({ shipmentId: inserted, gateUserId, index, key: `G${inserted}-P${index + 1}`, weightKg: p.weightKg })),
      );
      return inserted;
    });
    // Another request with the same key won the insert: answer as its retry.
    if (id === null) return this.resume((await gateShipmentsRepo.shipments(this.core.db, { gateUserId, key: idempotencyKey }))[0]!, hash);
    const [row] = await gateShipmentsRepo.shipments(this.core.db, { id });
    return this.complete(row!, await gateShipmentsRepo.labels(this.core.db, [id]));
  }

  /** A retry: the same body, then whatever the shipment still lacks. */
  private async resume(row: GateShipmentRow, hash: string): Promise<GateShipment> {
    if (row.request_hash !== hash) throw new AppError('IdempotencyKeyReused');
    const id = Number(row.id);
    await gateShipmentsRepo.staleToUncertain(this.core.db, id, 2 * this.core.config.CARRIER_TIMEOUT_MS + 5000);
    const labels = await gateShipmentsRepo.labels(this.core.db, [id]);
    // A voided shipment is answered as GET answers it, its parcels' carrier events included.
    if (labels.some((l) => l.state === 'voided')) return shipmentAnswer(this.core.db, id);
    const ours: GateLabelRow[] = [];
    for (const label of labels.filter((l) => l.state === 'uncertain')) {
      // An unknown outcome is looked up, never bought blindly again.
      let found: BoughtParcel | null | 'unsupported';
      try {
        found = await this.direct.lookup(Number(row.account_id), label.idempotency_key);
      } catch (error) {
        throw refusal(error as CarrierError);
      }
      if (found === 'unsupported') throw refusal(new CarrierError('timeout', `the outcome of ${label.idempotency_key} is unknown`));
      if (found) await this.store(row, label, found);
      else ours.push(...(await gateShipmentsRepo.claim(this.core.db, [Number(label.id)], 'uncertain')));
    }
    ours.push(
      ...(await gateShipmentsRepo.claim(
        this.core.db,
        labels.filter((l) => l.state === 'failed').map((l) => Number(l.id)),
        'failed',
      )),
    );
    return this.complete(row, ours);
  }

  /** Buys the claimed rows after their commit; a failure leaves the shipment without any label (a complete set or none). */
  private async complete(row: GateShipmentRow, claimed: GateLabelRow[]): Promise<GateShipment> {
    const rows = claimed.filter((l) => l.state === 'pending');
    const failure = rows.length > 0 ? await this.buyRows(row, rows) : null;
    if (failure) {
      await this.voidBought(row);
      throw refusal(failure);
    }
    await this.afterPurchase(row);
    return shipmentAnswer(this.core.db, Number(row.id));
  }

  /**
   * After a purchase (or a retry's lookup) left the shipment bought: a carrier that pushes only subscribed
   * numbers (UPS Track Alert) gets the numbers not subscribed yet from a job, as an order's labels do
   * (docs/carrier-drivers.md "UPS Track Alert"); the labels are sold whatever becomes of it.
   */
  private async afterPurchase(row: GateShipmentRow): Promise<void> {
    if (!carriersServices(this.core).subscriptions.takesSubscriptions(row.carrier)) return;
    const labels = await gateShipmentsRepo.labels(this.core.db, [Number(row.id)]);
    if (shipmentState(labels) !== 'bought' || labels.every((l) => l.tracking_subscribed_at !== null)) return;
    await this.core.jobs
      ?.enqueue(GATE_TRACK_SUBSCRIBE_JOB, { shipmentId: Number(row.id) }, { userId: null, merchantId: null })
      .catch((error: unknown) => this.core.log.warn({ err: error, shipment: Number(row.id) }, 'track subscription not queued'));
  }

  private async buyRows(row: GateShipmentRow, rows: GateLabelRow[]): Promise<CarrierError | null> {
    const parcels = json<GateShipmentRequest['parcels']>(row.parcels);
    try {
      const result = await this.direct.buy(Number(row.account_id), {
        product: row.product,
        services: [],
        shipper: json<CarrierAddress>(row.sender),
        consignee: json<CarrierAddress>(row.receiver),
        parcels: rows.map((r) => ({ key: r.idempotency_key, ...parcels[r.parcel_index]! })),
        reference: row.reference || `G${row.id}`,
        format: row.format === 'zpl' ? 'zpl' : 'pdf',
      });
      const missing: number[] = [];
      for (const label of rows) {
        const bought = result.parcels.find((b) => b.key === label.idempotency_key);
        if (bought) await this.store(row, label, bought);
        else missing.push(Number(label.id));
      }
      if (missing.length === 0) return null;
      const failure = new CarrierError('refused', 'the carrier answered no label for a parcel', { retryable: true });
      await gateShipmentsRepo.markFailed(this.core.db, missing, 'failed', failure.kind, failure.carrierMessage);
      return failure;
    } catch (error) {
      const failure = error instanceof CarrierError ? error : new CarrierError('unavailable', 'carrier call failed');
      await gateShipmentsRepo.markFailed(
        this.core.db,
        rows.map((r) => Number(r.id)),
        failure.uncertain ? 'uncertain' : 'failed',
        failure.kind,
        failure.carrierMessage,
      );
      this.core.log.warn({ shipment: Number(row.id), kind: failure.kind, uncertain: failure.uncertain }, 'gate label purchase failed');
      return failure;
    }
  }

  /** The label file through the files module, then the row as bought. */
  private async store(row: GateShipmentRow, label: GateLabelRow, bought: BoughtParcel): Promise<void> {
    const file = await storeGeneratedFile(this.core.db, {
      name: `gate-${row.id}-${label.parcel_index + 1}.${bought.format}`,
      mime: bought.format === 'pdf' ? 'application/pdf' : 'text/plain',
      data: bought.label,
      merchantId: null,
      ownerUserId: null,
    });
    await gateShipmentsRepo.markBought(this.core.db, Number(label.id), {
      trackingNumber: bought.trackingNumber,
      carrierRef: bought.carrierRef,
      fileId: file.id,
      costMinor: bought.costMinor ?? null,
      currency: bought.currency ?? null,
    });
  }

  private async voidBought(row: GateShipmentRow): Promise<void> {
    for (const label of (await gateShipmentsRepo.labels(this.core.db, [Number(row.id)])).filter((l) => l.state === 'bought')) {
      const error = await this.direct.void(Number(row.account_id), { trackingNumber: label.tracking_number, carrierRef: label.carrier_ref });
      if (error) this.core.log.error({ label: label.idempotency_key, kind: error.kind }, 'could not void a gate label of a failed purchase');
      else await gateShipmentsRepo.markVoided(this.core.db, Number(label.id));
    }
  }
}
