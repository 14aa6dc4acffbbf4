import { z } from 'zod';
import type { FastifyContextConfig } from 'fastify';

/** A route's config for a call that needs this privilege (checked by http/access.ts). */
export const can = (privilege: string) => ({ access: { privilege } });
/** A call a client may retry: it takes Idempotency-Key (http/idempotency.ts). */
export const canRetry = (privilege: string) => ({ access: { privilege }, idempotent: true });
/** A row id in a path or query: a positive whole number that JavaScript still holds exactly. */
export const dbId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The `:id` of a route on one record. */
export const idParams = z.strictObject({ id: dbId });

/** The parts of a request a route validates (each a zod schema; Fastify types the handler from them). */
interface RouteInput {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** A declared answer where the contracts table (http/responses.ts) does not name one. */
  response?: Record<number, z.ZodType>;
}

/**
 * A module's route declarations in one line each: `const route = routeDocs(['packing'])`, then
 * `r.post(url, route(canRetry('…'), 'What it does', { params: idParams, body }), handler)`. The access
 * rule, the OpenAPI tag and summary and the input schemas stay on every route (architecture rule 4);
 * only the object around them is written once here.
 */
export function routeDocs(tags: string[]) {
  return <I extends RouteInput = Record<never, never>>(config: FastifyContextConfig, summary: string, input?: I) => ({
    config,
    schema: { tags, summary, ...(input as I) },
  });
}
