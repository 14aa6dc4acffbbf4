import type { Page } from '@kontor/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useAddressPageSize } from '../components/use-address-page-size.js';
import { isAbort } from './errors.js';
import { listKey, type QueryDomain } from './query-client.js';

const EMPTY: Page<never> = { total: 0, next: null, data: [] };

/**
 * One page of a cursor-paged list (spec §7: `l`, `o`) for the given filters, held in the query cache
 * under its domain: a change of filters starts again at the first page; invalidating the domain
 * (`invalidateDomains`) reads the current page again. The rows of the last page stay on screen while
 * the next one loads; a failed read shows an empty page (the request layer has said why). `scope` tells
 * apart lists of one domain that `load` reads from different addresses (the outbound views).
 */
export function useListQuery<T>(
  domain: QueryDomain,
  load: (params: Record<string, unknown>, signal: AbortSignal) => Promise<Page<T>>,
  filters: Record<string, unknown>,
  scope = '',
) {
  const [pageSize, setPageSize] = useAddressPageSize();
  const filterKey = JSON.stringify(filters);
  const [cursors, setCursors] = useState<{ filterKey: string; stack: string[] }>({ filterKey, stack: [] });
  // Cursors of pages passed belong to one set of filters; new filters start from the top.
  const stack = cursors.filterKey === filterKey ? cursors.stack : [];
  const cursor = stack.at(-1) || undefined;
  const params = useMemo(() => ({ ...(JSON.parse(filterKey) as Record<string, unknown>), l: pageSize, o: cursor }), [filterKey, pageSize, cursor]);
  const query = useQuery({
    queryKey: listKey(domain, params, scope),
    queryFn: ({ signal }) =>
      load(params, signal).catch((err: unknown) => {
        if (isAbort(err)) throw err;
        return EMPTY as Page<T>;
      }),
    placeholderData: keepPreviousData,
  });

  const page = query.data;
  return {
    rows: page?.data ?? [],
    total: page?.total ?? 0,
    totalCapped: !!page?.totalCapped,
    /** The page as the server answered it, for what a list reads beyond its rows (the stock groups' sums). */
    page,
    loading: query.isFetching,
    pageSize,
    setPageSize,
    hasPrevious: stack.length > 0,
    hasNext: !!page?.next,
    previous: () => setCursors({ filterKey, stack: stack.slice(0, -1) }),
    next: () => page?.next && setCursors({ filterKey, stack: [...stack, page.next] }),
  };
}

export type CursorList<T = unknown> = ReturnType<typeof useListQuery<T>>;
