import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { socketClient } from './helpers/sockets.js';
import { createTestDatabase } from './helpers/test-db.js';

// Runs in the PostgreSQL project only (vitest.config.ts): two server processes on one PostgreSQL
// database and one Redis, as on several machines behind a load balancer.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: ServerProcess;
let b: ServerProcess;
/** A third process whose sessions go idle after 9 s, swept every 200 ms (session lifecycle suite). */
let c: ServerProcess;
let closeDb: () => Promise<void>;
const sockets = socketClient();
const { next } = sockets;
/** A socket signed in on one process. */
const socketOn = (url: string, token: string, printShipment: boolean) => sockets.signedIn(url, token, printShipment);

beforeAll(async () => {
  const db = await createTestDatabase();
  closeDb = () => db.close();
  const env = { DATABASE_URL: db.url!, REDIS_URL, DEMO_DATA: '1', LOG_LEVEL: 'warn' };
  a = await startServerProcess(env);
  b = await startServerProcess(env);
  c = await startServerProcess({ ...env, SESSION_IDLE_MINUTES: '0.15', SOCKET_SWEEP_MS: '200' });
}, 180_000);

afterAll(async () => {
  sockets.closeAll();
  await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
  await closeDb?.();
});

async function signIn(url: string, account: string, password = 'demo1234'): Promise<string> {
  const captcha: any = await (await fetch(`${url}/v0/captcha/`)).json();
  const res: any = await (
    await fetch(`${url}/v0/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, passwd: password, xxs: captcha.data.id, captcha: 'test' }),
    })
  ).json();
  expect(res.code).toBe('OK');
  return res.data.token;
}

async function api(url: string, method: string, path: string, token: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

describe('two server processes on one PostgreSQL and one Redis', () => {
  it('accepts on one process a session created on the other', async () => {
    const token = await signIn(a.url, 'staff@demo.local');
    const res: any = await (await fetch(`${b.url}/v0/auth/stat`, { headers: { 'x-token': token } })).json();
    expect(res.code).toBe('OK');
    expect(res.data.account).toBe('staff@demo.local');
  });

  it('relays a print sent to one process to the station connected to the other', async () => {
    const stationToken = await signIn(b.url, 'station@demo.local');
    const senderToken = await signIn(a.url, 'station@demo.local');
    const station = await socketOn(b.url, stationToken, true);
    const sender = await socketOn(a.url, senderToken, false);
    const received = next<{ type: string; printSN: string }>(station, 'print');
    const answer = next<string>(sender, 'msg');
    sender.emit('print', { type: 'printSN', printSN: 'SN-42' });
    expect(await received).toEqual({ type: 'printSN', printSN: 'SN-42' });
    expect(await answer).toBe('Printing!');
  });

  it('ends a session everywhere: logout on one process, HTTP 403 and a closed socket on the other', async () => {
    const token = await signIn(a.url, 'merchant-a@demo.local');
    const socket = await socketOn(b.url, token, false);
    expect((await fetch(`${b.url}/v0/ping`, { headers: { 'x-token': token } })).status).toBe(200);
    const gone = next(socket, 'disconnect');
    await fetch(`${a.url}/v0/auth/logout`, { headers: { 'x-token': token } });
    await gone;
    expect((await fetch(`${b.url}/v0/ping`, { headers: { 'x-token': token } })).status).toBe(403);
  });

  it('moves a socket on one process to its new role rooms when an administrator on the other changes the roles', async () => {
    const admin = await signIn(a.url, 'admin@demo.local');
    const created = await api(a.url, 'POST', '/v0/users/', admin, {
      account: 'cluster-roles@demo.local',
      type: 110,
      roles: ['employee'],
      password: 'demo1234',
    });
    expect(created.code).toBe('OK');
    const socket = await socketOn(b.url, await signIn(a.url, 'cluster-roles@demo.local'), false);
    const heard: string[] = [];
    socket.on('msg', (text: string) => heard.push(text));
    const announce = (title: string, role: string) =>
      api(a.url, 'POST', '/v0/announcements/', admin, {
        titleEn: title,
        textEn: title,
        audienceRoles: [role],
        publishFrom: new Date(Date.now() - 60_000).toISOString(),
      });

    expect((await api(a.url, 'PUT', `/v0/users/${created.data.id}`, admin, { roles: ['station'], version: created.data.version })).code).toBe('OK');
    // Bounded: a station announcement reaches the socket on the other process within a few seconds.
    let moved = false;
    for (let probe = 1; probe <= 20 && !moved; probe++) {
      await announce(`station probe ${probe}`, 'station');
      await new Promise((r) => setTimeout(r, 250));
      moved = heard.includes(`station probe ${probe}`);
    }
    expect(moved).toBe(true);
    await announce('Employees only', 'employee');
    await announce('Stations again', 'station');
    await new Promise((r) => setTimeout(r, 500));
    expect(heard).toContain('Stations again');
    expect(heard).not.toContain('Employees only');
  });

  it('ends an idle session on the process holding its socket, and every process answers 403 at once', async () => {
    const token = await signIn(a.url, 'warehouse@demo.local');
    // Process A has the session in its cache; the socket is on C, whose sessions go idle after 9 s.
    expect((await fetch(`${a.url}/v0/ping`, { headers: { 'x-token': token } })).status).toBe(200);
    const socket = await socketOn(c.url, token, false);
    const reason = await next<string>(socket, 'disconnect', 25_000);
    expect(reason).toBe('io server disconnect');
    expect((await fetch(`${a.url}/v0/ping`, { headers: { 'x-token': token } })).status).toBe(403);
    expect((await fetch(`${b.url}/v0/ping`, { headers: { 'x-token': token } })).status).toBe(403);
  });
});
