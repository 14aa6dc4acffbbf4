import type { Page } from '@kontor/contracts';
import type { Mask } from '@kontor/contracts/masks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isAbort } from '../api/errors.js';
import { listKey, queryClient } from '../api/query-client.js';
import { request } from '../api/request.js';
import { apiParams, type ListState } from './list-state.js';

export type Row = Record<string, unknown>;

/** Every page of one mask's list shares this scope in its key: a saved form or an action reads it again. */
const scopeOf = (mask: Mask) => `mask:${mask.name}:${mask.dataSrc!.api}`;

export function reloadMaskRows(mask: Mask): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['mask-lists', 'list', scopeOf(mask)] });
}

/**
 * One page of a mask's data source for the list state in the address, held in the query cache; the
 * last page stays on screen while the next loads, a failed read shows an empty page.
 */
export function useMaskRows(mask: Mask, state: ListState) {
  const api = mask.dataSrc!.api;
  const params = { ...(mask.dataSrc?.params ?? {}), ...apiParams(state) };
  const query = useQuery({
    queryKey: listKey('mask-lists', params, scopeOf(mask)),
    queryFn: ({ signal }) =>
      request<Page<Row> | Row[]>({ url: api, params, signal }).then(
        // A source answering a plain array (a short list such as the merchants) is one complete page.
        (data): Page<Row> => (Array.isArray(data) ? { total: data.length, next: null, data } : data),
        (err: unknown): Page<Row> => {
          if (isAbort(err)) throw err;
          return { total: 0, next: null, data: [] };
        },
      ),
    placeholderData: keepPreviousData,
  });
  return { data: query.data, loading: query.isFetching };
}
