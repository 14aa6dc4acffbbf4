import { pageQuerySchema } from '@kontor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/reply.js';
import type { ResourceDef } from './define.js';
import { enqueueExport } from './resource-export.js';
import { ResourceService } from './resource.service.js';
import { can, canRetry, idParams, routeDocs } from '../../http/route-config.js';

const authOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError('NoPermission');
  return request.auth;
};
const filterValue = z.union([z.string().max(500), z.array(z.string().max(500)).max(100)]);
const listQuery = pageQuerySchema.extend({ s: z.string().max(64).optional(), d: z.enum(['asc', 'desc']).optional() }).catchall(filterValue);
const deleteQuery = z.object({ version: z.coerce.number().int().positive().optional(), x_token: z.string().optional() });
const body = z.record(z.string(), z.unknown());

/** The routes of a declared record type (list, export, get, and unless read-only create, replace, delete); each checks its privilege first. */
export function registerResource(app: FastifyInstance, core: Core, def: ResourceDef): ResourceService {
  const service = new ResourceService(core, def);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.name];
  const route = routeDocs(tags);
  const item = `${def.path}:id`;

  r.get(def.path, route(can(def.privileges.list), `List ${def.name} (l, o, q, s, d and field filters)`, { querystring: listQuery }), async (req) =>
    ok(await service.list(authOf(req), req.query)),
  );
  r.post(
    `${def.path}export`,
    route(canRetry(def.privileges.list), `Export the filtered ${def.name} list as CSV (background job)`, { querystring: listQuery.omit({ l: true }) }),
    async (req) => ok(await enqueueExport(core, def, authOf(req), req.query)),
  );
  r.get(item, { config: can(def.privileges.read ?? def.privileges.list), schema: { tags, params: idParams } }, async (req) =>
    ok(await service.get(authOf(req), req.params.id)),
  );
  if (def.readOnly) return service;
  r.post(def.path, route(canRetry(def.privileges.create), `Create ${def.name}`, { body }), async (req) =>
    ok(await service.create(authOf(req), req.body, req.locale)),
  );
  r.put(item, route(canRetry(def.privileges.update), `Replace ${def.name}; body carries the loaded version`, { params: idParams, body }), async (req) =>
    ok(await service.update(authOf(req), req.params.id, req.body, req.locale)),
  );
  r.delete(item, { config: canRetry(def.privileges.delete), schema: { tags, params: idParams, querystring: deleteQuery } }, async (req) => {
    await service.remove(authOf(req), req.params.id, req.query.version);
    return ok(null);
  });
  return service;
}
