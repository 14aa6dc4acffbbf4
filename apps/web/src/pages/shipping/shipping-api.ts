import { ApiError } from '../../api/errors.js';
import { api } from '../../api/request.js';

export type { FloorSummary, ShipScanAnswer } from '@kontor/contracts/domains/shipping-responses';
export type { SkuQcProgress, SnScanAnswer } from '@kontor/contracts/domains/sku-qc-responses';

/** Refusals that are part of scanning: shown in the banner with a sound, not as toasts. */
const OUTCOMES = [
  'OrderNotFound',
  'OrderAttention',
  'ShipScanNotReady',
  'ItemNotFound',
  'SkuMismatch',
  'SkuQcComplete',
  'SnPatternMismatch',
  'SnUsed',
  'SnComplete',
  'SnNotDue',
];
/** Facts §9: a scan waits 25 s for its answer (not the console's 60 s), then says it did not arrive. */
const SCAN = { quiet: true, expectedCodes: OUTCOMES, timeoutMs: 25_000 } as const;

/** The shipping table's calls (facts §2.3): the scan, and the QC and serial steps that follow it. */
export const shippingApi = {
  scan: (q: string, key: string) => api('GET /v0/p11yorders/scanShipSN', { params: { q }, idempotencyKey: key, ...SCAN }),
  skuQc: (id: number, q: string, key?: string) =>
    api('GET /v0/p11yorders/scanItemSKUQC', { params: { id, q }, ...(key ? { idempotencyKey: key } : {}), ...SCAN }),
  serial: (id: number, itemID: string, q: string, key?: string) =>
    api('GET /v0/p11yorders/scanItemSN', { params: { id, itemID, q }, ...(key ? { idempotencyKey: key } : {}), ...SCAN }),
};

/** The answer never came back (the call may have been applied). */
export const unknownOutcome = (err: unknown) =>
  err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || (err.kind === 'http' && (err.status ?? 0) >= 500));
export const errorCode = (err: unknown) => (err instanceof ApiError ? err.code : undefined);
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The order's lines as the original shows them: "sku * qty". */
export function itemsOf(items: string): string[] {
  try {
    const parsed: unknown = JSON.parse(items);
    return Array.isArray(parsed) ? (parsed as Array<{ sku: string; qty: number }>).map((l) => `${l.sku} * ${l.qty}`) : [];
  } catch {
    return [];
  }
}

/** The tracking numbers of the order's parcels (ship_bundle, one per line). */
export const bundleOf = (shipBundle: string) =>
  shipBundle
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
