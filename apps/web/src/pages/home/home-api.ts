import type { HomeFloor } from '@kontor/contracts/domains/shipping-responses';
import { request } from '../../api/request.js';

export type { HomeFloor };

/** The floor on the home page (issue 19 item 10): live figures in the session's merchant scope. */
export const homeApi = {
  floor: () => request<HomeFloor>({ url: '/v0/home/floor' }),
};
