import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@kontor/contracts/paging-core';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

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
