import type { ParcelLabel } from '@kontor/contracts/domains/carriers-responses';
import { api } from '../../api/request.js';

export type { LabelPurchase, ParcelLabel } from '@kontor/contracts/domains/carriers-responses';

/** An order's carrier labels (docs/carriers.md): list, buy, void, and the merged PDF a station prints. */
export const labelsApi = {
  list: (orderId: number) => api('GET /v0/carriers/orders/:id/labels', { path: { id: orderId } }),
  /** Buys every parcel's label not bought yet; a repeat buys nothing (one key per parcel on the server). */
  buy: (orderId: number) => api('POST /v0/carriers/orders/:id/labels', { path: { id: orderId }, data: {} }),
  void: (labelId: number) => api('POST /v0/carriers/labels/:id/void', { path: { id: labelId }, data: {} }),
  /** The live labels of a list page's orders (the per-carrier lists); quiet: the list stays usable without them. */
  ofOrders: (orderIds: number[], signal?: AbortSignal) =>
    orderIds.length ? api('GET /v0/carriers/labels', { params: { orderIds: orderIds.join(',') }, signal, quiet: true }) : Promise.resolve([] as ParcelLabel[]),
  /** Retries the labels of queued orders; the caller shows each order's outcome, so no error is toasted. */
  retry: (orderIds: number[]) => api('POST /v0/carriers/queue/retry', { data: { orderIds }, quiet: true }),
};

/** The address of one PDF holding these labels, as the print station fetches it. */
export const mergedLabelsUrl = (labelIds: number[]) => `/v0/labels/merged.pdf?files=[${labelIds.join(',')}]`;
