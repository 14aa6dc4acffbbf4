import type { Page } from '@kontor/contracts';
import type { StockGroupsPage } from '@kontor/contracts/domains/inventory';
import type { CountLine } from '@kontor/contracts/domains/inventory-responses';
import type { StockRecord } from '@kontor/contracts/responses/resource-rows';
import { api, request } from '../../api/request.js';
import type { CompartmentHit, ItemHit } from '../../api/scan-lookups.js';

export type { CompartmentHit, ItemHit };

/** A row of `GET /v0/stock/`: one item, compartment, batch and status with its quantities (the declaration's answer). */
export type StockRow = StockRecord;

// The stocktake answers' types come from the contracts' response schemas (issue 16 item 5).
export type { CountLine, CountSummary, CountUnit, StockCount } from '@kontor/contracts/domains/inventory-responses';

export const findCompartment = (q: string) => api('GET /v0/compartment/any', { params: { q } });
export const findItem = (q: string) => api('GET /v0/item/any', { params: { q } });
export const listStock = (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<StockRow>>({ url: '/v0/stock/', params, signal });
/** Stock summed per compartment, item, batch or merchant by the server (`by`), with the stock list's filters. */
export const listStockGroups = (params: Record<string, unknown>, signal?: AbortSignal): Promise<StockGroupsPage> =>
  api('GET /v0/stock/groups', { params, signal });

/** The stock operations (issue 5 §5); the server answers errors such as InsufficientStock in the envelope. */
export const stockOperation = (kind: 'adjust' | 'move' | 'status', data: Record<string, unknown>) => api(`POST /v0/inventory/${kind}`, { data });

export const stocktakes = {
  list: () => api('GET /v0/stocktakes/'),
  get: (id: number) => api('GET /v0/stocktakes/:id', { path: { id } }),
  create: (warehouseId: number, compartmentIds: number[], note: string) => api('POST /v0/stocktakes/', { data: { warehouseId, compartmentIds, note } }),
  count: (id: number, lines: Array<Pick<CountLine, 'compartmentId' | 'itemId' | 'batch' | 'status' | 'counted'>>) =>
    api('PUT /v0/stocktakes/:id/lines', { path: { id }, data: { lines } }),
  /** A merged unit counted as one: found in a compartment of the count, or missing. */
  countUnit: (id: number, data: { unit: string; compartmentId?: number; missing?: boolean }) => api('PUT /v0/stocktakes/:id/units', { path: { id }, data }),
  post: (id: number) => api('POST /v0/stocktakes/:id/post', { path: { id } }),
  cancel: (id: number) => api('POST /v0/stocktakes/:id/cancel', { path: { id } }),
};

/** Merchants for the merchant filter; answers none when the session may not list them. */
export const listMerchants = () => api('GET /v0/merchants/opts', { quiet: true }).catch(() => []);
