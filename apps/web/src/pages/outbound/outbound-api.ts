import type { OutboundOrderCreate, OutboundOrderUpdate, outboundBulkSchema, outboundStatusSchema } from '@kontor/contracts/domains/outbound';
import type { z } from 'zod';
import type { ExceptionOwner } from '@kontor/contracts/status/outbound';
import { api } from '../../api/request.js';

/** The lists of issue 7 §4, one server view each (`GET /v0/outbound/lists/{view}/`). */
export const OUTBOUND_VIEWS = ['orders', 'deleted', 'dhl', 'dpd', 'ups', 'transportLabelAwaits', 'warehouse', 'problematic', 'inTransit'] as const;
export type OutboundView = (typeof OUTBOUND_VIEWS)[number];

// The answers' types come from the contracts' response schemas (issue 16 item 5); the names stay.
export type {
  Dimensions,
  HistoryEntry,
  OutboundDetail,
  OutboundLine,
  OutboundOrderRow,
  Parcel,
  Reservation,
  StatusCounts,
} from '@kontor/contracts/domains/outbound-responses';

/** What a status change and a bulk action send: the contracts' request schemas (issue 16 item 5). */
export type StatusChange = z.input<typeof outboundStatusSchema>;
export type BulkRequest = z.input<typeof outboundBulkSchema>;

export const outboundApi = {
  list: (view: OutboundView) => (params: Record<string, unknown>, signal?: AbortSignal) => api(`GET /v0/outbound/lists/${view}/`, { params, signal }),
  /** Polled: a background call neither shows errors nor slides the idle clock. */
  counts: (view: OutboundView, params: Record<string, unknown>, signal?: AbortSignal) =>
    api(`GET /v0/outbound/lists/${view}/counts`, { params, signal, quiet: true, background: true }),
  detail: (id: number) => api('GET /v0/outbound/orders/:id/detail', { path: { id } }),
  /** Field errors come back to the form, which shows them at their inputs. */
  create: (data: OutboundOrderCreate) => api('POST /v0/outbound/orders', { data, quiet: true }),
  update: (id: number, data: OutboundOrderUpdate) => api('PUT /v0/outbound/orders/:id', { path: { id }, data, quiet: true }),
  copy: (id: number) => api('POST /v0/outbound/orders/:id/copy', { path: { id }, data: {} }),
  setStatus: (id: number, data: StatusChange) => api('POST /v0/outbound/orders/:id/status', { path: { id }, data }),
  updateException: (id: number, owner: ExceptionOwner, note: string) => api('POST /v0/outbound/orders/:id/exception', { path: { id }, data: { owner, note } }),
  decideCancel: (id: number, approve: boolean, note: string) => api('POST /v0/outbound/orders/:id/cancel-decision', { path: { id }, data: { approve, note } }),
  /** Carrier tracking events, newest first (issue 19 item 5). */
  tracking: (id: number) => api('GET /v0/outbound/orders/:id/tracking', { path: { id } }),
  partialFinish: (id: number, reason: string) => api('POST /v0/outbound/orders/:id/partialFinish', { path: { id }, data: { reason } }),
  bulk: (data: BulkRequest) => api('POST /v0/outbound/orders/bulk', { data }),
};
