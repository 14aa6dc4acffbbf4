import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { queryClient, recordKey, type QueryDomain } from './query-client.js';

/**
 * The record a drawer shows, held in the query cache under its domain and loaded by id whenever the id
 * changes; the last record stays until the next arrives (drawers compare ids). A record that cannot be
 * read (gone, another merchant's) closes the drawer: the request layer has already said why.
 */
export function useRecordQuery<T>(domain: QueryDomain, id: number | null, fetch: (id: number) => Promise<T>, onClose: () => void) {
  const fetchRef = useRef(fetch);
  const closeRef = useRef(onClose);
  useEffect(() => {
    fetchRef.current = fetch;
    closeRef.current = onClose;
  }, [fetch, onClose]);
  const query = useQuery({
    queryKey: recordKey(domain, id),
    queryFn: () => fetchRef.current(id!),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.isError) closeRef.current();
  }, [query.isError, query.errorUpdatedAt]);

  const setDetail = useCallback((detail: T) => queryClient.setQueryData(recordKey(domain, id), detail), [domain, id]);
  /** Reads the record again now (a refresh button, after an action); a failure closes the drawer. */
  const load = useCallback(
    (recordId: number) =>
      queryClient.fetchQuery({ queryKey: recordKey(domain, recordId), queryFn: () => fetchRef.current(recordId), staleTime: 0 }).then(
        () => undefined,
        () => closeRef.current(),
      ),
    [domain],
  );
  return { detail: (query.data ?? null) as T | null, setDetail, load };
}
