import { QueryClient } from '@tanstack/react-query';
import { registerSessionCache } from './session-cache.js';

/**
 * The console's one cache of server state (lists and records). Screens read fresh data when they
 * mount (staleTime 0) and after the events that change it; errors are already shown by the request
 * layer, so queries neither retry nor refetch on window focus (a scanner station changes focus often).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 0 },
  },
});
registerSessionCache({ clear: () => queryClient.clear(), reset: () => queryClient.resetQueries() });

/**
 * The first part of every query key: the kind of record it holds. Invalidating a domain refreshes its
 * lists, counts and open records at once.
 */
export type QueryDomain =
  | 'inbound-orders'
  | 'containers'
  | 'outbound-orders'
  | 'returns'
  | 'tickets'
  | 'users'
  | 'files'
  | 'mask-lists'
  | 'print-jobs'
  | 'picklists'
  | 'carrier-settings'
  | 'gate-users'
  | 'gate-bills'
  | 'packing-log'
  | 'pack-table'
  | 'prepack-keys'
  | 'pallets'
  | 'manifests'
  | 'stock';

export const listKey = (domain: QueryDomain, params: Record<string, unknown>, scope = '') => [domain, 'list', scope, params] as const;
export const recordKey = (domain: QueryDomain, id: number | null) => [domain, 'record', id] as const;

/** Something changed records of these domains (an action, a finished job): everything shown of them reloads. */
export function invalidateDomains(...domains: QueryDomain[]): Promise<void> {
  return Promise.all(domains.map((domain) => queryClient.invalidateQueries({ queryKey: [domain] }))).then(() => undefined);
}
