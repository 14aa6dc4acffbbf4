import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Walks every /v0/ route of the server and sends it generated bad input: wrong types, unknown
 * fields, huge strings, malformed JSON, arrays instead of objects, bad and unknown ids. Whatever the
 * route, the answer is an envelope (or 400/403/404 by the hook chain), never HTTP 500, a stack trace
 * or SQL text.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin@demo.local');
});
afterAll(async () => {
  await t?.close();
});

const LEAKS = /(\bat [\w.<>]+ \(|Error: |\bselect\b.+\bfrom\b|\brelation\b|\bsyntax error\b|node_modules|\.ts:\d+)/i;
const HUGE = 'x'.repeat(200_000);

function urlsFor(url: string): string[] {
  if (!url.includes(':')) return [url];
  return [
    url.replace(/:\w+/g, 'abc'),
    url.replace(/:\w+/g, '999999'),
    url.replace(/:\w+/g, '-1'),
    url.replace(/:\w+/g, '0000000000000000000000000000000000000000'),
  ];
}

const bodies: Array<{ name: string; payload: string; type?: string }> = [
  { name: 'wrong types', payload: JSON.stringify({ account: 5, passwd: [], id: {}, name: true, version: 'x', roles: 'admin', q: {}, l: 'many' }) },
  { name: 'unknown fields', payload: JSON.stringify({ zzz: 1, __proto__: { admin: true }, constructor: 'x' }) },
  { name: 'huge string', payload: JSON.stringify({ name: HUGE, account: HUGE, q: HUGE }) },
  { name: 'malformed JSON', payload: '{"name": "x",' },
  { name: 'array body', payload: JSON.stringify([1, 2, 3]) },
  { name: 'null body', payload: 'null' },
  { name: 'text body', payload: 'just text', type: 'text/plain' },
];

describe('bad input on every route', () => {
  it('never answers 500, a stack trace or SQL', async () => {
    // Logout would end the session the walk runs with; it takes no input anyway.
    const routes = t.routeTable.filter(
      (r) => r.url.startsWith('/v0/') && !r.url.startsWith('/v0/docs') && r.method !== 'OPTIONS' && r.url !== '/v0/auth/logout',
    );
    let answered = 0;
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      for (const url of urlsFor(route.url)) {
        const attempts =
          route.method === 'GET' || route.method === 'DELETE'
            ? [{ name: 'query', url: `${url}?q=${encodeURIComponent("' or 1=1 --")}&l=-5&o=not-a-date&id=abc&x_token=` }]
            : bodies.map((b) => ({ name: b.name, url, body: b }));
        for (const attempt of attempts) {
          const body = 'body' in attempt ? attempt.body : undefined;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: attempt.url,
            headers: { 'x-token': token, ...(body ? { 'content-type': body.type ?? 'application/json' } : {}) },
            payload: body?.payload,
          });
          const label = `${route.method} ${attempt.url.slice(0, 80)} (${attempt.name}) → ${res.statusCode}`;
          if (![200, 400, 404].includes(res.statusCode)) failures.push(label);
          answered++;
          if (LEAKS.test(res.body.slice(0, 5000))) failures.push(`${label} leaks: ${res.body.slice(0, 200)}`);
          if (res.statusCode === 200 && (res.headers['content-type'] ?? '').toString().includes('json')) {
            const envelope = JSON.parse(res.body);
            if (typeof envelope.code !== 'string') failures.push(`${label} without envelope`);
            if (envelope.code === 'InternalError') failures.push(`${label} InternalError`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(150);
  }, 120_000);

  it('changed nothing while being fed bad input', async () => {
    const users = await t.core.db.selectFrom('users').select('account').where('account', 'like', '%x%x%').execute();
    expect(users).toEqual([]);
    const stat = await t.call({ method: 'GET', url: '/v0/auth/stat', token });
    expect(stat.body.data.roles).toEqual(['admin']);
  });
});
