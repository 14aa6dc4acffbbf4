import type { ParcelLabel } from '@kontor/contracts/domains/carriers-responses';
import { CARRIER_ERROR_CODES, type CarrierErrorKindName } from '@kontor/contracts/domains/carriers';
import type { LabelRow } from './labels.repo.js';

const time = (value: Date | null) => value as unknown as string;

/** A parcel label as the answers show it, with its error's catalogue code. */
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
