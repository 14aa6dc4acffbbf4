import type { Page } from '@kontor/contracts';
import type { ApiData } from '@kontor/contracts/api-responses';
import { CONTAINER } from '@kontor/contracts/status/inbound';
import { useEffect, useState } from 'react';
import { api, request } from './request.js';
import type { SearchOption } from '../components/SearchSelect.js';

/** Answers none instead of an error: a picker the session may not read stays empty, the server decides. */
const quietRows = <T>(url: string, params: Record<string, unknown>, signal?: AbortSignal) =>
  request<Page<T>>({ url, params, signal, quiet: true }).then(
    (page) => page.data,
    () => [] as T[],
  );

export type WarehouseOption = ApiData<'GET /v0/warehouses/opts'>[number];

/** Warehouses are few: all of them at once (`/v0/warehouses/opts`, open to whoever may announce deliveries). */
export function useWarehouses() {
  const [rows, setRows] = useState<WarehouseOption[]>([]);
  useEffect(() => {
    void api('GET /v0/warehouses/opts', { quiet: true }).then(setRows, () => setRows([]));
  }, []);
  return rows;
}

/** Merchants for staff pickers and filters; a merchant's own session answers only its merchant. */
export function useMerchants() {
  const [rows, setRows] = useState<ApiData<'GET /v0/merchants/opts'>>([]);
  useEffect(() => {
    void api('GET /v0/merchants/opts', { quiet: true }).then(setRows, () => setRows([]));
  }, []);
  return rows;
}

/** Items of one merchant by SKU, name or code typed (`/v0/items/?q=`), labelled `SKU · name`. */
export const searchItems =
  (merchantId: number | undefined) =>
  async (q: string, signal: AbortSignal): Promise<Array<SearchOption & { sku: string; name: string; weight: number | null }>> => {
    const rows = await quietRows<{ id: number; sku: string; name: string; weight: number | null }>(
      '/v0/items/',
      { q: q || undefined, merchantId, l: 50 },
      signal,
    );
    return rows.map((r) => ({
      value: r.id,
      label: `${r.sku} · ${r.name}`,
      sku: r.sku,
      name: r.name,
      weight: r.weight === null || r.weight === undefined ? null : Number(r.weight),
    }));
  };

/** One item's weight per unit in kg (`/v0/items/:id`), null when unknown or unreadable. */
export const itemWeight = (id: number): Promise<number | null> =>
  request<{ weight: number | null }>({ url: `/v0/items/${id}`, quiet: true }).then(
    (item) => (item.weight === null || item.weight === undefined ? null : Number(item.weight)),
    () => null,
  );

/** Containers still to arrive or unload, by number (`/v0/c7rorders/?q=`), newest first. */
const OPEN_CONTAINERS = CONTAINER.codes('announced', 'inTransit', 'arrived');
export const searchContainers = async (q: string, signal: AbortSignal): Promise<SearchOption[]> => {
  const params = { q: q || undefined, status: OPEN_CONTAINERS, l: 50 };
  const rows = await quietRows<{ id: number; number: string }>('/v0/c7rorders/', params, signal);
  return rows.map((r) => ({ value: r.id, label: r.number }));
};
