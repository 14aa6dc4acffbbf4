import { RETURN_ORDER } from '@kontor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { PNG, uploadFile } from './helpers/upload.js';

let t: TestApp;
let worker: string;
let merchantA: string;
let merchantB: string;
const guid = {} as Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  [worker, merchantA, merchantB] = await Promise.all([t.login('warehouse@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
  for (const code of ['ANK-HUB-7', 'ANK-SPK-MINI', 'SKU-C']) guid[code] = (await get(`/v0/item/any?q=${code}`)).data.guid;
  for (const code of ['RET-01', 'DMG-01', 'A-02-01']) guid[code] = (await get(`/v0/compartment/any?q=${code}`)).data.guid;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = worker) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = worker, key?: string) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);
const findByShipSN = async (shipSN: string, token = worker) =>
  ((await get(`/v0/r7greceiving/list?l=10&q=${shipSN}`, token)).data.data as Array<{ id: number; shipSN: string }>).find((r) => r.shipSN === shipSN);
const qty = async (sku: string, compartment: string, status: number) =>
  ((await get(`/v0/stock/?sku=${sku}&l=100`)).data.data as Array<{ compartmentCode: string; status: number; quantity: number }>)
    .filter((r) => r.compartmentCode === compartment && r.status === status)
    .reduce((sum, r) => sum + r.quantity, 0);

