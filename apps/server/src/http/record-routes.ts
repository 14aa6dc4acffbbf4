import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from './access.js';
import { ok } from './reply.js';
import { idParams, routeDocs } from './route-config.js';

type Method = 'get' | 'post' | 'put' | 'delete';
type BodyOf<B> = B extends z.ZodType ? z.infer<B> : undefined;

/**
 * Routes on one record by its `:id` whose handler hands the session, the id and the parsed body to one
 * service call and answers what it returns. `const byId = recordRoutes(app, ['packing'])`, then
 * `byId.post(url, canRetry('…'), 'What it does', (auth, id, body) => flow.pack(auth, id, body), packOrderSchema)`.
 * The access rule, the summary and the schemas stay on every route (architecture rule 4), as with
 * `routeDocs`; what is written once is the handler around the call. `params` is the module's own `:id`
 * schema where it has one (the same positive whole number).
 */
export function recordRoutes(app: FastifyInstance, tags: string[], params: z.ZodType<{ id: number }> = idParams) {
  const route = routeDocs(tags);
  const declare =
    (method: Method) =>
    <B extends z.ZodType | undefined = undefined>(
      url: string,
      config: FastifyContextConfig,
      summary: string,
      call: (auth: AuthContext, id: number, body: BodyOf<B>) => Promise<unknown>,
      body?: B,
    ): void => {
      app[method](url, route(config, summary, body ? { params, body } : { params }), async (req) =>
        ok(await call(req.auth!, (req.params as { id: number }).id, req.body as BodyOf<B>)),
      );
    };
  return { get: declare('get'), post: declare('post'), put: declare('put'), delete: declare('delete') };
}
