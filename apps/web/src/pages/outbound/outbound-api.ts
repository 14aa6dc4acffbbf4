import type { Page } from '@kontor/contracts';
import type { BulkAction, BulkOutcome, OutboundOrderCreate, OutboundOrderUpdate } from '@kontor/contracts/domains/outbound';
import type { ExceptionOwner } from '@kontor/contracts/status/outbound';
import type { OutboundDetail, OutboundOrderRow, StatusCounts } from '@kontor/contracts/domains/outbound-responses';
import type { TrackingEventRow } from '@kontor/contracts/domains/tracking-responses';
import { request } from '../../api/request.js';

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

export interface StatusChange {
  to: string;
  reason?: string;
  owner?: ExceptionOwner | null;
  note?: string;
}

export interface BulkRequest {
  ids: number[];
  action: BulkAction;
  reason?: string;
  note?: string;
  carrier?: string;
  carrierService?: string;
}

const base = '/v0/outbound';

export const outboundApi = {
  list: (view: OutboundView) => (params: Record<string, unknown>, signal?: AbortSignal) =>
    request<Page<OutboundOrderRow>>({ url: `${base}/lists/${view}/`, params, signal }),
  /** Polled: a background call neither shows errors nor slides the idle clock. */
  counts: (view: OutboundView, params: Record<string, unknown>, signal?: AbortSignal) =>
    request<StatusCounts>({ url: `${base}/lists/${view}/counts`, params, signal, quiet: true, background: true }),
  detail: (id: number) => request<OutboundDetail>({ url: `${base}/orders/${id}/detail` }),
  /** Field errors come back to the form, which shows them at their inputs. */
  create: (data: OutboundOrderCreate) => request<{ id: number; unid: string; status: number }>({ url: `${base}/orders`, method: 'POST', data, quiet: true }),
  update: (id: number, data: OutboundOrderUpdate) => request<OutboundDetail>({ url: `${base}/orders/${id}`, method: 'PUT', data, quiet: true }),
  copy: (id: number) => request<{ id: number; unid: string; status: number }>({ url: `${base}/orders/${id}/copy`, method: 'POST', data: {} }),
  setStatus: (id: number, data: StatusChange) => request<OutboundDetail>({ url: `${base}/orders/${id}/status`, method: 'POST', data }),
  decideCancel: (id: number, approve: boolean, note: string) =>
    request<OutboundDetail>({ url: `${base}/orders/${id}/cancel-decision`, method: 'POST', data: { approve, note } }),
  /** Carrier tracking events, newest first (issue 19 item 5). */
  tracking: (id: number) => request<TrackingEventRow[]>({ url: `${base}/orders/${id}/tracking` }),
  partialFinish: (id: number, reason: string) => request<OutboundDetail>({ url: `${base}/orders/${id}/partialFinish`, method: 'POST', data: { reason } }),
  bulk: (data: BulkRequest) => request<{ results: BulkOutcome[] }>({ url: `${base}/orders/bulk`, method: 'POST', data }),
};
