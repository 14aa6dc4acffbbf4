import {
  captchaResponseSchema,
  changePasswordBodySchema,
  changeRoleBodySchema,
  envelopeOf,
  loginBodySchema,
  loginResponseSchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  subIdQuerySchema,
  trustCheckBodySchema,
  userInfoSchema,
} from '@kontor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { tokenOf } from '../../http/hooks.js';
import { ok } from '../../http/reply.js';
import { AuthService, type ClientMeta } from './auth.service.js';
import { routeDocs } from '../../http/route-config.js';

const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
  locale: request.locale,
});

const authOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError('NoPermission');
  return request.auth;
};

/** Sign-in, session and account routes (spec §7, facts §2.1). Thin: the rules live in AuthService. */
export function registerAuthRoutes(app: FastifyInstance, core: Core): void {
  const service = new AuthService(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = routeDocs(['auth']);

  r.get(
    '/v0/captcha/',
    route({ access: 'public' }, 'A single-use captcha', { response: { 200: envelopeOf(captchaResponseSchema) } }),
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.issueCaptcha());
    },
  );

  r.post('/v0/auth/login', route({ access: 'public' }, 'Sign in', { body: loginBodySchema }), async (request) =>
    ok(loginResponseSchema.parse(await service.login(request.body, meta(request)))),
  );

  r.post('/v0/auth/_ci', route({ access: 'public' }, 'Is this login environment trusted?', { body: trustCheckBodySchema }), async (request) => {
    await service.checkTrust(request.body.login, request.body.envId);
    return ok(null);
  });

  r.get('/v0/auth/stat', route({ access: 'user' }, 'The signed-in user', { response: { 200: envelopeOf(userInfoSchema) } }), async (request) =>
    ok(await service.userInfo(authOf(request), tokenOf(request) ?? '')),
  );

  r.get('/v0/auth/refresh', route({ access: 'user' }, 'Restart the idle clock'), async (request) => {
    await core.sessions.refresh(authOf(request));
    return ok(null);
  });

  r.get('/v0/auth/logout', route({ access: 'user' }, 'End this session'), async (request) => {
    await core.sessions.revoke(authOf(request).sessionId, 'logout');
    return ok('');
  });

  r.put('/v0/auth/chpasswd', route({ access: 'user' }, 'Change the password', { body: changePasswordBodySchema }), async (request) => {
    await service.changePassword(authOf(request), request.body.old, request.body.new, request.ip);
    return ok(null);
  });

  r.post('/v0/auth/resetPassword', route({ access: 'public' }, 'Ask for a reset link by mail', { body: resetRequestBodySchema }), async (request) => {
    await service.requestReset(request.body.email, request.body.xxs, request.body.captcha, meta(request));
    return ok(null);
  });

  r.put('/v0/auth/resetPassword', route({ access: 'public' }, 'Set a new password with a reset link', { body: resetPasswordBodySchema }), async (request) => {
    await service.resetPassword(request.body.token, request.body.passwd, request.body.xxs, request.body.captcha);
    return ok(null);
  });

  r.get('/v0/auth/__subId', route({ access: 'staff' }, 'Sub-accounts an admin may act for'), async (request) => {
    if (!authOf(request).isAdmin) throw new AppError('NoPermission');
    return ok(await service.subAccounts());
  });

  r.put('/v0/auth/__subId', route({ access: 'user' }, 'Act for a sub-account (0 for all)', { querystring: subIdQuerySchema }), async (request) => {
    await service.setSubAccount(authOf(request), request.query.q);
    return ok(null);
  });

  r.put('/v0/auth/role', route({ access: 'user' }, 'Narrow the session to one held role (null for all)', { body: changeRoleBodySchema }), async (request) => {
    const auth = authOf(request);
    const { heldRoles } = await core.sessions.resolveRoles(auth.userId, null);
    if (request.body.role !== null && !heldRoles.includes(request.body.role)) throw new AppError('NoPermission');
    await core.sessions.setActiveRole(auth, request.body.role);
    return ok(null);
  });

  r.get(
    '/v0/role/route',
    route({ access: 'user' }, 'Console paths this session may open', { response: { 200: envelopeOf(z.array(z.string())) } }),
    async (request) => ok(service.routesOf(authOf(request))),
  );
}
