import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe('the hook chain', () => {
  it('answers the version without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/v0/version/' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('OK');
    expect(Object.keys(res.body.data).sort()).toEqual(['commit', 'version', 'webVersion']);
  });

  it('refuses a foreign Origin with HTTP 400 and an empty body', async () => {
    const res = await t.call({ method: 'GET', url: '/v0/version/', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(400);
    expect(res.body).toBeNull();
  });

  it('lets the console origin and requests without Origin through', async () => {
    const allowed = await t.call({ method: 'GET', url: '/v0/version/', headers: { origin: 'http://localhost:8080' } });
    expect(allowed.status).toBe(200);
    const sameHost = await t.call({ method: 'GET', url: '/v0/version/', headers: { origin: 'http://kontor.example:1234', host: 'kontor.example:1234' } });
    expect(sameHost.status).toBe(200);
  });

  it('answers an unknown API path without a token with HTTP 403 and an empty body', async () => {
    const res = await t.call({ method: 'GET', url: '/v0/no-such-thing' });
    expect(res.status).toBe(403);
    expect(res.body).toBeNull();
  });

  it('sends the security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/v0/version/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes OpenAPI documentation generated from the contracts', async () => {
    const res = await t.call({ method: 'GET', url: '/v0/docs/json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/v0/version/');
    const ui = await t.app.inject({ method: 'GET', url: '/v0/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('declares access on every API route', () => {
    expect(t.routeTable.length).toBeGreaterThan(0);
    for (const route of t.routeTable) expect(route.access, `${route.method} ${route.url}`).not.toBe('undeclared');
  });
});

describe('first administrator', () => {
  it('is created from ADMIN_ACCOUNT / ADMIN_PASSWORD when the database has no admin, once', async () => {
    const { createTestApp: create } = await import('./helpers/test-app.js');
    const { seedOnFirstStart } = await import('../src/seed/seed.js');
    const app = await create({ demo: false, env: { DEMO_DATA: '0', ADMIN_ACCOUNT: 'Boss@Example.com', ADMIN_PASSWORD: 'first-admin-pass' } });
    try {
      expect(await seedOnFirstStart(app.core)).toMatch(/boss@example.com created/);
      expect(await seedOnFirstStart(app.core)).toBeNull();
      const token = await app.login('boss@example.com', 'first-admin-pass');
      const stat = await app.call({ method: 'GET', url: '/v0/auth/stat', token });
      expect(stat.body.data.roles).toEqual(['admin']);
    } finally {
      await app.close();
    }
  });

  it('refuses ADMIN_ACCOUNT without ADMIN_PASSWORD at start-up', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(() => loadConfig({ ADMIN_ACCOUNT: 'boss@example.com' })).toThrow(/ADMIN_PASSWORD/);
  });
});
