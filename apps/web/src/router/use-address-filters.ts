import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How a list filter is written in the address: `status=1,2` (numbers), `merchantId=3` (number), `rsd=..2026-11-24` (text). */
export type AddressFilterKind = 'numbers' | 'number' | 'text';

/** The filters a link put in the address (`?status=1,2&rsd=..2026-11-24`), only the named ones, unreadable values left out. */
export function filtersFromAddress(params: URLSearchParams, kinds: Record<string, AddressFilterKind>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(kinds)) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    if (kind === 'text') out[key] = raw.trim();
    else {
      const numbers = raw
        .split(',')
        .map((v) => Number(v.trim()))
        .filter((n) => Number.isSafeInteger(n));
      if (numbers.length === 0) continue;
      out[key] = kind === 'number' ? numbers[0] : numbers;
    }
  }
  return out;
}

/**
 * A list's filters, started from the address, so a figure elsewhere (the floor on the home page) can
 * link to the filtered list: `/mEP/outbound-orders?status=13,14`. A later link to the same (kept-alive)
 * page with other filters replaces them; filters chosen on the page stay out of the address.
 */
export function useAddressFilters<T extends object>(kinds: Record<string, AddressFilterKind>, initial: T): [T, (filters: T) => void] {
  const [params] = useSearchParams();
  const fromAddress = JSON.stringify(filtersFromAddress(params, kinds));
  const [filters, setFilters] = useState<T>(() => ({ ...initial, ...(JSON.parse(fromAddress) as Partial<T>) }));
  const seen = useRef(fromAddress);
  useEffect(() => {
    if (seen.current === fromAddress) return;
    seen.current = fromAddress;
    setFilters({ ...initial, ...(JSON.parse(fromAddress) as Partial<T>) });
    // `initial` is the page's constant starting point; the address decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromAddress]);
  return useMemo(() => [filters, setFilters], [filters]);
}
