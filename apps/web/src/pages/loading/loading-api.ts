import type { Page } from '@kontor/contracts';
import type { PalletConfigInput } from '@kontor/contracts/domains/pallets';
import type { Pallet, PalletTracking } from '@kontor/contracts/domains/pallets-responses';
import { ApiError } from '../../api/errors.js';
import { newKey } from '../../api/idempotency-key.js';
import { request } from '../../api/request.js';

export type { Pallet, PalletTracking };
export type { PalletConfigInput };

export interface ScanAnswer {
  scan: string;
  scanType: 'palletCode' | 'plateNumber' | '';
  ambiguous: boolean;
  pallet: Pallet | null;
}
export interface HandoverAnswer {
  pallet: Pallet;
  shipped: string[];
  partiallyShipped: string[];
  parcels: number;
  unmatched: number;
}

/** Refusals the loading scan shows in its own banner (not as toasts): they are part of scanning. */
const OUTCOMES = ['NotFound', 'TrackingConflictError', 'PalletClosed', 'IntegrityError'];
const SCAN = { quiet: true, expectedCodes: OUTCOMES } as const;
const path = (code: string) => `/v0/wms/pallets/${encodeURIComponent(code)}`;

interface OffsetPage<T> {
  total: number;
  page: number;
  next: number;
  data: T[];
}

/** The original's `wms/pallets` calls (facts §2.6) and the console's configs (docs/loading.md). */
export const loadingApi = {
  scan: (scan: string) => request<ScanAnswer>({ url: '/v0/wms/pallets/handover/scan', method: 'POST', data: { scan }, ...SCAN }),
  tracking: (code: string) => request<PalletTracking[]>({ url: `${path(code)}/tracking`, ...SCAN }),
  /** One number per call (facts §3.7); the key stays with the queued number, so a retry never doubles it. */
  flush: (code: string, trackingNo: string, key: string) =>
    request<{ pairs: PalletTracking[] }>({
      url: `${path(code)}/tracking/flush`,
      method: 'POST',
      data: { reason: 'scan', items: [{ trackingNo, carrier: '', trackingNoNorm: '' }] },
      idempotencyKey: key,
      ...SCAN,
    }),
  remove: (code: string, trackingNo: string) =>
    request<null>({ url: `${path(code)}/tracking/remove`, method: 'POST', data: { trackingNo }, idempotencyKey: newKey(), ...SCAN }),
  list: (params: Record<string, unknown>, signal?: AbortSignal) =>
    request<OffsetPage<Pallet>>({ url: '/v0/wms/pallets', params: { ...params, o: params.o ?? 0 }, signal }).then((p): Page<Pallet> => ({
      total: p.total,
      next: p.next ? String(p.next) : null,
      data: p.data,
    })),
  create: (input: PalletConfigInput) => request<Pallet>({ url: '/v0/wms/pallets', method: 'POST', data: input, idempotencyKey: newKey(), quiet: true }),
  update: (code: string, input: PalletConfigInput) => request<Pallet>({ url: path(code), method: 'PUT', data: input, idempotencyKey: newKey(), quiet: true }),
  close: (code: string) => request<HandoverAnswer>({ url: `${path(code)}/close`, method: 'POST', data: {}, idempotencyKey: newKey() }),
  signed: (code: string, files: Array<{ id: string }>) =>
    request<Pallet>({ url: `${path(code)}/signed`, method: 'POST', data: { files }, idempotencyKey: newKey() }),
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