describe('returns (RMA) with the original contracts', () => {
  it('creates with null, finds it again by shipSN, refuses a duplicate parcel with a clear error', async () => {
    expect(await send('POST', '/v0/r7greceiving/', { shipSN: 'RT-0000001', businessType: 2, type: 1, status: 0, items: '[]', image: '' })).toEqual({
      code: 'OK',
      data: null,
    });
    const found = await findByShipSN('RT-0000001');
    const record = (await get(`/v0/r7greceiving/?q=${found!.id}`)).data;
    expect(record).toMatchObject({ shipSN: 'RT-0000001', status: 0, businessType: 2, type: 1, items: '[]', image: '{"img":[]}', agentGUID: '' });
    expect(record.finDate).toBe('0001-01-01T00:00:00Z');
    const dup = await send('POST', '/v0/r7greceiving/', { shipSN: 'RT-0000001' });
    expect(dup).toMatchObject({ code: 'Duplicate', error: { fields: [{ field: 'shipSN' }] } });
    expect(JSON.stringify(dup)).not.toMatch(/1062|23505|duplicate key/i);
    expect((await send('POST', '/v0/r7greceiving/', { shipSN: 'RT1' })).error.fields[0].field).toBe('shipSN');
    expect((await send('POST', '/v0/r7greceiving/', { shipSN: 'RT-0000002', items: '[{"itemId":' })).code).toBe('IntegrityError');
    expect((await get('/v0/r7greceiving/?q=999999')).code).toBe('NotFound');
  });

  it('saves the whole record, inbounds each line with the status its condition gives, and books nothing twice', async () => {
    await send('POST', '/v0/r7greceiving/', { shipSN: 'RT-0000010', originSN: 'MO20260001', originCountry: 'de' });
    const { id } = (await findByShipSN('RT-0000010'))!;
    const lines = [
      { itemId: guid['ANK-HUB-7'], itemBatch: '', qty: 2, valid: 1, remark: '' },
      { itemId: guid['ANK-SPK-MINI'], itemBatch: '', qty: 1, valid: 2, remark: 'cracked' },
      { itemId: guid['ANK-SPK-MINI'], itemBatch: '', qty: 1, valid: -2, remark: 'scrap' },
    ];
    const photo = await uploadFile(t, worker, 'image', 'parcel.png', PNG);
    const image = JSON.stringify({ img: [{ url: photo.url }] });
    const record = (await get(`/v0/r7greceiving/?q=${id}`)).data;
    expect(await send('PUT', '/v0/r7greceiving/', { ...record, agentGUID: 'C001', type: 2, note: 'box dented', items: JSON.stringify(lines), image })).toEqual({
      code: 'OK',
      data: null,
    });
    const saved = (await get(`/v0/r7greceiving/?q=${id}`)).data;
    expect(saved).toMatchObject({ agentGUID: 'C001', merchantName: 'Anker Innovations DE', originCountry: 'DE', type: 2, note: 'box dented', image });
    expect(JSON.parse(saved.items)).toHaveLength(3);

    // Every line needs a compartment; nothing is booked until all have one.
    const before = await qty('ANK-HUB-7', 'RET-01', 10);
    const missing = await send('POST', '/v0/r7greceiving/inbound', {
      id,
      items: JSON.stringify(lines.map((l, i) => (i === 2 ? l : { ...l, compartmentGUID: guid['RET-01'] }))),
    });
    expect(missing).toMatchObject({ code: 'IntegrityError', error: { fields: [{ field: 'items.2.compartmentGUID' }] } });
    expect(await qty('ANK-HUB-7', 'RET-01', 10)).toBe(before);

    const placed = [
      { ...lines[0], compartmentGUID: guid['RET-01'] },
      { ...lines[1], compartmentGUID: guid['DMG-01'] },
      { ...lines[2], compartmentGUID: guid['DMG-01'] },
    ];
    const inbound = await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify(placed) }, worker, 'rma-inbound-1');
    expect(inbound.data).toMatchObject({ status: RETURN_ORDER.codeOf('inbounded'), shipSN: 'RT-0000010' });
    expect(inbound.data.finDate).not.toBe('0001-01-01T00:00:00Z');
    // Lines come back named: item SKU and name, compartment code.
    expect(JSON.parse(inbound.data.items)[0]).toMatchObject({ sku: 'ANK-HUB-7', name: 'USB-C hub 7-in-1', compartmentCode: 'RET-01' });
    expect(await qty('ANK-HUB-7', 'RET-01', 10)).toBe(before + 2);
    expect(await qty('ANK-SPK-MINI', 'DMG-01', 2)).toBe(1);
    expect(await qty('ANK-SPK-MINI', 'DMG-01', 0)).toBe(1);
    // The same key answers the first answer; without it, a resend is refused as already inbounded.
    expect((await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify(placed) }, worker, 'rma-inbound-1')).data.status).toBe(100);
    expect((await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify(placed) })).code).toBe('InvalidState');
    expect(await qty('ANK-HUB-7', 'RET-01', 10)).toBe(before + 2);
    // Read-only once inbounded.
    expect((await send('PUT', '/v0/r7greceiving/', { id, note: 'later' })).code).toBe('InvalidState');
    const log = (await get(`/v0/inventorylog/?refId=RT-0000010&l=10`)).data.data as Array<{ reason: string; delta: number }>;
    expect(log.map((l) => [l.reason, l.delta]).sort()).toEqual([
      ['return', 1],
      ['return', 1],
      ['return', 2],
    ]);
    expect(await checkStockInvariants(t.core.db)).toEqual([]);
  });

  it('refuses inbound without a customer, with a foreign item or into a blocked compartment', async () => {
    await send('POST', '/v0/r7greceiving/', { shipSN: 'RT-0000020' });
    const { id } = (await findByShipSN('RT-0000020'))!;
    const line = { itemId: guid['ANK-HUB-7'], qty: 1, valid: 1, compartmentGUID: guid['RET-01'] };
    expect((await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify([line]) })).error.fields[0].field).toBe('agentGUID');
    expect((await send('PUT', '/v0/r7greceiving/', { id, agentGUID: 'C999' })).error.fields[0].field).toBe('agentGUID');
    await send('PUT', '/v0/r7greceiving/', { id, agentGUID: 'C001' });
    const foreign = await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify([{ ...line, itemId: guid['SKU-C'] }]) });
    expect(foreign).toMatchObject({ code: 'ItemNotFound', error: { fields: [{ field: 'items.0.itemId' }] } });
    expect((await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify([{ ...line, compartmentGUID: '99999999' }]) })).code).toBe(
      'CompartmentNotFound',
    );
    expect((await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify([{ ...line, qty: 0 }]) })).code).toBe('IntegrityError');
    expect((await send('POST', '/v0/r7greceiving/inbound', { id, items: '[]' })).error.fields[0].field).toBe('items');
    expect((await send('POST', '/v0/r7greceiving/cancel', { id })).data.status).toBe(RETURN_ORDER.codeOf('canceled'));
    expect((await send('POST', '/v0/r7greceiving/inbound', { id, items: JSON.stringify([line]) })).code).toBe('InvalidState');
  });

  it('lists newest first by id cursor and status, and keeps merchants to their own returns', async () => {
    for (const n of [31, 32, 33]) await send('POST', '/v0/r7greceiving/', { shipSN: `RT-00000${n}`, agentGUID: n === 33 ? 'C002' : 'C001' });
    const first = (await get('/v0/r7greceiving/list?l=2&q=RT-000003')).data;
    expect(first.data.map((r: { shipSN: string }) => r.shipSN)).toEqual(['RT-0000033', 'RT-0000032']);
    const second = (await get(`/v0/r7greceiving/list?l=2&q=RT-000003&o=${first.next}`)).data;
    expect(second.data.map((r: { shipSN: string }) => r.shipSN)).toEqual(['RT-0000031']);
    expect(second.next).toBe(0);
    expect((await get('/v0/r7greceiving/list?l=50&Status[]=100')).data.data.every((r: { status: number }) => r.status === 100)).toBe(true);
    const byMerchant = (await get('/v0/r7greceiving/list?l=50&q=RT-000003&agentGUID=C002')).data.data.map((r: { shipSN: string }) => r.shipSN);
    expect(byMerchant).toEqual(['RT-0000033']);
    expect((await get('/v0/r7greceiving/list?l=50&q=RT-000003&businessType=3')).data.total).toBe(0);
    expect((await get('/v0/r7greceiving/list?l=50&q=RT-000003&createdAt=2000-01-01..2000-12-31')).data.total).toBe(0);
    expect((await get('/v0/r7greceiving/list?l=50&q=RT-000003&createdAt=2000-01-01..')).data.total).toBe(3);
    expect((await get('/v0/r7greceiving/list?createdAt=yesterday')).code).toBe('IntegrityError');
    const mine = (await get('/v0/r7greceiving/list?l=50&q=RT-000003', merchantA)).data.data.map((r: { shipSN: string }) => r.shipSN);
    expect(mine).toEqual(['RT-0000032', 'RT-0000031']);
    const other = (await findByShipSN('RT-0000033'))!;
    expect((await get(`/v0/r7greceiving/?q=${other.id}`, merchantA)).code).toBe('NotFound');
    expect((await get(`/v0/r7greceiving/?q=${other.id}`, merchantB)).data.shipSN).toBe('RT-0000033');
    expect((await send('POST', '/v0/r7greceiving/', { shipSN: 'RT-0000099' }, merchantA)).code).toBe('NoPermission');
  });

  it("filters by a customer's code within the caller's scope: another merchant's code or an unknown one lists nothing", async () => {
    for (const [shipSN, agentGUID] of [
      ['RT-FILTER-1', 'C001'],
      ['RT-FILTER-2', 'C002'],
    ])
      expect((await send('POST', '/v0/r7greceiving/', { shipSN, agentGUID })).code).toBe('OK');
    const shipSNs = async (url: string, token?: string) => (await get(url, token)).data.data.map((r: { shipSN: string }) => r.shipSN);
    expect(await shipSNs('/v0/r7greceiving/list?l=50&q=RT-FILTER&agentGUID=C001')).toEqual(['RT-FILTER-1']);
    expect(await shipSNs('/v0/r7greceiving/list?l=50&q=RT-FILTER&agentGUID=C001', merchantA)).toEqual(['RT-FILTER-1']);
    expect(await shipSNs('/v0/r7greceiving/list?l=50&q=RT-FILTER&agentGUID=C002', merchantA)).toEqual([]);
    expect((await get('/v0/r7greceiving/list?l=50&q=RT-FILTER&agentGUID=C999')).data).toMatchObject({ total: 0, next: 0, data: [] });
  });
});
