import type { Page } from '@kontor/contracts';
import type { PicklistRules } from '@kontor/contracts/domains/picking';
import type { PicklistDetail, PicklistRow } from '@kontor/contracts/domains/picking-responses';
import { download } from '../../api/download.js';
import { newKey } from '../../api/idempotency-key.js';
import { request } from '../../api/request.js';

export type { PicklistDetail, PicklistRow } from '@kontor/contracts/domains/picking-responses';
export type { PicklistRules } from '@kontor/contracts/domains/picking';

/** The picking calls answer offset pages (`next` = rows loaded, 0 at the end); the list scaffold takes cursors. */
interface OffsetPage<T> {
  total: number;
  page: number;
  next: number;
  data: T[];
}
const asCursorPage = <T>(page: OffsetPage<T>): Page<T> => ({ total: page.total, next: page.next ? String(page.next) : null, data: page.data });

export interface PresetRow {
  id: number;
  name: string;
  rules: Partial<PicklistRules>;
}

export interface MerchantProgressRow {
  orderId: number;
  unid: string;
  refOrderId: string;
  status: number;
  units: number;
  finished: boolean;
  picklistStatus: number;
  since: string;
}

/** Picklists (docs/picking.md): the console's list, detail, actions, presets and PDF. */
export const pickingApi = {
  list: (params: Record<string, unknown>, signal?: AbortSignal) =>
    request<OffsetPage<PicklistRow>>({ url: '/v0/picking/picklists', params: { ...params, o: params.o ?? 0 }, signal }).then(asCursorPage),
  detail: (id: number) => request<PicklistDetail>({ url: `/v0/picking/picklists/${id}/detail` }),
  create: (rules: PicklistRules, savePreset?: string) =>
    request<{ created: PicklistRow[] }>({
      url: '/v0/picking/picklists',
      method: 'POST',
      data: { rules, ...(savePreset ? { savePreset } : {}) },
      idempotencyKey: newKey(),
    }),
  cancel: (id: number) => request<PicklistDetail>({ url: `/v0/picking/picklists/${id}/cancel`, method: 'POST', data: {}, idempotencyKey: newKey() }),
  removeOrder: (id: number, orderId: number) =>
    request<PicklistDetail>({ url: `/v0/picking/picklists/${id}/remove-order`, method: 'POST', data: { orderId }, idempotencyKey: newKey() }),
  printed: (id: number) => request<PicklistDetail>({ url: `/v0/picking/picklists/${id}/printed`, method: 'POST', data: {}, idempotencyKey: newKey() }),
  pdfUrl: (id: number) => `/v0/picking/picklists/${id}/pdf`,
  downloadPdf: (id: number, unid: string) => download({ url: `/v0/picking/picklists/${id}/pdf` }, `${unid}.pdf`),
  presets: () => request<PresetRow[]>({ url: '/v0/picking/presets' }),
  deletePreset: (id: number) => request<null>({ url: `/v0/picking/presets/${id}`, method: 'DELETE', idempotencyKey: newKey() }),
  merchantProgress: (params: Record<string, unknown>, signal?: AbortSignal) =>
    request<OffsetPage<MerchantProgressRow>>({ url: '/v0/picking/merchant-progress', params: { l: params.l, o: params.o ?? 0 }, signal }).then(asCursorPage),
};
