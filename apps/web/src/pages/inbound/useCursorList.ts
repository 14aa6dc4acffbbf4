import type { Page } from '@kontor/contracts';
import { useEffect, useMemo, useState } from 'react';
import { isAbort } from '../../api/errors.js';

/**
 * One page of a cursor-paged list (spec §7: `l`, `o`) for the given filters: a change of filters
 * starts again at the first page; `reloads` reads the current page again after a change.
 */
export function useCursorList<T>(
  load: (params: Record<string, unknown>, signal: AbortSignal) => Promise<Page<T>>,
  filters: Record<string, unknown>,
  reloads: number,
  pageSize = 50,
) {
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
    hasPrevious: stack.length > 0,
    hasNext: !!page?.next,
    previous: () => setCursors({ filterKey, stack: stack.slice(0, -1) }),
    next: () => page?.next && setCursors({ filterKey, stack: [...stack, page.next] }),
  };
}
