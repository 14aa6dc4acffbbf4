import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.close();
});

function open(extra: { origin?: string } = {}): Socket {
  const socket = connect(url, { path: '/ws/', transports: ['websocket'], reconnection: false, extraHeaders: extra.origin ? { origin: extra.origin } : {} });
  sockets.push(socket);
  return socket;
}

const next = <T = unknown>(socket: Socket, event: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

async function signedInSocket(account: string, printShipment = false) {
  const token = await t.login(account);
  const socket = open();
  await next(socket, 'connect');
  const info = next<{ webVersion: string }>(socket, 'info');
  socket.emit('login', { token, version: '0.93.0', userAgent: 'test', printShipment });
  expect((await info).webVersion).toBeTruthy();
  return { socket, token };
}

describe('realtime', () => {
  it('refuses a foreign Origin at the handshake', async () => {
    const socket = open({ origin: 'https://evil.example' });
    const err = await next<Error>(socket, 'connect_error');
    expect(err).toBeTruthy();
  });

  it('disconnects a socket that logs in with a bad token, saying why', async () => {
    const socket = open();
    await next(socket, 'connect');
    const msg = next<string>(socket, 'msg');
    const gone = next(socket, 'disconnect');
    socket.emit('login', { token: 'forged', version: '1', userAgent: 'x' });
    expect(await msg).toMatch(/sign in/i);
    await gone;
  });

  it('delivers notifications to every socket of the user', async () => {
    const { socket } = await signedInSocket('staff@demo.local');
    const user = await t.core.db.selectFrom('users').select('id').where('account', '=', 'staff@demo.local').executeTakeFirstOrThrow();
    const msg = next<string>(socket, 'msg');
    await t.core.realtime.msgToUser(user.id, 'Hello from the office');
    expect(await msg).toBe('Hello from the office');
  });

  it('relays print requests to the print station and tells the sender', async () => {
    const station = await signedInSocket('station@demo.local', true);
    const sender = await signedInSocket('station@demo.local');
    const received = next<{ type: string; previewUrl: string }>(station.socket, 'print');
    const answer = next<string>(sender.socket, 'msg');
    sender.socket.emit('print', { type: 'previewUrl', previewUrl: '/v0/static/abc' });
    expect(await received).toEqual({ type: 'previewUrl', previewUrl: '/v0/static/abc' });
    expect(await answer).toBe('Printing!');
  });

  it('answers Printer not online! when no station is connected', async () => {
    const { socket } = await signedInSocket('warehouse@demo.local');
    const answer = next<string>(socket, 'msg');
    socket.emit('print', { type: 'printSN', sn: 'X1' });
    expect(await answer).toBe('Printer not online!');
  });

  it('disconnects the socket of a session that logs out', async () => {
    const { socket, token } = await signedInSocket('merchant-a@demo.local');
    const gone = next(socket, 'disconnect');
    await t.call({ method: 'GET', url: '/v0/auth/logout', token });
    await gone;
  });

  it('pushes a published announcement to its audience only, and delays one that starts later', async () => {
    const staff = await signedInSocket('staff@demo.local');
    const warehouse = await signedInSocket('warehouse@demo.local');
    const admin = await t.login('admin@demo.local');
    let warehouseHeard = false;
    warehouse.socket.on('msg', () => (warehouseHeard = true));
    const heard = next<string>(staff.socket, 'msg');
    const body = {
      titleEn: 'Stocktaking on Friday',
      textEn: 'No picking after 14:00.',
      audienceRoles: ['employee'],
      publishFrom: new Date(Date.now() - 60_000).toISOString(),
    };
    expect((await t.call({ method: 'POST', url: '/v0/announcements/', token: admin, payload: body })).body.code).toBe('OK');
    expect(await heard).toBe('Stocktaking on Friday');
    await new Promise((r) => setTimeout(r, 300));
    expect(warehouseHeard).toBe(false);

    const later = new Date(Date.now() + 3_600_000).toISOString();
    const created = await t.call({ method: 'POST', url: '/v0/announcements/', token: admin, payload: { ...body, titleEn: 'Later', publishFrom: later } });
    const job = await t.core.db.selectFrom('jobs').selectAll().where('kind', '=', 'announcement.publish').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(job.payload).toMatchObject({ id: created.body.data.id, version: 1 });
    expect(new Date(job.run_after).toISOString()).toBe(later);
  });
});
