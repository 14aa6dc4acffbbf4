import { useCallback, useRef, useState } from 'react';
import type { ScanHow } from './ScanInput.js';

/** What one scan did to a code that must be scanned twice, identically (facts §3.5, ScannerInput requiredScans = 2). */
export type DoubleScanOutcome = { kind: 'again'; code: string } | { kind: 'confirmed'; code: string } | { kind: 'inconsistent'; code: string; first: string };

/**
 * The double-scan rule: the first scan of a code waits for the second; the same code again confirms
 * it, another code is "not consistent" and starts over. A code typed or pasted by hand is confirmed
 * at once (the operator read it, a misread label cannot be the cause).
 */
export function doubleScan(pending: string | null, code: string, how: ScanHow): { pending: string | null; outcome: DoubleScanOutcome } {
  if (how.manual) return { pending: null, outcome: { kind: 'confirmed', code } };
  if (pending === null) return { pending: code, outcome: { kind: 'again', code } };
  if (pending === code) return { pending: null, outcome: { kind: 'confirmed', code } };
  return { pending: null, outcome: { kind: 'inconsistent', code, first: pending } };
}

/** The double-scan rule for a screen: `onScan` goes to the ScanInput, `pending` is the code waiting for its second scan. */
export function useDoubleScan(onOutcome: (outcome: DoubleScanOutcome) => void) {
  const pendingRef = useRef<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const onScan = useCallback(
    (code: string, how: ScanHow) => {
      const next = doubleScan(pendingRef.current, code, how);
      pendingRef.current = next.pending;
      setPending(next.pending);
      onOutcome(next.outcome);
    },
    [onOutcome],
  );
  const reset = useCallback(() => {
    pendingRef.current = null;
    setPending(null);
  }, []);
  return { onScan, pending, reset };
}
