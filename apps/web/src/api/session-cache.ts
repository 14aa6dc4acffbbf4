/**
 * The signed-in console's cache of server state, dropped when the session changes (architecture rule 5:
 * nothing read in one session may show in another). The query cache registers itself here when the
 * console's shell loads, so the sign-in page carries no query library (bench/web.bench.mjs budget).
 */
interface SessionCache {
  clear(): void;
  reset(): Promise<void>;
}

let cache: SessionCache | null = null;

export function registerSessionCache(next: SessionCache): void {
  cache = next;
}

export const sessionCache = {
  /** Forgets every list and record (sign-in, sign-out). */
  clear: () => cache?.clear(),
  /** Reads again what is shown, forgets the rest (a sub-account or role switch). */
  reset: async () => {
    await cache?.reset();
  },
};
