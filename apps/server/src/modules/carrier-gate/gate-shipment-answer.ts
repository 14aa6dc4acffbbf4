import type { GateShipment } from '@kontor/contracts/domains/carrier-gate-responses';
import { CARRIER_ERROR_CODES, type CarrierErrorKindName } from '@kontor/contracts/domains/carriers';
import type { ErrorCode } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError } from '../../http/app-error.js';
import type { CarrierError } from '../carriers/index.js';
import { gateShipmentsRepo, type GateLabelRow, type GateShipmentRow } from './gate-shipments.repo.js';
import { gateTrackingRepo, type GateParcelEvent } from './gate-tracking.repo.js';

export const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const time = (value: Date | null) => value as unknown as string;

/** The shipment's state as the API answers it, from its parcels' states. */
export function shipmentState(labels: GateLabelRow[]): GateShipment['state'] {
  if (labels.length > 0 && labels.every((l) => l.state === 'bought')) return 'bought';
  if (labels.length > 0 && labels.every((l) => l.state === 'voided')) return 'voided';
  if (labels.some((l) => l.state === 'pending' || l.state === 'uncertain')) return 'pending';
  return 'failed';
}

/** The shipment as answered; `events` are its parcels' carrier events, newest first (docs/carrier-gate.md "Tracking"). */
export function toShipment(row: GateShipmentRow, labels: GateLabelRow[], events: GateParcelEvent[]): GateShipment {
  const state = shipmentState(labels);
  return {
    id: Number(row.id),
    gateUserId: Number(row.gate_user_id),
    company: row.company,
    idempotencyKey: row.idempotency_key,
    reference: row.reference,
    carrier: row.carrier,
    product: row.product,
    state,
    trackingNumbers: labels.filter((l) => l.state === 'bought').map((l) => l.tracking_number),
    labelUrl: state === 'bought' ? `/v0/gate/shipments/${row.id}/label.pdf` : null,
    parcels: labels.map((l) => {
      const kind = l.error_kind as CarrierErrorKindName | null;
      return {
        id: Number(l.id),
        parcelIndex: l.parcel_index,
        state: l.state as GateShipment['parcels'][number]['state'],
        trackingNumber: l.tracking_number,
        weightKg: Number(l.weight_kg),
        costMinor: l.cost_minor,
        currency: l.currency,
        errorKind: kind,
        errorCode: kind ? (CARRIER_ERROR_CODES[kind] ?? 'CarrierRefused') : null,
        errorText: l.error_text,
        deliveryState: l.delivery_state as GateShipment['parcels'][number]['deliveryState'],
        lastEventAt: time(l.tracking_at),
        events: events.filter((e) => e.gateLabelId === Number(l.id)).map(({ gateLabelId: _, ...e }) => e),
      };
    }),
    createdAt: time(row.created_at),
  };
}

/** A carrier's refusal as the coded error of its kind, with the carrier's own words as a field error. */
export function refusal(error: CarrierError): AppError {
  const code = (CARRIER_ERROR_CODES[error.kind] ?? 'CarrierRefused') as ErrorCode;
  return new AppError(code, { fields: [{ field: error.options.field ?? 'carrier', message: error.carrierMessage }] });
}

/** The shipment as the API answers it, read again after a change. */
export async function shipmentAnswer(db: Kysely<DB>, id: number): Promise<GateShipment> {
  const [row] = await gateShipmentsRepo.shipments(db, { id });
  if (!row) throw new AppError('NotFound');
  const labels = await gateShipmentsRepo.labels(db, [id]);
  return toShipment(row, labels, await parcelEvents(db, labels));
}

/** The carrier events of these parcels, newest first. */
export function parcelEvents(db: Kysely<DB>, labels: GateLabelRow[]): Promise<GateParcelEvent[]> {
  return gateTrackingRepo.events(
    db,
    labels.map((l) => Number(l.id)),
  );
}
