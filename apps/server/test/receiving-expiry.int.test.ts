import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Expiry dates at receiving (issue 5 §2 meets issue 6 §3): the scan carries the best-before date of an
 * expiry-tracked item, completing books it onto the staging row, putaway carries it to the compartment,
 * and reservations then take the earliest date first.
 */
let t: TestApp;
let admin: string;
let worker: string;
let warehouseId: number;
let merchantAId: number;
let itemId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, worker] = await Promise.all([t.login('admin@demo.local'), t.login('warehouse@demo.local')]);
  warehouseId = (await get('/v0/warehouses/?code=DE01')).data.data[0].id;
  merchantAId = (await get('/v0/item/any?q=ANK-HUB-7')).data.merchantId;
  const created = await send('POST', '/v0/items/', { sku: 'RX-MILK', name: 'Oat milk 1 l', merchantId: merchantAId, expiryTracked: true });
  expect(created.code, JSON.stringify(created)).toBe('OK');
  itemId = created.data.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call({ method, url, token, payload: payload as never }).then((r) => r.body);

type StockView = { compartmentCode: string; batch: string; status: number; quantity: number; reserved: number; expiry: string | null };
const stockOf = async (sku: string) =>
  ((await get(`/v0/stock/?sku=${sku}&quantity=1..&l=100`)).data.data as StockView[])
    .map((r) => [r.compartmentCode, r.batch, r.status, r.quantity, r.expiry])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

async function announce(lines: Array<{ sku: string; planned: number }>) {
  const body = await send('POST', '/v0/r7gorders/', { merchantId: merchantAId, warehouseId, lines });
  expect(body.code, JSON.stringify(body)).toBe('OK');
  const { id } = body.data as { id: number };
  return {
    id,
    scan: (scan: Record<string, unknown>) => send('POST', `/v0/r7gorders/${id}/scan`, scan, worker),
    detail: async () => (await get(`/v0/r7gorders/${id}/detail`, worker)).data,
  };
}

