import { configQuerySchema, lookupKctQuerySchema, lookupWriteSchema } from '@kontor/contracts/domains/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/reply.js';
import { currentAnnouncements, registerAnnouncementPublishing } from './announcements.js';
import { SettingsService } from './settings.service.js';

const authOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError('NoPermission');
  return request.auth;
};
const memorySchema = lookupWriteSchema.pick({ key: true, class: true, type: true, meta: true });

/** Configuration reads and the packing-material memory (facts §2.2), beside the generic settings routes. */
export function registerSettingsRoutes(app: FastifyInstance, core: Core): void {
  const settings = new SettingsService(core.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerAnnouncementPublishing();
  r.get(
    '/v0/announcements/current',
    { config: { access: 'user' }, schema: { tags: ['announcement'], summary: 'Announcements open now for this user, in their language' } },
    async (req) => ok(await currentAnnouncements(core.db, authOf(req), req.locale)),
  );
  r.get(
    '/v0/settings/config',
    {
      config: { access: 'user' },
      schema: {
        tags: ['setting'],
        summary: 'A configuration value by key; map:… and sys:merchant for everyone, other keys with sys.settings.list; secrets masked; null when unset',
        querystring: configQuerySchema,
      },
    },
    async (req) => ok(await settings.config(authOf(req), req.query.q)),
  );
  r.get(
    '/v0/lookup/kct',
    {
      config: { access: 'staff' },
      schema: { tags: ['lookup'], summary: 'Remembered meta by key (k), class (c) and type (t); null when none', querystring: lookupKctQuerySchema },
    },
    async (req) => ok(await settings.lookupMeta(req.query.k, req.query.c, req.query.t)),
  );
  r.put(
    '/v0/lookup/',
    { config: { access: 'staff', idempotent: true }, schema: { tags: ['lookup'], summary: 'Remember meta by key, class and type', body: memorySchema } },
    async (req) => {
      await settings.rememberLookup(authOf(req), req.body);
      return ok(null);
    },
  );
}
