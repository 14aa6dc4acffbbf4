import type { Page } from '@kontor/contracts';
import type { inboundOrderCreateSchema, inboundOrderUpdateSchema } from '@kontor/contracts/domains/inbound';
import type { InboundOrderRecord } from '@kontor/contracts/domains/inbound-responses';
import type { RelatedFile } from '@kontor/contracts/domains/outbound-responses';
import type { ContainerRecord } from '@kontor/contracts/responses/resource-rows';
import type { z } from 'zod';
import { api, request } from '../../api/request.js';

// The answers' types come from the contracts' response schemas (issue 16 item 5); the names stay.
/** A stored file of an announcement, as the upload answered it (`/v0/static/{id}` serves it). */
export type InboundFile = RelatedFile;
/** A row of `GET /v0/r7gorders/` (the `inbound_orders_view` read model, docs/inbound.md). */
export type InboundOrderRow = InboundOrderRecord;

export type { InboundDetail, ReceivingScanRecord as InboundScan, StagingRow } from '@kontor/contracts/domains/inbound-responses';

/** A row of `GET /v0/c7rorders/` (the `containers` table), as its declaration answers it. */
export type ContainerRow = ContainerRecord;

/** The body of an announcement as the form sends it (create; an edit adds version and reason). */
export type InboundWrite = z.input<typeof inboundOrderCreateSchema>;

/**
 * The whole header of a stored order as a PUT body. The update schema gives every omitted field its
 * default (zod 4 applies `.default()` inside `.optional()`), so a PUT that leaves a field out clears
 * it: every change sends the full header.
 */
export const headerOf = (o: InboundOrderRow) => ({
  warehouseId: o.warehouseId,
  reference: o.reference,
  expectedDate: o.expectedDate ? o.expectedDate.slice(0, 10) : null,
  carrier: o.carrier,
  trackingNumbers: o.trackingNumbers,
  boxQty: o.boxQty,
  palletQty: o.palletQty,
  containerId: o.containerId,
  remark: o.remark,
  files: o.files,
});

export type InboundManualStatus = 'inTransit' | 'receiptPending' | 'canceled';
export type ContainerManualStatus = 'inTransit' | 'arrived' | 'unloaded' | 'canceled';

export const inboundApi = {
  list: (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<InboundOrderRow>>({ url: '/v0/r7gorders/', params, signal }),
  detail: (id: number) => api('GET /v0/r7gorders/:id/detail', { path: { id } }),
  /** The order with this number (a link from the inventory log); the caller says when there is none. */
  findByNumber: (q: string) => api('GET /v0/r7gorders/any', { params: { q }, quiet: true }),
  /** Field errors come back to the form, which shows them at their inputs. */
  create: (data: InboundWrite) => api('POST /v0/r7gorders/', { data, quiet: true }),
  update: (id: number, data: z.input<typeof inboundOrderUpdateSchema>) => api('PUT /v0/r7gorders/:id', { path: { id }, data, quiet: true }),
  setStatus: (id: number, status: InboundManualStatus) => api('POST /v0/r7gorders/:id/status', { path: { id }, data: { status } }),
  exportList: (params: Record<string, unknown>) => request({ url: '/v0/r7gorders/export', method: 'POST', params }),
};

export const containerApi = {
  list: (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<ContainerRow>>({ url: '/v0/c7rorders/', params, signal }),
  get: (id: number) => request<ContainerRow>({ url: `/v0/c7rorders/${id}` }),
  setStatus: (id: number, status: ContainerManualStatus) => api('POST /v0/c7rorders/:id/status', { path: { id }, data: { status } }),
};
