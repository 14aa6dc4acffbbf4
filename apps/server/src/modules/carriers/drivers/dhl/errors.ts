import { CarrierError, type CarrierErrorKind } from '../../driver.js';

/** DHL's validation message of one shipment item (`items[].validationMessages[]`). */
export interface DhlValidationMessage {
  property?: string;
  validationMessage?: string;
  validationState?: string;
}

export interface DhlStatus {
  title?: string;
  statusCode?: number;
  status?: number;
  detail?: string;
}

/** Which kind of refusal a validation message is, read from the property it names (then its words). */
export function kindOfValidation(msg: DhlValidationMessage): CarrierErrorKind {
  const prop = (msg.property ?? '').toLowerCase();
  const text = (msg.validationMessage ?? '').toLowerCase();
  if (prop.includes('customs') || /customs|zoll|export/.test(text)) return 'customs';
  if (prop.includes('weight') || /weight|gewicht/.test(text)) return 'weight';
  if (prop.includes('dim') || /dimension|length|width|height|maße/.test(text)) return 'dimensions';
  if (/^(consignee|shipper)\b/.test(prop) || /address|street|postal|zip|city|country|adresse|postleitzahl|ort\b/.test(text)) {
    return 'address';
  }
  if (/^(product|billingnumber|services)/.test(prop) || /product|service|billing|abrechnungsnummer/.test(text)) return 'service';
  return 'refused';
}

export function errorMessages(messages: DhlValidationMessage[] | undefined): DhlValidationMessage[] {
  return (messages ?? []).filter((m) => (m.validationState ?? 'Error').toLowerCase() === 'error');
}

/** One CarrierError from an item's validation errors: the first error decides the kind and field. */
export function validationError(messages: DhlValidationMessage[], fallback: DhlStatus | undefined, httpStatus: number): CarrierError {
  const errors = errorMessages(messages);
  const first = errors[0];
  if (!first) {
    const text = fallback?.detail || fallback?.title || `DHL refused the shipment (HTTP ${httpStatus})`;
    return new CarrierError('refused', text, { httpStatus });
  }
  const text = errors.map((m) => (m.property ? `${m.property}: ${m.validationMessage ?? ''}` : (m.validationMessage ?? ''))).join('; ');
  return new CarrierError(kindOfValidation(first), text, { httpStatus, field: first.property });
}

/** The error of an answer that is not a shipment answer (401, 403, 429, 5xx, or a body that is no JSON). */
export function statusError(httpStatus: number, body: unknown): CarrierError {
  const b = (body ?? {}) as { detail?: string; title?: string; status?: DhlStatus };
  const text = b.status?.detail || b.detail || b.status?.title || b.title || `HTTP ${httpStatus}`;
  if (httpStatus === 401 || httpStatus === 403) return new CarrierError('auth', `DHL: ${text}`, { httpStatus });
  if (httpStatus === 429 || httpStatus >= 500) return new CarrierError('unavailable', `DHL: ${text}`, { httpStatus });
  return new CarrierError('refused', `DHL: ${text}`, { httpStatus });
}
