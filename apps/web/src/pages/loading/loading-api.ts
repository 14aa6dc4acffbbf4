import type { Page } from '@kontor/contracts';
import type { PalletConfigInput } from '@kontor/contracts/domains/pallets';
import type { ApiData } from '@kontor/contracts/api-responses';
import type { Pallet, PalletTracking } from '@kontor/contracts/domains/pallets-responses';
import { ApiError } from '../../api/errors.js';
import { newKey } from '../../api/idempotency-key.js';
import { api } from '../../api/request.js';

export type { Pallet, PalletTracking };
export type { PalletConfigInput };

export type ScanAnswer = ApiData<'POST /v0/wms/pallets/handover/scan'>;
export type HandoverAnswer = ApiData<'POST /v0/wms/pallets/:palletCode/close'>;

/** Refusals the loading scan shows in its own banner (not as toasts): they are part of scanning. */
const OUTCOMES = ['NotFound', 'TrackingConflictError', 'PalletClosed', 'IntegrityError'];
const SCAN = { quiet: true, expectedCodes: OUTCOMES } as const;
const path = (code: string) => `/v0/wms/pallets/${encodeURIComponent(code)}`;

/** The original's `wms/pallets` calls (facts §2.6) and the console's configs (docs/loading.md). */
export const loadingApi = {
  scan: (scan: string) => api('POST /v0/wms/pallets/handover/scan', { data: { scan }, ...SCAN }),
  tracking: (code: string) => api('GET /v0/wms/pallets/:palletCode/tracking', { path: { palletCode: code }, ...SCAN }),
  /** One number per call (facts §3.7); the key stays with the queued number, so a retry never doubles it. */
  flush: (code: string, trackingNo: string, key: string) =>
    api('POST /v0/wms/pallets/:palletCode/tracking/flush', {
      path: { palletCode: code },
      data: { reason: 'scan', items: [{ trackingNo, carrier: '', trackingNoNorm: '' }] },
      idempotencyKey: key,
      ...SCAN,
    }),
  remove: (code: string, trackingNo: string) =>
    api('POST /v0/wms/pallets/:palletCode/tracking/remove', { path: { palletCode: code }, data: { trackingNo }, idempotencyKey: newKey(), ...SCAN }),
  list: (params: Record<string, unknown>, signal?: AbortSignal) =>
    api('GET /v0/wms/pallets', { params: { ...params, o: params.o ?? 0 }, signal }).then((p): Page<Pallet> => ({
      total: p.total,
      next: p.next ? String(p.next) : null,
      data: p.data,
    })),
  create: (input: PalletConfigInput) => api('POST /v0/wms/pallets', { data: input, idempotencyKey: newKey(), quiet: true }),
  update: (code: string, input: PalletConfigInput) =>
    api('PUT /v0/wms/pallets/:palletCode', { path: { palletCode: code }, data: input, idempotencyKey: newKey(), quiet: true }),
  close: (code: string) => api('POST /v0/wms/pallets/:palletCode/close', { path: { palletCode: code }, data: {}, idempotencyKey: newKey() }),
  signed: (code: string, files: Array<{ id: string }>) =>
    api('POST /v0/wms/pallets/:palletCode/signed', { path: { palletCode: code }, data: { files }, idempotencyKey: newKey() }),
  pdfUrl: (code: string) => `${path(code)}/pdf`,
  handoverUrl: (code: string) => `${path(code)}/handover.pdf`,
};

/** Whether the call never got an answer (offline, timeout, 5xx): the number stays queued for later. */
export const unknownOutcome = (err: unknown) =>
  err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || (err.kind === 'http' && (err.status ?? 0) >= 500));
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The resolve status of a persisted row, from its `meta` JSON text (facts §2.6). */
export function resolveStatusOf(row: PalletTracking): string {
  try {
    const meta = JSON.parse(row.meta) as { resolveStatus?: string };
    return meta.resolveStatus ?? 'pending';
  } catch {
    return 'pending';
  }
}
/** The number of a row; an empty one falls back to `meta.rawScan` as the original client does. */
export function numberOf(row: PalletTracking): string {
  if (row.trackingNo) return row.trackingNo;
  try {
    return (JSON.parse(row.meta) as { rawScan?: string }).rawScan ?? '';
  } catch {
    return '';
  }
}
