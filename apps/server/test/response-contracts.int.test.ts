import { API_RESPONSES, BINARY_ROUTES, envelopeOf } from '@kontor/contracts/api-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Responses are contracts (issue 16 item 5, docs/api-contracts.md): every JSON route of the live route
 * table declares the schema of its answer, OpenAPI shows it, and an answer the schema would change fails.
 */
type OpenApi = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>> };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    routes: ({ app }) => {
      const answers = { schema: { response: { 200: envelopeOf(z.object({ a: z.number() })) } } };
      app.get('/v0/test/extra-key', { config: { access: 'user' }, ...answers }, async () => ({ code: 'OK', data: { a: 1, b: 2 } }));
      app.get('/v0/test/wrong-type', { config: { access: 'user' }, ...answers }, async () => ({ code: 'OK', data: { a: 'one' } }));
      app.get('/v0/test/exact', { config: { access: 'user' }, ...answers }, async () => ({ code: 'OK', data: { a: 1 } }));
    },
  });
  token = await t.login('admin@demo.local');
});
afterAll(async () => {
  await t?.close();
});

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const jsonRoutes = () =>
  t.routeTable.filter((r) => r.url.startsWith('/v0/') && !r.url.startsWith('/v0/docs') && !r.url.startsWith('/v0/test/') && r.method !== 'OPTIONS');

describe('response contracts', () => {
  it('gives every JSON route a response schema, and exempts only the listed binary routes', async () => {
    const doc = (await t.call({ method: 'GET', url: '/v0/docs/json' })).body as OpenApi;
    const binary = new Set<string>(BINARY_ROUTES);
    const missing = jsonRoutes()
      .filter((r) => !binary.has(`${r.method} ${r.url}`))
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.responses?.['200'])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('describes every answer: no route answers a bare unknown or any', () => {
    const opaque = Object.entries(API_RESPONSES)
      .filter(([, schema]) => schema instanceof z.ZodUnknown || schema instanceof z.ZodAny)
      .map(([route]) => route);
    expect(opaque).toEqual([]);
  });

  it('names only routes that exist in the response table and the binary list', () => {
    const live = new Set(t.routeTable.map((r) => `${r.method} ${r.url}`));
    expect([...Object.keys(API_RESPONSES), ...BINARY_ROUTES].filter((key) => !live.has(key))).toEqual([]);
  });

  it('shows the response schemas in the OpenAPI document at /v0/docs', async () => {
    const res = await t.call({ method: 'GET', url: '/v0/docs/json' });
    const doc = res.body as OpenApi;
    const data = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.responses?.['200']?.content?.['application/json']?.schema as { properties?: Record<string, unknown> })?.properties?.data as
        { properties?: Record<string, unknown>; items?: unknown } | undefined;
    // A bespoke list, a generic record list and the handheld's order lookup.
    const list = data('/v0/outbound/lists/orders/', 'get') as { properties: { data: { items: { properties: Record<string, unknown> } } } };
    expect(Object.keys(list.properties.data.items.properties)).toEqual(expect.arrayContaining(['id', 'unid', 'status', 'consignee', 'createdAt']));
    const lookups = data('/v0/lookup/', 'get') as { properties: { data: { items: { properties: Record<string, unknown> } } } };
    expect(Object.keys(lookups.properties.data.items.properties)).toEqual(expect.arrayContaining(['id', 'version', 'createdAt']));
    expect(data('/v0/version/', 'get')?.properties).toHaveProperty('version');
  });

  it('fails an answer with a key its schema lacks, or a value of another type, while tests run', async () => {
    expect((await t.call({ method: 'GET', url: '/v0/test/exact', token })).body).toEqual({ code: 'OK', data: { a: 1 } });
    expect((await t.call({ method: 'GET', url: '/v0/test/extra-key', token })).body.code).toBe('InternalError');
    expect((await t.call({ method: 'GET', url: '/v0/test/wrong-type', token })).body.code).toBe('InternalError');
  });
});

describe('response contracts outside tests (RESPONSE_CHECK=off)', () => {
  it('serialises with the schema, and sends an answer it refuses as built rather than failing the call', async () => {
    const off = await createTestApp({
      demo: false,
      env: { RESPONSE_CHECK: 'off' },
      routes: ({ app }) => {
        const answers = { schema: { response: { 200: envelopeOf(z.object({ a: z.number() })) } } };
        app.get('/v0/test/extra-key', { config: { access: 'public' }, ...answers }, async () => ({ code: 'OK', data: { a: 1, b: 2 } }));
        app.get('/v0/test/wrong-type', { config: { access: 'public' }, ...answers }, async () => ({ code: 'OK', data: { a: 'one' } }));
      },
    });
    try {
      expect((await off.call({ method: 'GET', url: '/v0/test/extra-key' })).body).toEqual({ code: 'OK', data: { a: 1 } });
      expect((await off.call({ method: 'GET', url: '/v0/test/wrong-type' })).body).toEqual({ code: 'OK', data: { a: 'one' } });
    } finally {
      await off.close();
    }
  });
});
