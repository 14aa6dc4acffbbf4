/**
 * The loading scan's pending queue (facts §3.7, §9): numbers scanned but not yet confirmed by the
 * server, kept in localStorage per pallet so they survive a reload or a dead battery, each with the
 * Idempotency-Key its flush is sent with (a retry after a lost answer never loads it twice).
 */
export interface Pending {
  trackingNo: string;
  key: string;
  /** The server refused it (a business error): the queue stops here until it is removed or retried. */
  error?: string;
}

const QUEUE_PREFIX = 'kontor.loading.queue.';
const CURRENT = 'kontor.loading.current';

export const loadQueue = (palletCode: string): Pending[] => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(QUEUE_PREFIX + palletCode) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Pending[]).filter((p) => typeof p?.trackingNo === 'string' && typeof p.key === 'string') : [];
  } catch {
    return [];
  }
};

export const saveQueue = (palletCode: string, queue: Pending[]) => {
  if (queue.length === 0) localStorage.removeItem(QUEUE_PREFIX + palletCode);
  else localStorage.setItem(QUEUE_PREFIX + palletCode, JSON.stringify(queue));
};

/** The pallet being loaded, so a reload comes back to it. */
export const currentPallet = () => localStorage.getItem(CURRENT) ?? '';
export const setCurrentPallet = (code: string) => (code ? localStorage.setItem(CURRENT, code) : localStorage.removeItem(CURRENT));
