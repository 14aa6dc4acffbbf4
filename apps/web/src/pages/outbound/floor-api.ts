import type { FloorSummary } from '@kontor/contracts/domains/shipping-responses';
import { request } from '../../api/request.js';

export type { FloorSummary };

/** What the floor must act on now (issue 19 item 7): `/wEP/outbound` and `/wEP/problematic` read it with their own privilege. */
export const floorApi = {
  summary: (view: 'warehouse' | 'problematic') =>
    request<FloorSummary>({ url: view === 'warehouse' ? '/v0/outbound/floor' : '/v0/outbound/floor/problematic' }),
};
