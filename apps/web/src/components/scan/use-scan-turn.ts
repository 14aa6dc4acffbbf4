import { useCallback, useRef, useState } from 'react';

const parts = (code: string) => code.split(/\s+/);
/** Whether a refused code is in a new scan: itself, or each of its numbers in a scan of several. */
const scannedAgain = (refused: string, code: string) => parts(refused).every((n) => parts(code).includes(n));

/**
 * One scan at a time (facts §9): a scan that arrives while the previous one is still in flight is
 * refused ("Still processing the previous scan"), and its code is kept in `missed` until it is scanned
 * again. The refusal alone was a banner the first scan's answer replaced a moment later, so the
 * operator never learnt that a parcel had not been taken.
 */
export function useScanTurn() {
  const busy = useRef(false);
  const [missed, setMissed] = useState<string[]>([]);

  /** Keeps a code to scan again: refused while another scan was in flight, or sent and never answered. */
  const miss = useCallback((code: string) => setMissed((codes) => (codes.includes(code) ? codes : [...codes, code])), []);

  /** Runs one scan's work; answers false, without running it, while another scan is in flight. */
  const take = useCallback(
    async (code: string, work: () => Promise<void>): Promise<boolean> => {
      if (busy.current) {
        miss(code);
        return false;
      }
      busy.current = true;
      setMissed((codes) => codes.filter((c) => !scannedAgain(c, code)));
      try {
        await work();
      } finally {
        busy.current = false;
      }
      return true;
    },
    [miss],
  );

  const forget = useCallback(() => setMissed([]), []);
  return { take, missed, miss, forget };
}
