import type { Page } from '@kontor/contracts';
import type { ReceivingLine, ReceivingScan } from '@kontor/contracts/domains/inbound';
import { INBOUND_ORDER } from '@kontor/contracts/status/inbound';
import { ApiError } from '../../api/errors.js';
import { request } from '../../api/request.js';

/** A row of `GET /v0/r7gorders/` and the `order` of its detail (docs/inbound.md). */
export interface InboundOrder {
  id: number;
  unid: string;
  status: number;
  merchantName: string;
  warehouseCode: string;
  containerNumber?: string | null;
  reference: string;
  expectedDate: string | null;
  carrier: string;
  trackingNumbers: string[];
  trackingLogged?: string[];
  boxQty: number;
  palletQty: number;
  remark: string;
  plannedUnits: number;
  receivedUnits: number;
  damagedUnits: number;
  putAwayUnits: number;
  difference: number;
  version: number;
}

export interface ScanRecord {
  id: number;
  itemId: number;
  sku: string;
  quantity: number;
  condition: 'valid' | 'damaged';
  unit: string;
  batch: string;
  serials: string[];
  /** Best-before date of an expiry-tracked item's units (`YYYY-MM-DD`). */
  expiry?: string | null;
  at: string;
  /** Booked by a completion: it can no longer be undone. */
  booked: boolean | string | null;
}

export interface StagingRow {
  itemId: number;
  sku: string;
  name: string;
  batch: string;
  /** 5 receiving, 2 damaged (facts §5.4). */
  status: 5 | 2;
  quantity: number;
  suggestion: { compartmentId: number; code: string } | null;
}

export interface InboundDetail {
  order: InboundOrder;
  lines: ReceivingLine[];
  scans: ScanRecord[];
  staging: StagingRow[];
}

export interface ScanAnswer {
  scan: {
    id: number;
    itemId: number;
    sku: string;
    name: string;
    quantity: number;
    condition: 'valid' | 'damaged';
    expiry: string | null;
    /** The date is already past: received all the same, with a warning. */
    expired: boolean;
    outcome: 'ok' | 'over' | 'notOnOrder';
  };
  lines: ReceivingLine[];
  status: number;
}

/** What the logging scan answers (facts §3.4): the order, or `{id: 0}` for an unknown code. */
export interface LoggedOrder {
  id: number;
  unid: string;
  merchantName?: string;
  carrier?: string;
  status?: number;
  shipBundleSent?: string[] | null;
  trackingNumbers?: string[];
}

export type PutawayBody = { itemId: number; batch: string; fromStatus: 5 | 2; quantity: number; compartment: string };

/** Scan answers are shown in the screen's own banner, with a sound, rather than as toasts. */
const QUIET = { quiet: true } as const;
/** Refusals that are part of scanning (a warning to confirm, a batch or serials to add): not faults for the error log. */
const SCAN_OUTCOMES = ['NotOnOrder', 'OverDelivery', 'ItemNotFound', 'IntegrityError'];

export const receivingApi = {
  find: (q: string) => request<{ id: number; unid: string }>({ url: '/v0/r7gorders/any', params: { q }, ...QUIET }),
  detail: (id: number) => request<InboundDetail>({ url: `/v0/r7gorders/${id}/detail` }),
  open: () =>
    request<Page<InboundOrder>>({
      url: '/v0/r7gorders/',
      params: { l: 100, status: INBOUND_ORDER.codes('readyToInbound', 'inTransit', 'receiptPending', 'receiving', 'partiallyInbounded', 'received') },
    }),
  scan: (id: number, body: Required<ReceivingScan>, key: string) =>
    request<ScanAnswer>({ url: `/v0/r7gorders/${id}/scan`, method: 'POST', data: body, idempotencyKey: key, expectedCodes: SCAN_OUTCOMES, ...QUIET }),
  undo: (id: number, scanId: number) => request({ url: `/v0/r7gorders/${id}/scans/${scanId}`, method: 'DELETE', ...QUIET }),
  complete: (id: number, final: boolean, key: string) =>
    request<InboundDetail & { booked: number }>({ url: `/v0/r7gorders/${id}/complete`, method: 'POST', data: { final }, idempotencyKey: key, ...QUIET }),
  putaway: (id: number, body: PutawayBody, key: string) =>
    request<InboundDetail & { moved: unknown }>({ url: `/v0/r7gorders/${id}/putaway`, method: 'POST', data: body, idempotencyKey: key, ...QUIET }),
};

/**
 * The logging scan's two variants (facts §3.4). Outbound orders come with a later issue: until their
 * endpoint exists the server answers NotFound, which the screen shows as an invalid code.
 */
export const scanLog = (kind: 'inbound' | 'outbound', id: number, q: string) =>
  request<LoggedOrder>({
    url: kind === 'inbound' ? '/v0/r7gorders/scanLog' : '/v0/p11yorders/scanLog',
    params: { id, q },
    quiet: true,
    expectedCodes: ['NotFound'],
  });

export { newKey } from '../../api/idempotency-key.js';

/** A failure after which the same request may be sent again unchanged: nothing or the first answer was kept. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.kind === 'network' || err.kind === 'timeout') return true;
  if (err.kind === 'http') return (err.status ?? 0) >= 500;
  return err.code === 'InternalError';
}

/** The field a refused request names (IntegrityError on `serials` or `batch`). */
export function refusedField(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.code !== 'IntegrityError') return undefined;
  return Object.keys(err.fields)[0];
}

export const errorCode = (err: unknown) => (err instanceof ApiError ? err.code : undefined);
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
