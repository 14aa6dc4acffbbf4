import type { Page } from '@kontor/contracts';
import type { PicklistRules } from '@kontor/contracts/domains/picking';
import type { ApiData } from '@kontor/contracts/api-responses';
import { download } from '../../api/download.js';
import { newKey } from '../../api/idempotency-key.js';
import { api } from '../../api/request.js';

export type { PicklistDetail, PicklistRow } from '@kontor/contracts/domains/picking-responses';
export type { PicklistRules } from '@kontor/contracts/domains/picking';

/** The picking calls answer offset pages (`next` = rows loaded, 0 at the end); the list scaffold takes cursors. */
const asCursorPage = <T>(page: { total: number; next: number; data: T[] }): Page<T> => ({
  total: page.total,
  next: page.next ? String(page.next) : null,
  data: page.data,
});

export type PresetRow = ApiData<'GET /v0/picking/presets'>[number];
export type MerchantProgressRow = ApiData<'GET /v0/picking/merchant-progress'>['data'][number];

/** Picklists (docs/picking.md): the console's list, detail, actions, presets and PDF. */
export const pickingApi = {
  list: (params: Record<string, unknown>, signal?: AbortSignal) =>
    api('GET /v0/picking/picklists', { params: { ...params, o: params.o ?? 0 }, signal }).then(asCursorPage),
  detail: (id: number) => api('GET /v0/picking/picklists/:id/detail', { path: { id } }),
  create: (rules: PicklistRules, savePreset?: string) =>
    api('POST /v0/picking/picklists', { data: { rules, ...(savePreset ? { savePreset } : {}) }, idempotencyKey: newKey() }),
  cancel: (id: number) => api('POST /v0/picking/picklists/:id/cancel', { path: { id }, data: {}, idempotencyKey: newKey() }),
  removeOrder: (id: number, orderId: number) =>
    api('POST /v0/picking/picklists/:id/remove-order', { path: { id }, data: { orderId }, idempotencyKey: newKey() }),
  printed: (id: number) => api('POST /v0/picking/picklists/:id/printed', { path: { id }, data: {}, idempotencyKey: newKey() }),
  pdfUrl: (id: number) => `/v0/picking/picklists/${id}/pdf`,
  downloadPdf: (id: number, unid: string) => download({ url: `/v0/picking/picklists/${id}/pdf` }, `${unid}.pdf`),
  presets: () => api('GET /v0/picking/presets'),
  deletePreset: (id: number) => api('DELETE /v0/picking/presets/:id', { path: { id }, idempotencyKey: newKey() }),
  merchantProgress: (params: Record<string, unknown>, signal?: AbortSignal) =>
    api('GET /v0/picking/merchant-progress', { params: { l: params.l, o: params.o ?? 0 }, signal }).then(asCursorPage),
};
