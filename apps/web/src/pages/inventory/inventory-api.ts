import type { Page } from '@kontor/contracts';
import type { StockGroupsPage } from '@kontor/contracts/domains/inventory';
import type { CountLine, CountSummary, CountUnitAnswer, StockCount } from '@kontor/contracts/domains/inventory-responses';
import { request } from '../../api/request.js';
import type { CompartmentHit, ItemHit } from '../../api/scan-lookups.js';

export type { CompartmentHit, ItemHit };

/** A row of `GET /v0/stock/`: one item, compartment, batch and status with its quantities. */
export interface StockRow {
  id: number;
  itemId: number;
  sku: string;
  itemName: string;
  warehouseId: number;
  warehouseCode: string;
  compartmentId: number;
  compartmentCode: string;
  unitId: number | null;
  batch: string;
  expiry: string | null;
  status: number;
  quantity: number;
  reserved: number;
  available: number;
  merchantName: string;
  merchantId: number;
  updatedAt: string;
}

// The stocktake answers' types come from the contracts' response schemas (issue 16 item 5).
export type { CountLine, CountSummary, CountUnit, StockCount } from '@kontor/contracts/domains/inventory-responses';

export const findCompartment = (q: string) => request<CompartmentHit>({ url: '/v0/compartment/any', params: { q } });
export const findItem = (q: string) => request<ItemHit>({ url: '/v0/item/any', params: { q } });
export const listStock = (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<StockRow>>({ url: '/v0/stock/', params, signal });
/** Stock summed per compartment, item, batch or merchant by the server (`by`), with the stock list's filters. */
export const listStockGroups = (params: Record<string, unknown>, signal?: AbortSignal) => request<StockGroupsPage>({ url: '/v0/stock/groups', params, signal });

/** The stock operations (issue 5 §5); the server answers errors such as InsufficientStock in the envelope. */
export const stockOperation = (kind: 'adjust' | 'move' | 'status', data: Record<string, unknown>) =>
  request({ url: `/v0/inventory/${kind}`, method: 'POST', data });

export const stocktakes = {
  list: () => request<CountSummary[]>({ url: '/v0/stocktakes/' }),
  get: (id: number) => request<StockCount>({ url: `/v0/stocktakes/${id}` }),
  create: (warehouseId: number, compartmentIds: number[], note: string) =>
    request<StockCount>({ url: '/v0/stocktakes/', method: 'POST', data: { warehouseId, compartmentIds, note } }),
  count: (id: number, lines: Array<Pick<CountLine, 'compartmentId' | 'itemId' | 'batch' | 'status' | 'counted'>>) =>
    request<StockCount>({ url: `/v0/stocktakes/${id}/lines`, method: 'PUT', data: { lines } }),
  /** A merged unit counted as one: found in a compartment of the count, or missing. */
  countUnit: (id: number, data: { unit: string; compartmentId?: number; missing?: boolean }) =>
    request<CountUnitAnswer>({ url: `/v0/stocktakes/${id}/units`, method: 'PUT', data }),
  post: (id: number) => request<StockCount>({ url: `/v0/stocktakes/${id}/post`, method: 'POST' }),
  cancel: (id: number) => request<StockCount>({ url: `/v0/stocktakes/${id}/cancel`, method: 'POST' }),
};

/** Merchants for the merchant filter; answers none when the session may not list them. */
export const listMerchants = () => request<Array<{ id: number; code: string; name: string }>>({ url: '/v0/merchants/opts', quiet: true }).catch(() => []);
