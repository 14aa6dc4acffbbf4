import { z } from 'zod';

/** A route's config for a call that needs this privilege (checked by http/access.ts). */
export const can = (privilege: string) => ({ access: { privilege } });
/** A call a client may retry: it takes Idempotency-Key (http/idempotency.ts). */
export const canRetry = (privilege: string) => ({ access: { privilege }, idempotent: true });
/** A row id in a path or query: a positive whole number that JavaScript still holds exactly. */
export const dbId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The `:id` of a route on one record. */
export const idParams = z.strictObject({ id: dbId });
