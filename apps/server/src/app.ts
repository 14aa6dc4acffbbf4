import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Config } from './config.js';
import type { Core } from './core.js';
import type { Database } from './db/database.js';
import { installErrorHandler } from './http/error-handler.js';
import { installAccessHooks, type RouteRecord } from './http/hooks.js';
import { installIdempotency } from './http/idempotency.js';
import { retryingStatement } from './modules/inventory/stock-tx.js';
import { installInputGuard } from './http/input-guard.js';
import { installResponseSchemas, responseSerializerCompiler } from './http/responses.js';
import { loggerOptions, requestIdOptions } from './http/logging.js';
import { installSecurityHeaders } from './http/security.js';
import { AppError } from './http/app-error.js';
import { LocalBus, type Bus } from './lib/bus.js';
import { SessionService } from './modules/auth/session.service.js';
import { OutboxMailer } from './modules/mail/mailer.js';
import { registerModules } from './modules/index.js';
import { RESOURCES } from './modules/resources/catalogue.js';
import { declaredResourceResponses } from './modules/resources/resource-responses.js';
import { attachRealtime } from './realtime/realtime.js';
import { serveWeb } from './http/web.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  bus?: Bus;
  version?: Core['version'];
}

export interface BuiltApp {
  app: FastifyInstance;
  core: Core;
  routeTable: RouteRecord[];
}

/** config → database → buildApp: plugins, hooks, modules, realtime, web. Nothing here listens. */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config),
    ...requestIdOptions(),
    bodyLimit: config.BODY_LIMIT_KB * 1024,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.RESPONSE_CHECK, app.log));

  const bus = options.bus ?? new LocalBus();
  const sessions = new SessionService(database.db, config, bus);
  const core: Core = {
    config,
    database,
    db: database.db,
    bus,
    sessions,
    log: app.log,
    realtime: null as unknown as Core['realtime'],
    mailer: new OutboxMailer(database.db, config, app.log),
    instanceId: randomUUID(),
    version: options.version ?? { version: '0.0.0', commit: 'dev', webVersion: '0.0.0' },
  };

  const routeTable: RouteRecord[] = [];
  installAccessHooks(app, config, sessions, routeTable);
  // The ledger's deadlock retry, handed in so that http/ imports no module.
  installIdempotency(app, database.db, retryingStatement);
  installErrorHandler(app, config.UPLOAD_MAX_MB);
  installInputGuard(app);
  installResponseSchemas(app, declaredResourceResponses(RESOURCES));
  installSecurityHeaders(
    app,
    [...(config.CARRIER_GATE_URL ? [config.CARRIER_GATE_URL] : []), ...config.PRINT_AGENT_URLS].map((url) => new URL(url).origin),
  );

  await app.register(swagger, {
    openapi: {
      info: { title: 'Kontor API', version: core.version.version, description: 'Envelope {code, data, error}; token in X-Token.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/v0/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
    uiHooks: {},
  });

  core.realtime = await attachRealtime(app, core);
  await registerModules(app, core);

  const webDist = config.WEB_DIST && existsSync(config.WEB_DIST) ? config.WEB_DIST : null;
  if (webDist) await serveWeb(app, webDist);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/v0/')) throw new AppError('NotFound');
    // History-style URLs (spec §2): every other GET path is the console's entry page.
    if (webDist && request.method === 'GET') return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.code(404).type('text/plain').send('Not found');
  });

  return { app, core, routeTable };
}
