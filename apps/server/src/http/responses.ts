import { API_RESPONSES, BINARY_ROUTES, PLAIN_RESPONSES, envelopeOf, type ApiRouteKey } from '@kontor/contracts/api-responses';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { compileProjection } from './response-projection.js';

export type ResponseCheck = 'off' | 'strict';

/** `GET /v0/…` as the response table names a route: its method and its Fastify url. */
export const routeKey = (method: string, url: string) => `${method} ${url}`;

const isBinary = (key: string) => (BINARY_ROUTES as readonly string[]).includes(key);

/**
 * Routes whose data schema is not in the contracts table but derived on the server (the generic
 * record routes of resources/define.ts, built from each declaration's fields).
 */
export type DerivedResponses = (key: string) => z.ZodType | undefined;

/**
 * Every JSON route answers with a declared shape (issue 16 item 5): a route without `schema.response`
 * gets `{200: envelopeOf(data)}` from the contracts table (packages/contracts/src/api-responses.ts),
 * in this one place, so route files stay as they are. Binary routes (files, XLSX, PDF) are exempt by
 * name (BINARY_ROUTES); a route in neither list has no schema, which the contract test reports.
 */
export function installResponseSchemas(app: FastifyInstance, derived: DerivedResponses): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/v0/') || url.startsWith('/v0/docs')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length !== 1 || route.schema?.response) return;
    const key = routeKey(String(methods[0]), url);
    if (isBinary(key)) return;
    const plain = PLAIN_RESPONSES[key];
    if (plain) {
      route.schema = { ...(route.schema ?? {}), response: plain };
      return;
    }
    const data = (API_RESPONSES as Record<string, z.ZodType>)[key as ApiRouteKey] ?? derived(key);
    if (data) route.schema = { ...(route.schema ?? {}), response: { 200: envelopeOf(data) } };
  });
}

/** A strict-mode failure, also printed: the test sees only an InternalError envelope, the engineer needs the route and the data. */
function loud(message: string): Error {
  console.error(message);
  return new Error(message);
}

/** JSON as a client receives it (Dates as ISO text, undefined keys gone), to compare sent with declared. */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * Serialises an answer with its route's response schema (zod strips keys the schema does not name).
 * `strict`: the schema must leave the data exactly as the handler built it, else the request fails,
 * naming the route. `off`: the schema's projection compiled once (response-projection.ts: the keys it
 * names, no type checks; on the shipping scan zod's encode was a tenth of the server's CPU per call),
 * or for a schema that is no plain projection zod's encode, where a mismatch never costs the client a
 * field or the request: it is logged and the handler's data is sent as built.
 */
export function responseSerializerCompiler(check: ResponseCheck, log: FastifyBaseLogger): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const label = `${method} ${url}`;
    const projection = check === 'off' ? compileProjection(schema) : null;
    if (projection) return (data: unknown) => JSON.stringify(projection(data));
    return (data: unknown) => {
      const encoded = schema.safeEncode(data);
      if (!encoded.success) {
        if (check === 'strict') throw loud(`${label} answered data its response schema refuses: ${encoded.error.message}`);
        log.error({ route: label, issues: encoded.error.issues }, 'answer does not match its response schema');
        return JSON.stringify(data);
      }
      const json = JSON.stringify(encoded.data);
      if (check === 'strict' && !isDeepStrictEqual(asJson(data), JSON.parse(json))) {
        throw loud(`${label} answered data its response schema would change (a key it lacks?): ${JSON.stringify(data).slice(0, 2000)}`);
      }
      return json;
    };
  };
}
