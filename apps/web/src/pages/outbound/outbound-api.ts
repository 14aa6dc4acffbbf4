import type { Page } from '@kontor/contracts';
import type { Address, BulkAction, BulkOutcome, OutboundOrderCreate, OutboundOrderUpdate } from '@kontor/contracts/domains/outbound';
import type { ExceptionOwner } from '@kontor/contracts/status/outbound';
import { request } from '../../api/request.js';
import type { StoredFile as InboundFile } from '../../api/files.js';

/** The lists of issue 7 §4, one server view each (`GET /v0/outbound/lists/{view}/`). */
export const OUTBOUND_VIEWS = ['orders', 'deleted', 'dhl', 'dpd', 'ups', 'transportLabelAwaits', 'warehouse', 'problematic', 'inTransit'] as const;
export type OutboundView = (typeof OUTBOUND_VIEWS)[number];

export interface Dimensions {
  length: number;
  width: number;
  height: number;
}

export interface Parcel {
  trackingNo: string;
  weight: number | null;
  dimensions: Dimensions | null;
}

/** A row of an outbound list (the camelCase columns of the server's order view). */
export interface OutboundOrderRow {
  id: number;
  unid: string;
  merchantId: number;
  merchantName: string;
  merchantCode: string;
  warehouseId: number | null;
  warehouseCode: string | null;
  status: number;
  statusBefore: number | null;
  /** 1 low, 2 normal, 3 urgent (PRIORITY_CODES). */
  priority: number;
  typeOfTask: string;
  modeOfTransport: string;
  pickupDate: string | null;
  pickupFrom: string;
  refOrderId: string;
  unitQty: number;
  weight: number;
  consignee: Address;
  consignor: Address | null;
  sender: Address | null;
  consigneeName: string;
  consigneeCountry: string;
  dangerGoods: boolean;
  deliveryServices: string[];
  autoRetourLabel: boolean;
  forceShipLabel: boolean;
  labelSwap: boolean;
  relatedFiles: InboundFile[];
  remark: string;
  privateRemark?: string;
  importantNote: string;
  rsd: string | null;
  rad: string | null;
  carrier: string;
  carrierService: string;
  /** Tracking numbers, one a line. */
  shipBundle: string;
  shipBundleSent: boolean | string | null;
  parcels: Parcel[];
  shipNo: string;
  retourNo: string;
  batchNo: string;
  boxQty: number;
  pltQty: number;
  dimensions: Dimensions | null;
  addressProblems: Array<{ field: string; problem: 'required' | 'pattern' }>;
  exceptionReason: string;
  exceptionOwner: ExceptionOwner | null;
  exceptionNote: string;
  lineCount: number;
  totalUnits: number;
  reservedUnits: number;
  deletedAt: string | null;
  shippedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface Reservation {
  compartmentId: number;
  compartment: string;
  batch: string;
  quantity: number;
}

export interface OutboundLine {
  id: number;
  itemId: number;
  sku: string;
  name: string;
  batch: string;
  quantity: number;
  reserved: number;
  picked: number;
  reservations: Reservation[];
}

export interface HistoryEntry {
  id: number;
  at: string;
  userName: string;
  action: string;
  from: number | null;
  to: number | null;
  reason: string;
  owner: string | null;
  note: string;
}

/** `GET /v0/outbound/orders/{id}/detail`: `next` names the states this session may set by hand. */
export interface OutboundDetail {
  order: OutboundOrderRow;
  lines: OutboundLine[];
  history: HistoryEntry[];
  next: string[];
  editable: boolean;
}

export interface StatusCounts {
  counts: Record<string, number>;
  total: number;
}

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
  bulk: (data: BulkRequest) => request<{ results: BulkOutcome[] }>({ url: `${base}/orders/bulk`, method: 'POST', data }),
};
