import { api } from '../../api/request.js';

export type { FloorSummary } from '@kontor/contracts/domains/shipping-responses';

/** What the floor must act on now (issue 19 item 7): `/wEP/outbound` and `/wEP/problematic` read it with their own privilege. */
export const floorApi = {
  summary: (view: 'warehouse' | 'problematic') => (view === 'warehouse' ? api('GET /v0/outbound/floor') : api('GET /v0/outbound/floor/problematic')),
};
