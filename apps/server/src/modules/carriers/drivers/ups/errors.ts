import { CarrierError, type CarrierErrorKind } from '../../driver.js';

/** UPS's error answer: `{ response: { errors: [{ code, message }] } }`. */
export interface UpsErrorBody {
  response?: { errors?: { code?: string; message?: string }[] };
}

/** UPS codes that say the credentials or the account are wrong, whatever the HTTP status. */
const AUTH_CODES = new Set(['250002', '250003', '250004', '250007', '250009', '10401', '10402', '9370701']);

export function kindOf(code: string, message: string): CarrierErrorKind {
  const text = message.toLowerCase();
  if (AUTH_CODES.has(code) || /authenticat|unauthori[sz]ed|access license|invalid token|client ?id/.test(text)) return 'auth';
  if (/customs|commodit|invoice|international forms|export|harmoni[sz]ed|tariff/.test(text)) return 'customs';
  if (/weight|too heavy|exceeds the max(imum)? (package )?weight/.test(text)) return 'weight';
  if (/dimension|length|girth|width|height|oversize/.test(text)) return 'dimensions';
  if (/address|postal|zip|city|country|state ?province|street|ship ?to|ship ?from|consignee/.test(text)) return 'address';
  if (/service|not available to|not offered|shipper number|account number/.test(text)) return 'service';
  return 'refused';
}

export function upsError(httpStatus: number, body: unknown): CarrierError {
  const errors = (body as UpsErrorBody | undefined)?.response?.errors ?? [];
  const text = errors.map((e) => `${e.code ?? ''} ${e.message ?? ''}`.trim()).join('; ') || `HTTP ${httpStatus}`;
  if (httpStatus === 401 || httpStatus === 403) return new CarrierError('auth', `UPS: ${text}`, { httpStatus });
  if (httpStatus === 429 || httpStatus >= 500) return new CarrierError('unavailable', `UPS: ${text}`, { httpStatus });
  const first = errors[0];
  const kind = first ? kindOf(first.code ?? '', first.message ?? '') : 'refused';
  return new CarrierError(kind, text, { httpStatus });
}
