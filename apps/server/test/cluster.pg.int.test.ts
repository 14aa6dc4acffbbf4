import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { createTestDatabase } from './helpers/test-db.js';

// Runs in the PostgreSQL project only (vitest.config.ts): two server processes on one PostgreSQL
// database and one Redis, as on several machines behind a load balancer.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: ServerProcess;
let b: ServerProcess;
let closeDb: () => Promise<void>;
const sockets: Socket[] = [];

beforeAll(async () => {
  const db = await createTestDatabase();
  closeDb = () => db.close();
  const env = { DATABASE_URL: db.url!, REDIS_URL, DEMO_DATA: '1', LOG_LEVEL: 'warn' };
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await Promise.all([a?.stop(), b?.stop()]);
  await closeDb?.();
});

async function signIn(url: string, account: string): Promise<string> {
  const captcha: any = await (await fetch(`${url}/v0/captcha/`)).json();
  const res: any = await (
    await fetch(`${url}/v0/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, passwd: 'demo1234', xxs: captcha.data.id, captcha: 'test' }),
    })
  ).json();
  expect(res.code).toBe('OK');
  return res.data.token;
}

const next = <T = unknown>(socket: Socket, event: string, ms = 8000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

async function socketOn(url: string, token: string, printShipment: boolean) {
  const socket = connect(url, { path: '/ws/', transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await next(socket, 'connect');
  const info = next(socket, 'info');
  socket.emit('login', { token, version: 'test', userAgent: 'cluster-test', printShipment });
  await info;
  return socket;
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
});
