import { flattenRoutes, PRIVILEGES, privilegeArea } from '@kontor/contracts';
import {
  idParamsSchema,
  merchantCreateSchema,
  merchantUpdateSchema,
  profileUpdateSchema,
  roleUpdateSchema,
  roleWriteSchema,
  setPasswordSchema,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
} from '@kontor/contracts/domains/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/reply.js';
import { auditTrail } from './audit.js';
import { MerchantsService } from './merchants.service.js';
import { RolesService } from './roles.service.js';
import { UsersService } from './users.service.js';
import { can, canRetry } from '../../http/route-config.js';

const authOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError('NoPermission');
  return request.auth;
};

/** Users, roles, privileges, merchants, audit and the caller's own profile (issue 2 §5, §6). */
export function registerAdminRoutes(app: FastifyInstance, core: Core): void {
  const users = new UsersService(core);
  const roles = new RolesService(core);
  const merchants = new MerchantsService(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v0/users/',
    { config: can('sys.users.list'), schema: { tags: ['users'], summary: 'Users (paged by l, o, q and filters)', querystring: userListQuerySchema } },
    async (req) => ok(await users.list(authOf(req), req.query)),
  );
  r.get('/v0/users/:id', { config: can('sys.users.list'), schema: { tags: ['users'], params: idParamsSchema } }, async (req) =>
    ok(await users.get(authOf(req), req.params.id)),
  );
  r.post('/v0/users/', { config: canRetry('sys.users.edit'), schema: { tags: ['users'], body: userCreateSchema } }, async (req) =>
    ok(await users.create(authOf(req), req.body)),
  );
  r.put('/v0/users/:id', { config: canRetry('sys.users.edit'), schema: { tags: ['users'], params: idParamsSchema, body: userUpdateSchema } }, async (req) =>
    ok(await users.update(authOf(req), req.params.id, req.body)),
  );
  r.put(
    '/v0/users/:id/password',
    { config: canRetry('sys.users.edit'), schema: { tags: ['users'], params: idParamsSchema, body: setPasswordSchema } },
    async (req) => {
      await users.setPassword(authOf(req), req.params.id, req.body.password);
      return ok(null);
    },
  );
  r.delete('/v0/users/:id', { config: canRetry('sys.users.edit'), schema: { tags: ['users'], params: idParamsSchema } }, async (req) => {
    await users.remove(authOf(req), req.params.id);
    return ok(null);
  });

  r.get('/v0/roles/', { config: can('sys.roles.list'), schema: { tags: ['roles'] } }, async () => ok(await roles.list()));
  r.get('/v0/roles/:id', { config: can('sys.roles.list'), schema: { tags: ['roles'], params: idParamsSchema } }, async (req) =>
    ok(await roles.get(req.params.id)),
  );
  r.post('/v0/roles/', { config: canRetry('sys.roles.edit'), schema: { tags: ['roles'], body: roleWriteSchema } }, async (req) =>
    ok(await roles.create(authOf(req), req.body)),
  );
  r.put('/v0/roles/:id', { config: canRetry('sys.roles.edit'), schema: { tags: ['roles'], params: idParamsSchema, body: roleUpdateSchema } }, async (req) =>
    ok(await roles.update(authOf(req), req.params.id, req.body)),
  );
  r.delete('/v0/roles/:id', { config: canRetry('sys.roles.edit'), schema: { tags: ['roles'], params: idParamsSchema } }, async (req) => {
    await roles.remove(authOf(req), req.params.id);
    return ok(null);
  });

  // The privilege catalogue grouped by area, with the console paths each one opens.
  r.get('/v0/privileges/', { config: can('sys.roles.list'), schema: { tags: ['roles'] } }, async () => {
    const routes = flattenRoutes();
    const groups = new Map<string, Array<{ name: string; routes: string[] }>>();
    for (const name of PRIVILEGES) {
      const area = privilegeArea(name);
      groups.set(area, [...(groups.get(area) ?? []), { name, routes: routes.filter((route) => route.mask === name).map((route) => route.path) }]);
    }
    return ok([...groups].map(([area, privileges]) => ({ area, privileges })));
  });

  r.get('/v0/merchants/', { config: can('sys.merchant.list'), schema: { tags: ['merchants'] } }, async (req) => ok(await merchants.list(authOf(req))));
  // Names for pickers and list labels (items, stock, merged units) of users who may not manage merchants;
  // a merchant user gets only its own, a carrier-gate user none (MerchantsService.opts).
  r.get(
    '/v0/merchants/opts',
    { config: { access: 'user' }, schema: { tags: ['merchants'], summary: 'Merchant ids, codes and names for pickers' } },
    async (req) => ok(await merchants.opts(authOf(req))),
  );
  r.get('/v0/merchants/:id', { config: can('sys.merchant.list'), schema: { tags: ['merchants'], params: idParamsSchema } }, async (req) =>
    ok(await merchants.get(authOf(req), req.params.id)),
  );
  r.post('/v0/merchants/', { config: canRetry('sys.merchant.edit'), schema: { tags: ['merchants'], body: merchantCreateSchema } }, async (req) =>
    ok(await merchants.create(authOf(req), req.body)),
  );
  r.put(
    '/v0/merchants/:id',
    { config: canRetry('sys.merchant.edit'), schema: { tags: ['merchants'], params: idParamsSchema, body: merchantUpdateSchema } },
    async (req) => ok(await merchants.update(authOf(req), req.params.id, req.body)),
  );

  r.get(
    '/v0/audit/',
    {
      config: can('sys.users.list'),
      schema: {
        tags: ['audit'],
        querystring: z.strictObject({ entity: z.string().max(50), entityId: z.string().max(50), l: z.coerce.number().int().min(1).max(500).default(100) }),
      },
    },
    async (req) => ok(await auditTrail(core.db, authOf(req), req.query)),
  );

  r.put(
    '/v0/auth/profile',
    {
      config: { access: 'user', idempotent: true },
      schema: { tags: ['auth'], summary: 'Change my name, introduction, language or picture', body: profileUpdateSchema },
    },
    async (req) => ok(await users.updateProfile(authOf(req), req.body)),
  );
}
