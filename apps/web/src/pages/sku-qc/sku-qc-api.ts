import type { SkuQcProgress, SnScanAnswer, SnSwapAnswer } from '@kontor/contracts/domains/sku-qc-responses';
import type { ItemSerial } from '@kontor/contracts/domains/sku-qc';
import { ApiError } from '../../api/errors.js';
import { api } from '../../api/request.js';

export type { SkuQcProgress, SnScanAnswer, SnSwapAnswer };

/** Scan answers show in the screen's banner with a sound, not as toasts; these refusals are part of scanning. */
const OUTCOMES = [
  'OrderNotFound',
  'OrderAttention',
  'ItemNotFound',
  'SkuMismatch',
  'SkuQcComplete',
  'SnPatternMismatch',
  'SnUsed',
  'SnComplete',
  'SnNotDue',
  'SnSwapSame',
];
const SCAN = { quiet: true, expectedCodes: OUTCOMES } as const;

/** The original's calls (facts §2.3, §3.5), each scan with its own Idempotency-Key. */
export const skuQcApi = {
  /** id 0 opens an order by number or tracking number; an empty code reads progress. */
  skuQc: (id: number, q: string, key?: string) =>
    api('GET /v0/p11yorders/scanItemSKUQC', { params: { id, q }, ...(key ? { idempotencyKey: key } : {}), ...SCAN }),
  serial: (id: number, itemID: string, q: string, key?: string) =>
    api('GET /v0/p11yorders/scanItemSN', { params: { id, itemID, q }, ...(key ? { idempotencyKey: key } : {}), ...SCAN }),
  swap: (id: number, q: string, key: string) => api('GET /v0/p11yorders/swapSN', { params: { id, q }, idempotencyKey: key, ...SCAN }),
};

/** The order's serials from the original's JSON text. */
export function serialsOf(itemSN: string): ItemSerial[] {
  try {
    const parsed: unknown = JSON.parse(itemSN);
    return Array.isArray(parsed) ? (parsed as ItemSerial[]) : [];
  } catch {
    return [];
  }
}

/** The SKUs checked so far, from `shippingScanSKUQC`. */
export function checkedOf(progress: SkuQcProgress): string[] {
  return serialsOf(progress.shippingScanSKUQC).map((s) => s.sku);
}

/** Whether the answer never came back (the call may have been applied): re-read instead of resending. */
export const unknownOutcome = (err: unknown) =>
  err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || (err.kind === 'http' && (err.status ?? 0) >= 500));
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
