import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { can, routeDocs } from '../../http/route-config.js';
import { homeServices } from './index.js';

const route = routeDocs(['home']);

/**
 * The floor on the home page (issue 19 item 10): the figures of `/home` for everyone who works with
 * orders (office, warehouse, merchants), each in the session's merchant scope.
 */
export function registerHomeRoutes(app: FastifyInstance, core: Core): void {
  const { home } = homeServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v0/home/floor', route(can('p11y.orders.list'), 'The floor on the home page: what the floor must do now'), async (req) =>
    ok(await home.floor(req.auth!)),
  );
}
