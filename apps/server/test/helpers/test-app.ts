import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { configFor } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from './test-db.js';

export const CAPTCHA = 'test';

export interface TestApp extends BuiltApp {
  database: Database & { url?: string };
  /** Injects a request; `token` goes into X-Token. Answers status and parsed JSON body (or null). */
  call(options: InjectOptions & { token?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** Signs in a demo account (captcha fixed to CAPTCHA) and answers its token. */
  login(account: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A whole server on a fresh database with the built-in roles and, by default, the demo company. */
export async function createTestApp(
  options: {
    demo?: boolean;
    env?: Record<string, string>;
    /** Extra routes registered before the app is ready (tests of the route hooks). */ routes?: (built: BuiltApp) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.demo === false ? 'roles' : 'demo');
  // Every answer must match its declared response schema exactly (apps/server/src/http/responses.ts).
  const config = configFor({ CAPTCHA_FIXED: CAPTCHA, RESPONSE_CHECK: 'strict', ...options.env });
  const built = await buildApp({ config, database });
  options.routes?.(built);
  await built.app.ready();
  const call: TestApp['call'] = async ({ token, headers, ...rest }) => {
    const res = await built.app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { 'x-token': token } : {}) } });
    let body: unknown = null;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
  const login = async (account: string, password = 'demo1234') => {
    const captcha = await call({ method: 'GET', url: '/v0/captcha/' });
    const res = await call({ method: 'POST', url: '/v0/auth/login', payload: { account, passwd: password, xxs: captcha.body.data.id, captcha: CAPTCHA } });
    if (res.body?.code !== 'OK') throw new Error(`login ${account} failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token as string;
  };
  return {
    ...built,
    database,
    call,
    login,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

export type { FastifyInstance };
