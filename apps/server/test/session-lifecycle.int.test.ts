import { USER_TYPES } from '@kontor/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/lib/crypto.js';
import { eventually, socketClient } from './helpers/sockets.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Session lifecycle suite (issue 15 §3, docs/testing.md): however a session ends, every HTTP call
 * answers 403 and its sockets are closed by the server within a bounded time (SOCKET_SWEEP_MS, here
 * 100 ms, for the expiries that have no event); a role change moves its sockets to the new role rooms.
 * Time is moved with a controllable clock (Date.now plus an offset), never waited for.
 */
const SWEEP_MS = 100;
/** What "within a bounded time" means here: a few sweeps, with room for a loaded machine. */
const BOUND_MS = 5000;

let t: TestApp;
let url: string;
let admin: string;
let offset = 0;
const realNow = Date.now.bind(Date);
const sockets = socketClient();

beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
  t = await createTestApp({ env: { SOCKET_SWEEP_MS: String(SWEEP_MS), SESSION_MAX_HOURS: '1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  admin = await t.login('admin@demo.local');
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await t?.close();
  vi.restoreAllMocks();
});

const minutes = (n: number) => (offset += n * 60_000);
const status = async (token: string, background = false) =>
  (await t.call({ method: 'GET', url: '/v0/ping', token, headers: background ? { 'x-background': '1' } : {} })).status;
const api = async (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, token = admin) =>
  (await t.call({ method, url: path, token, payload: payload as never })).body;

let users = 0;
/** A user of its own for each test (the tests disable and change them). */
async function newUser(roles: string[], type: number = USER_TYPES.employee) {
  const account = `lifecycle-${++users}@demo.local`;
  const created = await api('POST', '/v0/users/', { account, name: account, type, roles, password: 'demo1234' });
  expect(created.code).toBe('OK');
  return { account, id: created.data.id as number, version: created.data.version as number };
}

/** Resolves with the disconnect reason; the server ending it says `io server disconnect`. */
const ended = (socket: Socket) => sockets.next<string>(socket, 'disconnect', BOUND_MS);
const reasonOf = async (token: string) =>
  (await t.core.db.selectFrom('sessions').select('revoke_reason').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).revoke_reason;

describe('session lifecycle suite', () => {
  it('keeps a session and its socket through login and refresh; logout ends both', async () => {
    const { account } = await newUser(['employee']);
    const token = await t.login(account);
    const socket = await sockets.signedIn(url, token);
    expect((await api('GET', '/v0/auth/refresh', undefined, token)).code).toBe('OK');
    expect(await status(token)).toBe(200);
    const gone = ended(socket);
    await api('GET', '/v0/auth/logout', undefined, token);
    expect(await gone).toBe('io server disconnect');
    expect(await status(token)).toBe(403);
  });

  it('ends a session idle for 40 minutes and its socket without another call; neither the socket nor polls keep it alive', async () => {
    offset = 0;
    const { account } = await newUser(['employee']);
    const idle = await t.login(account);
    const used = await t.login(account);
    const usedSocket = await sockets.signedIn(url, used);
    minutes(30);
    // A socket connecting (or reconnecting on its own) is not the user's activity either.
    const idleSocket = await sockets.signedIn(url, idle);
    const gone = ended(idleSocket);
    expect(await status(idle, true)).toBe(200);
    expect(await status(used)).toBe(200);
    minutes(9);
    // Sweeps run while the socket is open; they must not count as activity.
    await new Promise((r) => setTimeout(r, SWEEP_MS * 5));
    expect(idleSocket.connected).toBe(true);
    minutes(2);
    expect(await gone).toBe('io server disconnect');
    expect(await reasonOf(idle)).toBe('idle');
    expect(await status(idle)).toBe(403);
    // The session used at minute 30 lives on, and so does its socket.
    expect(usedSocket.connected).toBe(true);
    expect(await status(used)).toBe(200);
  });

  it('ends a session at its lifetime however busy it is, and its socket with it', async () => {
    offset = 0;
    const { account } = await newUser(['employee']);
    const token = await t.login(account);
    const socket = await sockets.signedIn(url, token);
    const gone = ended(socket);
    for (const step of [20, 20, 19]) {
      minutes(step);
      expect((await api('GET', '/v0/auth/refresh', undefined, token)).code).toBe('OK');
    }
    expect(socket.connected).toBe(true);
    minutes(2);
    expect(await gone).toBe('io server disconnect');
    expect(await reasonOf(token)).toBe('expired');
    expect(await status(token)).toBe(403);
  });

  it('ends every session and socket of a user an administrator disables, or gives a new password', async () => {
    offset = 0;
    const disabled = await newUser(['employee']);
    const token = await t.login(disabled.account);
    const socket = await sockets.signedIn(url, token);
    const gone = ended(socket);
    expect((await api('PUT', `/v0/users/${disabled.id}`, { disabled: true, version: disabled.version })).code).toBe('OK');
    expect(await gone).toBe('io server disconnect');
    expect(await status(token)).toBe(403);

    const reset = await newUser(['employee']);
    const before = await t.login(reset.account);
    const resetSocket = await sockets.signedIn(url, before);
    const resetGone = ended(resetSocket);
    expect((await api('PUT', `/v0/users/${reset.id}/password`, { password: 'another-pass-2' })).code).toBe('OK');
    expect(await resetGone).toBe('io server disconnect');
    expect(await status(before)).toBe(403);
  });

  it('ends the other sessions and their sockets when a user changes the password, and keeps this one', async () => {
    offset = 0;
    const { account } = await newUser(['employee']);
    const keep = await t.login(account);
    const other = await t.login(account);
    const keptSocket = await sockets.signedIn(url, keep);
    const otherSocket = await sockets.signedIn(url, other);
    const gone = ended(otherSocket);
    expect((await api('PUT', '/v0/auth/chpasswd', { old: 'demo1234', new: 'another-pass-3' }, keep)).code).toBe('OK');
    expect(await gone).toBe('io server disconnect');
    expect(await status(other)).toBe(403);
    expect(await status(keep)).toBe(200);
    expect(keptSocket.connected).toBe(true);
  });

  it('moves a socket to its new role rooms when an administrator changes the roles: no more employee-only messages', async () => {
    offset = 0;
    const user = await newUser(['employee']);
    const token = await t.login(user.account);
    const socket = await sockets.signedIn(url, token);
    const heard = sockets.heard(socket);
    await t.core.realtime.msgToRoles(['employee'], { en: 'to employees', cn: 'to employees', de: 'to employees' });
    expect(await eventually(() => heard.includes('to employees'))).toBe(true);

    expect((await api('PUT', `/v0/users/${user.id}`, { roles: ['station'], version: user.version })).code).toBe('OK');
    // Bounded: the station's messages reach the socket within BOUND_MS, without a new login.
    let probe = 0;
    const moved = await eventually(async () => {
      const text = `station probe ${++probe}`;
      await t.core.realtime.msgToRoles(['station'], { en: text, cn: text, de: text });
      return eventually(() => heard.includes(text), 100);
    }, BOUND_MS);
    expect(moved).toBe(true);

    // Announcements as an administrator publishes them: the employee one no longer arrives.
    const announce = (title: string, role: string) =>
      api('POST', '/v0/announcements/', { titleEn: title, textEn: title, audienceRoles: [role], publishFrom: new Date(Date.now() - 60_000).toISOString() });
    expect((await announce('Employees only', 'employee')).code).toBe('OK');
    expect((await announce('Stations only', 'station')).code).toBe('OK');
    expect(await eventually(() => heard.includes('Stations only'))).toBe(true);
    expect(heard).not.toContain('Employees only');
    expect(socket.connected).toBe(true);
    expect(await status(token)).toBe(200);
  });
});
