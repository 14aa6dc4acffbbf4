import type { GateShipmentRequest } from '@kontor/contracts/domains/carrier-gate';
import type { GateShipment } from '@kontor/contracts/domains/carrier-gate-responses';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { mergePdfs } from '../../lib/documents/merge-pdf.js';
import { carriersServices, type SubscribeOutcome } from '../carriers/index.js';
import { readGeneratedFiles } from '../files/index.js';
import { GatePurchaseService } from './gate-purchase.service.js';
import { parcelEvents, refusal, shipmentAnswer, shipmentState, toShipment } from './gate-shipment-answer.js';
import { gateShipmentsRepo, type GateShipmentRow } from './gate-shipments.repo.js';

export { GATE_TRACK_SUBSCRIBE_JOB } from './gate-purchase.service.js';

/**
 * The carrier gate's shipments (issue 17 item 8; docs/carrier-gate.md): read, bought (the purchase is
 * `GatePurchaseService`), voided and printed, for the gate user's key or the console.
 */
export class GateShipmentsService {
  private readonly purchase: GatePurchaseService;

  constructor(private readonly core: Core) {
    this.purchase = new GatePurchaseService(core);
  }

  private get direct() {
    return carriersServices(this.core).direct;
  }

  private answer(id: number): Promise<GateShipment> {
    return shipmentAnswer(this.core.db, id);
  }

  /** A shipment of this gate user (null: any, the console). */
  private async mustFind(gateUserId: number | null, id: number): Promise<GateShipmentRow> {
    const [row] = await gateShipmentsRepo.shipments(this.core.db, { id });
    if (!row || (gateUserId !== null && Number(row.gate_user_id) !== gateUserId)) throw new AppError('NotFound');
    return row;
  }

  async get(gateUserId: number | null, id: number): Promise<GateShipment> {
    await this.mustFind(gateUserId, id);
    return this.answer(id);
  }

  async list(gateUserId: number | undefined, limit: number): Promise<GateShipment[]> {
    const rows = await gateShipmentsRepo.shipments(this.core.db, { gateUserId, limit });
    const labels = await gateShipmentsRepo.labels(
      this.core.db,
      rows.map((r) => Number(r.id)),
    );
    const events = await parcelEvents(this.core.db, labels);
    return rows.map((r) =>
      toShipment(
        r,
        labels.filter((l) => Number(l.shipment_id) === Number(r.id)),
        events,
      ),
    );
  }

  /** `POST /v0/gate/shipments`: buys, or answers what the same Idempotency-Key bought before. */
  buy(gateUserId: number, idempotencyKey: string, body: GateShipmentRequest): Promise<GateShipment> {
    return this.purchase.buy(gateUserId, idempotencyKey, body);
  }

  /** The job: subscribes what the shipment's bought labels still lack. */
  async subscribeTracking(shipmentId: number): Promise<SubscribeOutcome> {
    const waiting = await gateShipmentsRepo.unsubscribed(this.core.db, shipmentId);
    return carriersServices(this.core).subscriptions.subscribeLabels(waiting, (ids) => gateShipmentsRepo.markSubscribed(this.core.db, ids));
  }

  /** Voids every label of the shipment: bought ones at the carrier first (a carrier error is answered, the label stays bought). */
  async void(gateUserId: number | null, id: number): Promise<GateShipment> {
    const row = await this.mustFind(gateUserId, id);
    for (const label of await gateShipmentsRepo.labels(this.core.db, [id])) {
      if (label.state === 'voided') continue;
      if (label.state === 'bought') {
        const error = await this.direct.void(Number(row.account_id), { trackingNumber: label.tracking_number, carrierRef: label.carrier_ref });
        if (error) throw refusal(error);
      }
      await gateShipmentsRepo.markVoided(this.core.db, Number(label.id));
    }
    return this.answer(id);
  }

  /** The console's void: the company's staff only, never a merchant session. */
  async voidByStaff(auth: AuthContext, id: number): Promise<GateShipment> {
    if (auth.merchantId !== null) throw new AppError('NoPermission');
    return this.void(null, id);
  }

  /** The labels of a bought shipment as one document (PDF pages merged; ZPL concatenated). */
  async labelFile(gateUserId: number | null, id: number): Promise<{ mime: string; data: Buffer }> {
    const row = await this.mustFind(gateUserId, id);
    const labels = await gateShipmentsRepo.labels(this.core.db, [id]);
    if (shipmentState(labels) !== 'bought') throw new AppError('InvalidState');
    const files = await readGeneratedFiles(
      this.core.db,
      labels.map((l) => l.label_file_id!),
    );
    if (row.format === 'zpl') return { mime: 'text/plain', data: Buffer.concat(files.map((f) => Buffer.from(f.data))) };
    return { mime: 'application/pdf', data: await mergePdfs(files.map((f) => f.data)) };
  }
}
