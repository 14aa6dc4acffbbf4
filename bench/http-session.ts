import type { FastifyInstance } from 'fastify';
import { resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import type { Core } from '../apps/server/src/core.js';
import type { Database } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seedDemo, seedRoles } from '../apps/server/src/seed/seed.js';

/** Starts `app` on a free local port and answers its base URL, as the benchmarks' clients call it. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** Signs a demo account in over HTTP and answers its token; the bench apps fix the captcha to "bench". */
export async function signIn(base: string, account: string): Promise<string> {
  const captcha = (await (await fetch(`${base}/v0/captcha/`)).json()) as { data: { id: string } };
  const res = await fetch(`${base}/v0/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, passwd: 'demo1234', xxs: captcha.data.id, captcha: 'bench' }),
  });
  const body = (await res.json()) as { code: string; data: { token: string } };
  if (body.code !== 'OK') throw new Error(`login ${account}: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** One call of a scanner: a GET, or a POST with a JSON body. */
export interface ScannerCall {
  path: string;
  body?: unknown;
}

/**
 * Runs scanners as the floor has them: each a device of its own, here all in one worker thread (its
 * own event loop), so the server's process does only the server's work. Every scanner makes its calls
 * one after the other (`x-token`, keep-alive); all scanners at once. Answers each call's time in ms
 * and each call's envelope code (`OK`, `TrackingConflictError` …).
 */
export async function scannersInWorker(base: string, scanners: Array<{ token: string; calls: ScannerCall[] }>): Promise<{ times: number[]; codes: string[] }> {
  const { Worker } = await import('node:worker_threads');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.scanners.length });
    const url = new URL(workerData.base);
    const send = ({ path, body }, token) => new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { 'x-token': token };
      if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const req = http.request({ host: url.hostname, port: url.port, path, method: payload === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      req.on('error', reject);
      req.end(payload);
    });
    (async () => {
      const times = [];
      const codes = [];
      await Promise.all(workerData.scanners.map(async ({ token, calls }) => {
        for (const call of calls) {
          const t0 = performance.now();
          const answer = await send(call, token);
          times.push(performance.now() - t0);
          codes.push(JSON.parse(answer).code);
        }
      }));
      agent.destroy();
      parentPort.postMessage({ times, codes });
    })();
  `;
  const worker = new Worker(code, { eval: true, workerData: { base, scanners } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** Migrates `database`, seeds the demo and starts the app on it (as the PostgreSQL benches run it); answers the app, its core and base URL. */
export async function demoApp(database: Database): Promise<{ app: FastifyInstance; core: Core; base: string }> {
  await migrateToLatest(database.db);
  await seedRoles(database.db);
  await seedDemo(database.db);
  const { app, core } = await buildApp({ config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent', WEB_DIST: resolve('apps/web/dist') }), database });
  return { app, core, base: await listenLocally(app) };
}

/** A client of the API at `base` that answers the envelope whatever its code (a bench counting refusals); with `key`, the call's Idempotency-Key. */
export function apiEnvelope(base: string) {
  return async function send(method: string, path: string, token: string, body?: unknown, key?: string) {
    const headers: Record<string, string> = { 'x-token': token };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as { code: string; data: any };
  };
}

/** A client of the API at `base`: answers the envelope's data, and stops the bench on any other code than OK. */
export function apiCaller(base: string) {
  const send = apiEnvelope(base);
  return async function call(method: string, path: string, token: string, body?: unknown, key?: string) {
    const answer = await send(method, path, token, body, key);
    if (answer.code !== 'OK') throw new Error(`${method} ${path}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data;
  };
}

/** The body of a merchant's DHL parcel order of one unit of `sku` to Munich, as the benches create them; `extra` overrides or adds fields. */
export function parcelOrder(sku: string, extra: Record<string, unknown> = {}) {
  return {
    typeOfTask: 'B2C',
    modeOfTransport: 'parcel',
    pickupDate: '2026-12-01',
    unitQty: 1,
    weight: 0.4,
    carrier: 'DHL',
    consignee: { name1: 'Erika Muster', streetName: 'Ring', streetNumber: '3', zip: '80331', city: 'München', country: 'DE' },
    lines: [{ sku, quantity: 1 }],
    ...extra,
  };
}