describe('expiry dates at receiving', () => {
  it('requires the date of an expiry-tracked item, refuses one for other items and an unparseable one, warns about a past one', async () => {
    const order = await announce([
      { sku: 'RX-MILK', planned: 20 },
      { sku: 'ANK-HUB-7', planned: 1 },
    ]);
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ code: 'RX-MILK', quantity: 5 }, 'RX-MILK is expiry-tracked: a best-before date is required.'],
      [{ code: 'RX-MILK', quantity: 5, expiry: '31.03.2027' }, 'expiry is invalid.'],
      [{ code: 'RX-MILK', quantity: 5, expiry: '2027-02-30' }, 'expiry is invalid.'],
      [{ code: 'ANK-HUB-7', expiry: '2027-03-31' }, 'ANK-HUB-7 is not expiry-tracked: leave the best-before date empty.'],
    ];
    for (const [scan, message] of refused) {
      const res = await order.scan(scan);
      expect(res.code, JSON.stringify(scan)).toBe('IntegrityError');
      expect(res.error.fields[0], JSON.stringify(scan)).toMatchObject({ field: 'expiry', message });
    }
    // Nothing was counted.
    expect((await order.detail()).lines.every((l: { pending: number }) => l.pending === 0)).toBe(true);

    // The refusal is worded in the user's language (issue 15 item 15), not in English everywhere.
    const worded = async (language: string) =>
      (
        await t.call({
          method: 'POST',
          url: `/v0/r7gorders/${order.id}/scan`,
          token: worker,
          headers: { 'accept-language': language },
          payload: { code: 'RX-MILK', quantity: 5 },
        })
      ).body.error.fields[0].message;
    expect(await worded('de')).toBe('RX-MILK wird mit Mindesthaltbarkeit geführt: ein MHD ist erforderlich.');
    expect(await worded('zh-CN')).toBe('RX-MILK 需要管理保质期：必须填写最佳食用日期。');
    const ok = await order.scan({ code: 'RX-MILK', quantity: 5, expiry: '2027-03-31' });
    expect(ok.data.scan).toMatchObject({ sku: 'RX-MILK', quantity: 5, expiry: '2027-03-31', expired: false, outcome: 'ok' });
    // Expired goods are received (then handled), with a warning flag.
    const past = await order.scan({ code: 'RX-MILK', quantity: 1, expiry: '2020-01-31', condition: 'damaged' });
    expect(past.data.scan).toMatchObject({ expiry: '2020-01-31', expired: true });
    expect((await order.scan({ code: 'ANK-HUB-7' })).data.scan).toMatchObject({ expiry: null, expired: false });

    const detail = await order.detail();
    expect(detail.lines.find((l: { sku: string }) => l.sku === 'RX-MILK')).toMatchObject({
      expiryTracked: true,
      expiries: ['2020-01-31', '2027-03-31'],
      pending: 6,
    });
    expect(detail.lines.find((l: { sku: string }) => l.sku === 'ANK-HUB-7')).toMatchObject({ expiryTracked: false, expiries: [] });
    expect(detail.scans.map((s: { expiry: string | null }) => s.expiry)).toEqual([null, '2020-01-31', '2027-03-31']);
  });

  it('refuses a second date for the same item and batch, as inventory does, and takes it as another batch', async () => {
    const order = await announce([{ sku: 'RX-MILK', planned: 10 }]);
    expect((await order.scan({ code: 'RX-MILK', quantity: 4, expiry: '2027-05-31' })).code).toBe('OK');
    const other = await order.scan({ code: 'RX-MILK', quantity: 2, expiry: '2027-08-31' });
    expect(other.code).toBe('IntegrityError');
    expect(other.error.fields[0]).toMatchObject({
      field: 'expiry',
      message: expect.stringContaining('expires on 2027-05-31: book units of another date as another batch.'),
    });
    expect((await order.scan({ code: 'RX-MILK', quantity: 2, expiry: '2027-08-31', batch: 'L2708' })).code).toBe('OK');
    // The same date again is fine.
    expect((await order.scan({ code: 'RX-MILK', quantity: 1, expiry: '2027-05-31' })).code).toBe('OK');
    await send('POST', `/v0/r7gorders/${order.id}/complete`, { final: true }, worker);

    // Another receiving of the same item while those units wait in staging: one row, one date.
    const next = await announce([{ sku: 'RX-MILK', planned: 3 }]);
    const staged = await next.scan({ code: 'RX-MILK', quantity: 3, expiry: '2027-06-30' });
    expect(staged.error.fields[0]).toMatchObject({ field: 'expiry', message: expect.stringContaining('2027-05-31') });
    expect((await next.scan({ code: 'RX-MILK', quantity: 3, expiry: '2027-05-31' })).code).toBe('OK');
  });

  it('refuses to complete into a staging row that another order filled with another date meanwhile, booking nothing', async () => {
    const first = await announce([{ sku: 'RX-MILK', planned: 2 }]);
    const second = await announce([{ sku: 'RX-MILK', planned: 2 }]);
    // Both scanned while the staging row is empty: each is fine on its own.
    expect((await first.scan({ code: 'RX-MILK', quantity: 2, expiry: '2027-10-31', batch: 'X1' })).code).toBe('OK');
    expect((await second.scan({ code: 'RX-MILK', quantity: 2, expiry: '2027-11-30', batch: 'X1' })).code).toBe('OK');
    expect((await send('POST', `/v0/r7gorders/${first.id}/complete`, { final: true }, worker)).code).toBe('OK');
    const refused = await send('POST', `/v0/r7gorders/${second.id}/complete`, { final: true }, worker);
    expect(refused.code).toBe('IntegrityError');
    expect(refused.error.fields[0]).toMatchObject({
      field: 'expiry',
      message: expect.stringContaining('RX-MILK / X1 here expires on 2027-10-31'),
    });
    expect((await second.detail()).lines[0]).toMatchObject({ received: 0, pending: 2 });
    expect((await stockOf('RX-MILK')).filter((r) => r[1] === 'X1')).toEqual([['IN-01', 'X1', 5, 2, '2027-10-31']]);
  });

  it('books each date into staging, carries it to the putaway compartment, and reserves the earliest first', async () => {
    const before = await stockOf('RX-MILK');
    const order = await announce([{ sku: 'RX-MILK', planned: 9 }]);
    await order.scan({ code: 'RX-MILK', quantity: 4, expiry: '2028-02-29', batch: 'LOT-A' });
    await order.scan({ code: 'RX-MILK', quantity: 5, expiry: '2027-12-31', batch: 'LOT-B' });
    const done = await send('POST', `/v0/r7gorders/${order.id}/complete`, { final: true }, worker);
    expect(done.data.booked).toBe(9);
    const staged = (await stockOf('RX-MILK')).filter((r) => !before.some((b) => JSON.stringify(b) === JSON.stringify(r)));
    expect(staged).toEqual([
      ['IN-01', 'LOT-A', 5, 4, '2028-02-29'],
      ['IN-01', 'LOT-B', 5, 5, '2027-12-31'],
    ]);

    // Both batches in one compartment, the later date put away first and its batch named first: the earlier date is reserved first.
    const put = (batch: string, quantity: number, compartment: string) =>
      send('POST', `/v0/r7gorders/${order.id}/putaway`, { itemId, batch, quantity, compartment }, worker);
    expect((await put('LOT-A', 4, 'A-03-01')).code).toBe('OK');
    expect((await put('LOT-B', 5, 'A-03-01')).code).toBe('OK');
    const placed = (await stockOf('RX-MILK')).filter((r) => r[0] === 'A-03-01');
    expect(placed).toEqual([
      ['A-03-01', 'LOT-A', 10, 4, '2028-02-29'],
      ['A-03-01', 'LOT-B', 10, 5, '2027-12-31'],
    ]);

    const reserved = await send('POST', '/v0/inventory/reserve', { itemId, quantity: 6, ref: { type: 'order', id: 'RX-FEFO' } });
    expect(reserved.data).toMatchObject({ requested: 6, reserved: 6 });
    const rows = (await get('/v0/stock/?sku=RX-MILK&quantity=1..&l=100')).data.data as StockView[];
    const inA = (batch: string) => rows.find((r) => r.compartmentCode === 'A-03-01' && r.batch === batch)!;
    expect(inA('LOT-B')).toMatchObject({ reserved: 5, expiry: '2027-12-31' });
    expect(inA('LOT-A')).toMatchObject({ reserved: 1, expiry: '2028-02-29' });
    await send('POST', '/v0/inventory/release', { ref: { type: 'order', id: 'RX-FEFO' } });
    expect(await checkStockInvariants(t.core.db)).toEqual([]);
  });

  it('books a return of an expiry-tracked item without a date: the units join the row they land in', async () => {
    const ret = (await get('/v0/compartment/any?q=RET-01')).data;
    const guid = (await get('/v0/item/any?q=RX-MILK')).data.guid;
    await send('POST', '/v0/r7greceiving/', { shipSN: 'RT-0000777' }, worker);
    const list = (await get('/v0/r7greceiving/list?l=10&q=RT-0000777', worker)).data.data as Array<{ id: number; shipSN: string }>;
    const { id } = list.find((r) => r.shipSN === 'RT-0000777')!;
    const record = (await get(`/v0/r7greceiving/?q=${id}`, worker)).data;
    const lines = [{ itemId: guid, itemBatch: '', qty: 2, valid: 1, remark: '', compartmentGUID: ret.guid }];
    expect((await send('PUT', '/v0/r7greceiving/', { ...record, agentGUID: 'C001', items: JSON.stringify(lines) }, worker)).code).toBe('OK');
    const inbound = await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify(lines) }, worker);
    expect(inbound.code, JSON.stringify(inbound)).toBe('OK');
    expect((await stockOf('RX-MILK')).filter((r) => r[0] === 'RET-01')).toEqual([['RET-01', '', 10, 2, null]]);
    expect(await checkStockInvariants(t.core.db)).toEqual([]);
  });
});
