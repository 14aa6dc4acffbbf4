import { localeFromAcceptLanguage, toLocale, type Locale } from '@kontor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './app-error.js';
import { describeAccess, type Access, type AuthContext } from './access.js';

/** What the hooks need of the sessions (the auth module's SessionService): http/ knows no module. */
export interface Authenticator {
  authenticate(token: string | null, background: boolean): Promise<AuthContext | null>;
}

/** The token of a request: `X-Token` header, a bearer token, else the `x_token` query parameter (downloads, sockets). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers['x-token'];
  if (typeof header === 'string' && header) return header;
  // Integrations send their client-credentials token as a bearer token (RFC 6750).
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^Bearer /i.test(authorization)) return authorization.slice(7).trim() || null;
  const query = request.query as Record<string, unknown> | undefined;
  const q = query?.x_token;
  return typeof q === 'string' && q ? q : null;
}

export function originAllowed(origin: string, allowList: ReadonlySet<string>, host: string | undefined, protocol: string): boolean {
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    return false;
  }
  if (allowList.has(normalized)) return true;
  // The console's own origin: a same-origin write from the page that this server served.
  return !!host && normalized === `${protocol}://${host}`;
}

export function parseAllowList(config: Config): Set<string> {
  const list = config.ALLOWED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  list.push(config.PUBLIC_URL);
  return new Set(
    list.flatMap((o) => {
      try {
        return [new URL(o).origin];
      } catch {
        return [];
      }
    }),
  );
}

function requestLocale(request: FastifyRequest): Locale {
  const explicit = request.headers['x-lang'];
  if (typeof explicit === 'string' && explicit) return toLocale(explicit);
  if (request.auth?.language) return toLocale(request.auth.language);
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

/**
 * The hook chain every `/v0/` request passes, in the original's order (facts §1.2):
 * Origin allow-list (HTTP 400, empty) → token (HTTP 403, empty) → privilege (NoPermission envelope).
 * Every route must declare its access; registering one that does not fails at start-up.
 */
export function installAccessHooks(app: FastifyInstance, config: Config, sessions: Authenticator, routeTable: RouteRecord[]): void {
  const allowList = parseAllowList(config);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/v0/')) return;
    // The OpenAPI viewer and its assets are public documentation.
    if (url.startsWith('/v0/docs') && !route.config?.access) route.config = { ...(route.config ?? {}), access: 'public' };
    const access = route.config?.access as Access | undefined;
    if (!access) throw new Error(`Route ${String(route.method)} ${url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const idempotent = route.config?.idempotent === true;
    for (const method of methods) if (method !== 'HEAD') routeTable.push({ method: String(method), url, access: describeAccess(access), idempotent });
  });

  app.decorateRequest('auth', null);
  app.decorateRequest('locale', 'en');

  app.addHook('onRequest', async (request, reply) => {
    request.locale = requestLocale(request);
    if (!request.url.startsWith('/v0/') && !request.url.startsWith('/ws/')) return;
    const origin = request.headers.origin;
    if (origin && !originAllowed(origin, allowList, request.headers.host, request.protocol)) {
      return reply.code(400).send();
    }
    const access = request.routeOptions.config?.access as Access | undefined;
    if (access === 'public') return;
    const auth = await sessions.authenticate(tokenOf(request), request.headers['x-background'] === '1');
    if (!auth) return reply.code(403).send();
    request.auth = auth;
    request.locale = requestLocale(request);
    if (access === 'staff' && auth.type <= 100) throw new AppError('NoPermission');
    if (access && typeof access === 'object' && !auth.privileges.has(access.privilege)) throw new AppError('NoPermission');
  });
}

export interface RouteRecord {
  method: string;
  url: string;
  access: string;
  /** Takes `Idempotency-Key` (http/idempotency.ts). */
  idempotent: boolean;
}
