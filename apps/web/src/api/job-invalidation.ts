import { ORDER_IMPORT_JOB } from '@kontor/contracts/domains/outbound-io';
import { invalidateDomains, type QueryDomain } from './query-client.js';

/** The records a background job changes when it finishes (the socket's `job` events, spec §7). */
const CHANGED_BY_JOB: Record<string, QueryDomain[]> = {
  [ORDER_IMPORT_JOB]: ['outbound-orders'],
};

/** A job finished: the lists and records it changed read again, wherever they are shown. */
export function invalidateAfterJob(event: { kind: string; status: string }): void {
  const domains = event.status === 'done' ? CHANGED_BY_JOB[event.kind] : undefined;
  if (domains) void invalidateDomains(...domains);
}
