import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socketClient } from './helpers/sockets.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let url: string;
let staff: string;
let station: string;
let stationId: number;
const sockets = socketClient();

interface PrintEvent {
  type: string;
  kind: string;
  previewUrl?: string;
  sn?: string;
  printer: string;
  agentUrl: string;
  title: string;
  jobId: number;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://kontor.example.com' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  staff = await t.login('staff@demo.local');
  station = await t.login('station@demo.local');
  stationId = (await t.core.db.selectFrom('users').select('id').where('account', '=', 'station@demo.local').executeTakeFirstOrThrow()).id;
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const print = (token: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/v0/print', token, payload });
const stationSocket = () => sockets.signedIn(url, station, true);

async function untilOffline() {
  for (let i = 0; i < 100 && (await t.core.realtime.stationOnline(stationId)); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('POST /v0/print', () => {
  it('answers Printer not online! when no station socket is connected', async () => {
    await untilOffline();
    const res = await print(staff, { kind: 'label', url: '/v0/static/label-1' });
    expect(res.body.code).toBe('PrinterOffline');
    expect(res.body.data).toBe('Printer not online!');
    const de = await t.call({ method: 'POST', url: '/v0/print', token: staff, payload: { kind: 'a4', url: '/v0/x' }, headers: { 'accept-language': 'de' } });
    expect(de.body).toMatchObject({ code: 'PrinterOffline', data: 'Drucker nicht online!' });
  });

  it('routes a label to the station’s thermal printer and A4 to its laser, as a socket print event', async () => {
    const socket: Socket = await stationSocket();
    const received = sockets.next<PrintEvent>(socket, 'print');
    const res = await print(staff, { kind: 'label', url: '/v0/static/label-1', title: 'MO1001' });
    expect(res.body.code).toBe('OK');
    expect(res.body.data).toMatchObject({
      kind: 'label',
      url: '/v0/static/label-1',
      printerName: 'Zebra_GK420d',
      state: 'sent',
      stationUserId: stationId,
      title: 'MO1001',
    });
    expect(await received).toEqual({
      type: 'previewUrl',
      kind: 'label',
      previewUrl: '/v0/static/label-1',
      printer: 'Zebra_GK420d',
      agentUrl: '',
      title: 'MO1001',
      jobId: res.body.data.id,
    });

    const a4 = sockets.next<PrintEvent>(socket, 'print');
    expect((await print(staff, { kind: 'a4', url: '/v0/static/slip-1' })).body.data.printerName).toBe('Laser_A4');
    expect((await a4).printer).toBe('Laser_A4');

    const sn = sockets.next<PrintEvent>(socket, 'print');
    expect((await print(staff, { kind: 'sn', sn: 'SN-0001' })).body.data).toMatchObject({ kind: 'sn', sn: 'SN-0001', url: null, printerName: 'Zebra_GK420d' });
    expect(await sn).toMatchObject({ type: 'printSN', sn: 'SN-0001' });
  });

  it('follows the printers of settings: a station’s own thermal printer, a document kind named on a printer', async () => {
    const admin = await t.login('admin@demo.local');
    const created = await t.call({
      method: 'POST',
      url: '/v0/printers/',
      token: admin,
      payload: { name: 'Station 1 small labels', kind: 'thermal', printerName: 'Zebra_ZD421', stationUserId: stationId, documentKinds: ['shippingLabel'] },
    });
    expect(created.body.code).toBe('OK');
    const socket = await stationSocket();
    const received = sockets.next<PrintEvent>(socket, 'print');
    // Both printers name shipping labels: the first by name wins ("Station 1 labels" < "Station 1 small labels").
    await print(staff, { kind: 'label', url: '/v0/static/label-2' });
    expect((await received).printer).toBe('Zebra_GK420d');
    await t.call({ method: 'DELETE', url: `/v0/printers/${created.body.data.id}`, token: admin, payload: { version: created.body.data.version } });
  });

  it('cuts an absolute address on Kontor to its path and refuses one of another host', async () => {
    const socket = await stationSocket();
    const received = sockets.next<PrintEvent>(socket, 'print');
    const own = await print(staff, { kind: 'label', url: 'https://kontor.example.com/v0/labels/merged.pdf?files=[501]' });
    expect(own.body.data.url).toBe('/v0/labels/merged.pdf?files=[501]');
    expect((await received).previewUrl).toBe('/v0/labels/merged.pdf?files=[501]');
    for (const bad of ['https://evil.example/steal', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await print(staff, { kind: 'label', url: bad });
      expect(res.body.code, bad).toBe('IntegrityError');
      expect(res.body.error.fields[0]).toMatchObject({ field: 'url', rule: 'foreignUrl' });
    }
  });

  it('refuses a print without its document, and callers who are not staff', async () => {
    expect((await print(staff, { kind: 'label' })).body.code).toBe('IntegrityError');
    expect((await print(staff, { kind: 'sn' })).body.code).toBe('IntegrityError');
    expect((await print(staff, { kind: 'poster', url: '/v0/x' })).body.code).toBe('IntegrityError');
    const merchant = await t.login('merchant-a@demo.local');
    expect((await print(merchant, { kind: 'label', url: '/v0/x' })).body.code).toBe('NoPermission');
  });
});

describe('print history', () => {
  it('lists the prints of the sender and of the station, takes the station’s report and reprints', async () => {
    const socket = await stationSocket();
    const first = sockets.next<PrintEvent>(socket, 'print');
    const sent = (await print(staff, { kind: 'label', url: '/v0/static/label-9', title: 'MO1009' })).body.data;
    await first;

    const mine = await t.call({ method: 'GET', url: '/v0/print/history?l=5', token: staff });
    expect(mine.body.data.data[0]).toMatchObject({ id: sent.id, userName: 'Stefan Staff', stationName: 'Packing Station 1', state: 'sent' });
    const stations = await t.call({ method: 'GET', url: '/v0/print/history', token: station });
    expect(stations.body.data.data.map((j: { id: number }) => j.id)).toContain(sent.id);
    const warehouse = await t.login('warehouse@demo.local');
    expect((await t.call({ method: 'GET', url: '/v0/print/history', token: warehouse })).body.data.data).toEqual([]);

    // Only the station reports; the sender hears how it went.
    const report = (token: string, body: Record<string, unknown>) =>
      t.call({ method: 'POST', url: `/v0/print/history/${sent.id}/report`, token, payload: body });
    expect((await report(staff, { state: 'printed' })).body.code).toBe('NotFound');
    const staffSocket = await sockets.signedIn(url, staff);
    const heard = sockets.next<{ jobId: number; state: string; error: string }>(staffSocket, 'printJob');
    const failed = await report(station, { state: 'failed', error: 'paper out' });
    expect(failed.body.data).toMatchObject({ state: 'failed', error: 'paper out' });
    expect(await heard).toEqual({ jobId: sent.id, state: 'failed', error: 'paper out' });

    const again = sockets.next<PrintEvent>(socket, 'print');
    const reprint = await t.call({ method: 'POST', url: `/v0/print/history/${sent.id}/reprint`, token: station });
    expect(reprint.body.data).toMatchObject({ reprintOf: sent.id, url: '/v0/static/label-9', printerName: 'Zebra_GK420d', state: 'sent', title: 'MO1009' });
    expect(await again).toMatchObject({ previewUrl: '/v0/static/label-9', jobId: reprint.body.data.id });
    expect(
      (await t.call({ method: 'POST', url: `/v0/print/history/${reprint.body.data.id}/report`, token: station, payload: { state: 'printed' } })).body.data
        .state,
    ).toBe('printed');
    // A reprint of the reprint still points at the first job.
    const third = await t.call({ method: 'POST', url: `/v0/print/history/${reprint.body.data.id}/reprint`, token: staff });
    expect(third.body.data.reprintOf).toBe(sent.id);

    expect((await t.call({ method: 'POST', url: `/v0/print/history/${sent.id}/reprint`, token: warehouse })).body.code).toBe('NotFound');
  });

  it('refuses a reprint while the station is offline', async () => {
    const socket = await stationSocket();
    const got = sockets.next<PrintEvent>(socket, 'print');
    const sent = (await print(staff, { kind: 'a4', url: '/v0/static/slip-9' })).body.data;
    await got;
    sockets.closeAll();
    await untilOffline();
    expect((await t.call({ method: 'POST', url: `/v0/print/history/${sent.id}/reprint`, token: staff })).body.code).toBe('PrinterOffline');
  });
});

describe('GET /v0/print/station', () => {
  it('shows the station its printers and the printer of each kind', async () => {
    await untilOffline();
    const res = await t.call({ method: 'GET', url: '/v0/print/station', token: station });
    expect(res.body.data).toMatchObject({
      station: { id: stationId, name: 'Packing Station 1' },
      isStation: true,
      online: false,
      defaultAgentUrl: 'http://localhost:9100',
    });
    expect(res.body.data.printers.map((p: { name: string }) => p.name)).toEqual(['Station 1 labels', 'Station 1 laser']);
    const routes = Object.fromEntries(res.body.data.routes.map((r: { kind: string; printerName: string }) => [r.kind, r.printerName]));
    expect(routes).toEqual({ label: 'Zebra_GK420d', a4: 'Laser_A4', sn: 'Zebra_GK420d', itemDesc: 'Zebra_GK420d' });
    await stationSocket();
    expect((await t.call({ method: 'GET', url: '/v0/print/station', token: station })).body.data.online).toBe(true);
  });
});
