import type { Page } from '@kontor/contracts';
import type { putawaySchema, ReceivingScan } from '@kontor/contracts/domains/inbound';
import type { z } from 'zod';
import type { InboundOrderRecord, ScanLogAnswer } from '@kontor/contracts/domains/inbound-responses';
import type { OutboundScanLogAnswer } from '@kontor/contracts/domains/outbound-responses';
import { INBOUND_ORDER } from '@kontor/contracts/status/inbound';
import { ApiError } from '../../api/errors.js';
import { api, request } from '../../api/request.js';

// The answers' types come from the contracts' response schemas (issue 16 item 5); the names stay.
export type {
  CompleteAnswer,
  InboundDetail,
  InboundOrderRecord as InboundOrder,
  PutawayAnswer,
  ReceivingScanAnswer as ScanAnswer,
  ReceivingScanRecord as ScanRecord,
  StagingRow,
} from '@kontor/contracts/domains/inbound-responses';

/** What the logging scan answers (facts §3.4): the inbound or outbound order, or `{id: 0, unid: ''}` for an unknown code. */
export type LoggedOrder = ScanLogAnswer | OutboundScanLogAnswer;

/** What a putaway sends: the contracts' request schema (issue 16 item 5). */
export type PutawayBody = z.input<typeof putawaySchema>;

/** Scan answers are shown in the screen's own banner, with a sound, rather than as toasts. */
const QUIET = { quiet: true } as const;
/** Refusals that are part of scanning (a warning to confirm, a batch or serials to add): not faults for the error log. */
const SCAN_OUTCOMES = ['NotOnOrder', 'OverDelivery', 'ItemNotFound', 'IntegrityError'];

export const receivingApi = {
  find: (q: string) => api('GET /v0/r7gorders/any', { params: { q }, ...QUIET }),
  detail: (id: number) => api('GET /v0/r7gorders/:id/detail', { path: { id } }),
  open: () =>
    request<Page<InboundOrderRecord>>({
      url: '/v0/r7gorders/',
      params: { l: 100, status: INBOUND_ORDER.codes('readyToInbound', 'inTransit', 'receiptPending', 'receiving', 'partiallyInbounded', 'received') },
    }),
  scan: (id: number, body: Required<ReceivingScan>, key: string) =>
    api('POST /v0/r7gorders/:id/scan', { path: { id }, data: body, idempotencyKey: key, expectedCodes: SCAN_OUTCOMES, ...QUIET }),
  undo: (id: number, scanId: number) => api('DELETE /v0/r7gorders/:id/scans/:scanId', { path: { id, scanId }, ...QUIET }),
  complete: (id: number, final: boolean, key: string) =>
    api('POST /v0/r7gorders/:id/complete', { path: { id }, data: { final }, idempotencyKey: key, ...QUIET }),
  putaway: (id: number, body: PutawayBody, key: string) => api('POST /v0/r7gorders/:id/putaway', { path: { id }, data: body, idempotencyKey: key, ...QUIET }),
};

/**
 * The logging scan's two variants (facts §3.4). Outbound orders come with a later issue: until their
 * endpoint exists the server answers NotFound, which the screen shows as an invalid code.
 */
export const scanLog = (kind: 'inbound' | 'outbound', id: number, q: string): Promise<LoggedOrder> => {
  const options = { params: { id, q }, quiet: true, expectedCodes: ['NotFound'] };
  return kind === 'inbound' ? api('GET /v0/r7gorders/scanLog', options) : api('GET /v0/p11yorders/scanLog', options);
};

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
