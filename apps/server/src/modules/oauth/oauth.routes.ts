import { oauthClientCreateSchema, oauthClientUpdateSchema, tokenRequestSchema } from '@kontor/contracts/domains/oauth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/reply.js';
import { OauthService, TokenError } from './oauth.service.js';
import { idParams, routeDocs } from '../../http/route-config.js';

const authOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError('NoPermission');
  return request.auth;
};
const tags = ['oauth2'];
const route = routeDocs(tags);
const list = { access: { privilege: 'sys.oauth2.list' } } as const;
/** Client changes take Idempotency-Key (a retried rotation answers the first secret, it does not rotate twice). */
const edit = { access: { privilege: 'sys.oauth2.edit' }, idempotent: true } as const;

/** HTTP Basic client authentication (RFC 6749 §2.3.1), the form's client_id/client_secret otherwise. */
function basicCredentials(request: FastifyRequest): { id?: string; secret?: string } {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^Basic /i.test(header)) return {};
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 0) return {};
  return { id: decodeURIComponent(decoded.slice(0, at)), secret: decodeURIComponent(decoded.slice(at + 1)) };
}

/**
 * OAuth2 clients for integrations (`/v0/oauth2/clients/`, envelope answers like every console call)
 * and the client-credentials token endpoint `POST /v0/oauth2/token`, which answers as RFC 6749 says
 * (plain JSON, HTTP 400/401 with `error`), since integrations use standard OAuth2 libraries.
 */
export function registerOauthRoutes(app: FastifyInstance, core: Core): void {
  const service = new OauthService(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v0/oauth2/clients/', route(list, 'OAuth2 clients'), async (req) => ok(await service.list(authOf(req))));
  r.post('/v0/oauth2/clients/', route(edit, 'New client; the secret is answered this once', { body: oauthClientCreateSchema }), async (req) =>
    ok(await service.create(authOf(req), req.body)),
  );
  r.put('/v0/oauth2/clients/:id', { config: edit, schema: { tags, params: idParams, body: oauthClientUpdateSchema } }, async (req) =>
    ok(await service.update(authOf(req), req.params.id, req.body)),
  );
  r.post('/v0/oauth2/clients/:id/secret', route(edit, 'New secret; tokens of the old one end', { params: idParams }), async (req) =>
    ok(await service.rotateSecret(authOf(req), req.params.id)),
  );
  r.delete('/v0/oauth2/clients/:id', { config: edit, schema: { tags, params: idParams } }, async (req) => {
    await service.remove(authOf(req), req.params.id);
    return ok(null);
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post('/v0/oauth2/token', route({ access: 'public' }, 'Client-credentials token (RFC 6749 §4.4)'), async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      const parsed = tokenRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      const basic = basicCredentials(request);
      try {
        return await service.token({
          grantType: parsed.data.grant_type,
          clientId: basic.id ?? parsed.data.client_id,
          clientSecret: basic.secret ?? parsed.data.client_secret,
          scope: parsed.data.scope,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        });
      } catch (err) {
        if (!(err instanceof TokenError)) throw err;
        if (err.status === 401) reply.header('WWW-Authenticate', 'Basic realm="kontor"');
        return reply.code(err.status).send({ error: err.error });
      }
    });
  });
}
