import { maskQuerySchema } from '@kontor/contracts/masks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/reply.js';
import { MasksService } from './masks.service.js';
import { routeDocs } from '../../http/route-config.js';

const authOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError('NoPermission');
  return request.auth;
};
const route = routeDocs(['masks']);
const nameQuery = z.strictObject({ q: z.string().min(1).max(100), x_token: z.string().optional() });
const saveBody = z.strictObject({ name: z.string().min(1).max(100), mask: z.string().min(2).max(200_000), version: z.number().int().positive() });
const resetBody = z.strictObject({ name: z.string().min(1).max(100), version: z.number().int().positive() });

/** `GET /v0/masken/` for every user (facts §2.2) and the mask editor's calls (issue 4 §4 masken). */
export function registerMaskRoutes(app: FastifyInstance, core: Core): MasksService {
  const masks = new MasksService(core.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v0/masken/', route({ access: 'user' }, 'A mask as JSON text', { querystring: maskQuerySchema }), async (req) =>
    ok(await masks.get(authOf(req), req.query.q)),
  );
  r.get('/v0/masken/all', route({ access: { privilege: 'sys.masken.list' } }, 'Every mask with its state'), async () => ok(await masks.list()));
  r.get(
    '/v0/masken/detail',
    route({ access: { privilege: 'sys.masken.list' } }, 'A mask with its shipped text and versions', { querystring: nameQuery }),
    async (req) => ok(await masks.detail(req.query.q)),
  );
  r.put('/v0/masken/', route({ access: { privilege: 'sys.masken.edit' }, idempotent: true }, 'Save an edited mask', { body: saveBody }), async (req) =>
    ok(await masks.save(authOf(req), req.body.name, req.body.mask, req.body.version)),
  );
  r.post(
    '/v0/masken/reset',
    route({ access: { privilege: 'sys.masken.edit' }, idempotent: true }, 'Back to the shipped definition', { body: resetBody }),
    async (req) => ok(await masks.reset(authOf(req), req.body.name, req.body.version)),
  );
  return masks;
}
