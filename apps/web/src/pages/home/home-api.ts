import type { HomeFloor } from '@kontor/contracts/domains/shipping-responses';
import { api } from '../../api/request.js';

export type { HomeFloor };

/**
 * The floor on the home page (issue 19 item 10): live figures in the session's merchant scope. The page
 * polls them: a background call, so a home page left open neither keeps the session alive nor shows
 * errors (the idle logout of shell-behaviours.md still comes after 40 minutes without a user's action).
 */
export const homeApi = {
  floor: ({ signal }: { signal?: AbortSignal } = {}) => api('GET /v0/home/floor', { signal, quiet: true, background: true }),
};
