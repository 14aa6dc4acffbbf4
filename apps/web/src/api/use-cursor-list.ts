import type { Page } from '@kontor/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@kontor/contracts/paging-core';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { isAbort } from './errors.js';

/**
 * The page size of a list, kept in the address as `l` like the mask lists (spec §9: 25 by default,
 * 25 to 1000). A cached tab hidden behind another screen keeps the size it had while the address is
 * another screen's.
 */
export function useAddressPageSize(): [number, (size: number) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const [own] = useState(pathname);
  const asked = Number(params.get('l'));
  const current = (PAGE_SIZES as readonly number[]).includes(asked) ? asked : DEFAULT_PAGE_SIZE;
  const [kept, setKept] = useState(current);
  if (pathname === own && kept !== current) setKept(current);
  const set = (size: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (size === DEFAULT_PAGE_SIZE) next.delete('l');
        else next.set('l', String(size));
        return next;
      },
      { replace: true },
    );
  return [pathname === own ? current : kept, set];
}

/**
 * One page of a cursor-paged list (spec §7: `l`, `o`) for the given filters: a change of filters
 * starts again at the first page; `reloads` reads the current page again after a change.
 */
export function useCursorList<T>(
  load: (params: Record<string, unknown>, signal: AbortSignal) => Promise<Page<T>>,
  filters: Record<string, unknown>,
  reloads: number,
) {
  const [pageSize, setPageSize] = useAddressPageSize();
  const filterKey = JSON.stringify(filters);
  const [cursors, setCursors] = useState<{ filterKey: string; stack: string[] }>({ filterKey, stack: [] });
  // Cursors of pages passed belong to one set of filters; new filters start from the top.
  const stack = cursors.filterKey === filterKey ? cursors.stack : [];
  const cursor = stack.at(-1) || undefined;
  const params = useMemo(() => ({ ...(JSON.parse(filterKey) as Record<string, unknown>), l: pageSize, o: cursor }), [filterKey, pageSize, cursor]);
  const loadKey = `${JSON.stringify(params)}#${reloads}`;
  const [result, setResult] = useState<{ key: string; page: Page<T> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    load(params, controller.signal).then(
      (page) => setResult({ key: loadKey, page }),
      (err: unknown) => !isAbort(err) && setResult({ key: loadKey, page: { total: 0, next: null, data: [] } }),
    );
    return () => controller.abort();
    // `load` is a stable module function; the call depends on the parameters only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey]);

  const page = result?.page;
  return {
    rows: page?.data ?? [],
    total: page?.total ?? 0,
    totalCapped: !!page?.totalCapped,
    loading: result?.key !== loadKey,
    pageSize,
    setPageSize,
    hasPrevious: stack.length > 0,
    hasNext: !!page?.next,
    previous: () => setCursors({ filterKey, stack: stack.slice(0, -1) }),
    next: () => page?.next && setCursors({ filterKey, stack: [...stack, page.next] }),
  };
}
