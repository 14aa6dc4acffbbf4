import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Opens what a link names in the address once (`?no=RA…` from the inventory log, issue 15 item 8),
 * then takes the parameter out of the address so that closing the record does not open it again.
 */
export function useAddressParam(name: string, open: (value: string) => void): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  useEffect(() => {
    if (!value) return;
    open(value);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
    // `open` is a fresh closure each render; the parameter's value is what decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, name, setParams]);
}
