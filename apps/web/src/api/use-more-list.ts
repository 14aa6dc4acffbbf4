import { EPOCH_CURSOR } from '@kontor/contracts';
import type { ApiData } from '@kontor/contracts/api-responses';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useAddressPageSize } from '../components/use-address-page-size.js';
import { isAbort } from './errors.js';
import { listKey, type QueryDomain } from './query-client.js';
import { api } from './request.js';

/** The "show more" routes of the response table: each answers `{data, next}` with a cursor. */
type MoreRoute = 'GET /v0/users/' | 'GET /v0/files/' | 'GET /v0/mail/outbox';
type MorePage<K extends MoreRoute> = { data: Array<ApiData<K>['data'][number]>; next: string | null };

/**
 * A cursor-paged list read as "show more" (spec §7 `l`, `o`, `q` plus filters): each press appends the
 * next page. Held in the query cache under its domain, so invalidating the domain reads it again; a new
 * search cancels the read still in flight, so a slow answer to an old search never shows.
 */
export function useMoreList<K extends MoreRoute>(domain: QueryDomain, route: K, search: string | undefined, filters: Record<string, unknown>) {
  const [pageSize, setPageSize] = useAddressPageSize();
  const params = { ...filters, l: pageSize, q: search || undefined };
  const query = useInfiniteQuery({
    queryKey: listKey(domain, params, 'more'),
    queryFn: ({ pageParam, signal }) =>
      (api<MoreRoute>(route, { params: { ...params, o: pageParam ?? EPOCH_CURSOR }, signal }) as Promise<MorePage<K>>).catch((err: unknown): MorePage<K> => {
        if (isAbort(err)) throw err;
        return { data: [], next: null };
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
  return {
    rows: query.data?.pages.flatMap((page) => page.data) ?? [],
    hasMore: !!query.hasNextPage,
    more: () => void query.fetchNextPage(),
    loading: query.isFetching,
    pageSize,
    setPageSize,
  };
}
