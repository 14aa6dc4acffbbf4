import { versionSchema } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';

/** `GET /v0/version/`: a cheap probe the handheld clients poll (facts §2.1, §9). */
export function registerSystemRoutes(app: FastifyInstance, core: Core): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/v0/version/', { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Server and web version' } }, async () =>
      ok(versionSchema.parse(core.version)),
    );

  // A signed-in no-op through the whole hook chain: clients check their session with it, and the
  // platform benchmark measures the cost of the chain with it.
  app.get('/v0/ping', { config: { access: 'user' }, schema: { tags: ['system'], summary: 'Session check (no-op)' } }, async () => ok(null));
}
