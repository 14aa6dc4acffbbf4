import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socketClient } from './helpers/sockets.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/** SKU QC, serial capture and the SN swap (issue 18 item 6, docs/sku-qc-serials.md) on the demo data. */
let t: TestApp;
let url: string;
let floor: string;
let merchantB: string;
let stationId: number;
const sockets = socketClient();

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  [floor, merchantB] = await Promise.all([t.login('warehouse@demo.local'), t.login('merchant-b@demo.local')]);
  stationId = Number((await t.core.db.selectFrom('users').select('id').where('account', '=', 'station@demo.local').executeTakeFirstOrThrow()).id);
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const call = (path: string, options: { token?: string; key?: string; lang?: string } = {}) =>
  t
    .call({
      method: 'GET',
      url: path,
      token: options.token ?? floor,
      headers: { ...(options.key ? { 'idempotency-key': options.key } : {}), ...(options.lang ? { 'accept-language': options.lang } : {}) },
    })
    .then((r) => r.body);
const qc = (id: number, q: string, options?: { token?: string; key?: string; lang?: string }) =>
  call(`/v0/p11yorders/scanItemSKUQC?id=${id}&q=${encodeURIComponent(q)}`, options);
const sn = (id: number, q: string, itemID = '', options?: { key?: string; token?: string }) =>
  call(`/v0/p11yorders/scanItemSN?id=${id}&itemID=${encodeURIComponent(itemID)}&q=${encodeURIComponent(q)}`, options);
const swap = (id: number, q: string, options?: { key?: string }) => call(`/v0/p11yorders/swapSN?id=${id}&q=${encodeURIComponent(q)}`, options);

/** The id of a demo order: by number, or the first of a merchant's orders holding a SKU in a state. */
async function orderId(unid: string): Promise<number> {
  return Number((await t.core.db.selectFrom('outbound_orders').select('id').where('unid', '=', unid).executeTakeFirstOrThrow()).id);
}
async function orderWith(sku: string, state: OutboundState): Promise<number> {
  const row = await sql<{ id: number }>`select o.id from outbound_orders o join outbound_lines l on l.order_id = o.id join items i on i.id = l.item_id
    where i.sku = ${sku} and o.status = ${code(state)} order by o.id limit 1`.execute(t.core.db);
  return Number(row.rows[0]!.id);
}

describe('SKU QC (scanItemSKUQC)', () => {
  it('reads MO20260002’s progress by number, tracking number and id, as facts §8 shows it', async () => {
    const opened = await qc(0, 'MO20260002');
    expect(opened.code).toBe('OK');
    expect(opened.data).toMatchObject({
      unid: 'MO20260002',
      status: code('partialQc'),
      shippingScanSKUQC: '[]',
      itemID: 'SKU-C',
      requiredSKUQCQty: 2,
      scannedSKUQCQty: 0,
      remainingSKUQCQty: 2,
      skuQCCompleted: false,
      requiredSNQty: 1,
      scannedSNQty: 0,
      remainingSNQty: 1,
      snRequired: true,
      snCompleted: false,
      snItemID: 'SKU-C',
      noteInner: 'Check the SN sticker!',
    });
    expect((await qc(0, 'TRK2001')).data.id).toBe(opened.data.id);
    expect((await qc(opened.data.id, '')).data).toEqual(opened.data);
    expect(await qc(0, 'MO-NOPE')).toMatchObject({ code: 'OrderNotFound', data: 'Order not found.' });
    expect(await qc(999_999, '')).toMatchObject({ code: 'OrderNotFound' });
    // The handheld's token may come in the query instead of X-Token (facts §1.2).
    const byQuery = await t.call({ method: 'GET', url: `/v0/p11yorders/scanItemSKUQC?id=0&q=MO20260002&x_token=${floor}` });
    expect(byQuery.body.data.unid).toBe('MO20260002');
  });

  it('refuses a wrong, unknown or other merchant’s item and books nothing', async () => {
    const id = await orderId('MO20260002');
    expect(await qc(id, 'EF-CABLE-XT60')).toMatchObject({ code: 'SkuMismatch', data: 'SKU EF-CABLE-XT60 does not match SKU-C' });
    expect(await qc(id, 'EF-CABLE-XT60', { lang: 'de' })).toMatchObject({ code: 'SkuMismatch', data: 'SKU EF-CABLE-XT60 passt nicht zu SKU-C' });
    expect(await qc(id, 'EF-CABLE-XT60', { lang: 'cn' })).toMatchObject({ code: 'SkuMismatch', data: 'SKU EF-CABLE-XT60 与 SKU-C 不符' });
    expect(await qc(id, 'NO-SUCH-ITEM')).toMatchObject({ code: 'ItemNotFound', data: 'Item not found: NO-SUCH-ITEM' });
    // SKU-A is merchant A's: not an item of this order's merchant.
    expect(await qc(id, 'SKU-A')).toMatchObject({ code: 'ItemNotFound' });
    expect((await qc(id, '')).data.scannedSKUQCQty).toBe(0);
  });

  it('counts a piece per scan in sequence (SKU or barcode), then moves the order to SN required', async () => {
    const id = await orderId('MO20260002');
    const first = await qc(id, '6970000000011');
    expect(first.data).toMatchObject({ scannedSKUQCQty: 1, remainingSKUQCQty: 1, itemID: 'EF-CABLE-XT60', shippingScanSKUQC: '[{"sku":"SKU-C"}]' });
    const done = await qc(id, 'EF-CABLE-XT60');
    expect(done.data).toMatchObject({
      skuQCCompleted: true,
      itemID: '',
      remainingSKUQCQty: 0,
      status: code('snRequired'),
      snRequired: true,
      snCompleted: false,
    });
    expect(await qc(id, 'SKU-C')).toMatchObject({ code: 'SkuQcComplete' });
  });

  it('replays a scan resent with its Idempotency-Key; a new scan without one is another piece', async () => {
    const id = await orderWith('EF-RIVER-2', 'readyToPick');
    await sql`update outbound_orders set sku_qc_required = '["EF-CABLE-XT60","EF-CABLE-XT60"]'::jsonb where id = ${id}`.execute(t.core.db);
    const once = await qc(id, 'EF-CABLE-XT60', { key: 'qc-retry-1' });
    const again = await qc(id, 'EF-CABLE-XT60', { key: 'qc-retry-1' });
    expect(again).toEqual(once);
    expect(once.data.scannedSKUQCQty).toBe(1);
    expect((await qc(id, 'EF-CABLE-XT60')).data).toMatchObject({ scannedSKUQCQty: 2, skuQCCompleted: true });
    // Not after the shipping scan: QC alone does not move a ready-to-pick order.
    expect((await qc(id, '')).data.status).toBe(code('readyToPick'));
  });

  it('answers the Attention rule for a canceled order or one with a cancel request', async () => {
    expect(await qc(0, 'MO20260099')).toMatchObject({ code: 'OrderAttention', data: 'Attention – Please check the status of the order! Maybe canceled!' });
    const requested = await orderWith('ANK-SPK-MINI', 'cancelRequested');
    expect(await qc(requested, '')).toMatchObject({ code: 'OrderAttention' });
    expect(await sn(requested, 'X')).toMatchObject({ code: 'OrderAttention' });
    expect(await swap(requested, 'X')).toMatchObject({ code: 'OrderAttention' });
  });

  it('is not for merchant users', async () => {
    const id = await orderId('MO20260002');
    expect(await qc(id, '', { token: merchantB })).toMatchObject({ code: 'NoPermission' });
    expect(await sn(id, '', '', { token: merchantB })).toMatchObject({ code: 'NoPermission' });
  });
});

describe('serial capture (scanItemSN)', () => {
  it('checks the item’s pattern, captures the serial and moves the order to ready to ship', async () => {
    const id = await orderId('MO20260002');
    expect((await sn(id, '')).data).toMatchObject({
      itemID: 'SKU-C',
      requiredSNQty: 1,
      scannedSNQty: 0,
      completed: false,
      snPattern: '^[A-Z0-9]{8,16}$',
      itemSN: '[]',
    });
    expect(await sn(id, 'sn-1', 'SKU-C')).toMatchObject({ code: 'SnPatternMismatch', data: 'SN pattern mismatch: sn-1' });
    expect(await sn(id, 'ABCD1234', 'EF-CABLE-XT60')).toMatchObject({ code: 'SnNotDue' });
    const done = await sn(id, 'ABCD1234', 'SKU-C');
    expect(done.data).toMatchObject({
      sn: 'ABCD1234',
      itemSN: '[{"sku":"SKU-C","sn":"ABCD1234"}]',
      itemID: '',
      scannedSNQty: 1,
      remainingSNQty: 0,
      completed: true,
      status: code('readyToShip'),
    });
    expect(await sn(id, 'ABCD9999')).toMatchObject({ code: 'SnComplete' });
    expect((await qc(id, '')).data).toMatchObject({ snCompleted: true, skuQCCompleted: true, status: code('readyToShip') });
  });

  it('keeps a serial unique per item across orders, not across items', async () => {
    const other = await orderWith('SKU-C', 'inTransit');
    expect(await sn(other, 'ABCD1234')).toMatchObject({ code: 'SnUsed', data: 'SN already used: ABCD1234' });
    // The same text on another item is another unit.
    const river = await orderWith('EF-RIVER-2', 'readyToPick');
    expect((await sn(river, 'ABCD1234', 'EF-RIVER-2')).data).toMatchObject({ completed: true, sn: 'ABCD1234' });
  });

  it('replays a serial resent with its Idempotency-Key instead of calling it used', async () => {
    const other = await orderWith('SKU-C', 'inTransit');
    const once = await sn(other, 'QWER5678', '', { key: 'sn-retry-1' });
    expect(once.data.completed).toBe(true);
    expect(await sn(other, 'QWER5678', '', { key: 'sn-retry-1' })).toEqual(once);
    expect(await sn(other, 'QWER5678')).toMatchObject({ code: 'SnComplete' });
    const rows = await sql<{ n: number }>`select count(*)::int as n from outbound_serials where serial = 'QWER5678'`.execute(t.core.db);
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('SN swap (swapSN)', () => {
  it('takes two different originals, makes a new serial and prints its label on the station', async () => {
    const station = await sockets.signedIn(url, await t.login('station@demo.local'), true);
    const opened = await swap(0, 'MO20260002');
    expect(opened.data).toMatchObject({ unid: 'MO20260002', sn: '', swapBuffer: [], print: 'none', shipBundleSent: expect.any(Array) });
    const id = opened.data.id as number;
    expect((await swap(id, 'ORIG-0001')).data).toMatchObject({ sn: '', swapBuffer: ['ORIG-0001'] });
    expect(await swap(id, 'ORIG-0001')).toMatchObject({ code: 'SnSwapSame', data: 'Please scan the next different SN!' });
    const printed = sockets.next<{ type: string; sn: string; jobId: number }>(station, 'print');
    const made = await swap(id, 'ORIG-0002', { key: 'swap-retry-1' });
    expect(made.data).toMatchObject({ sn: 'KS20260002001', swapBuffer: [], print: 'sent' });
    expect(JSON.parse(made.data.itemSN)).toContainEqual({ sku: 'SKU-C', sn: 'KS20260002001' });
    expect(await printed).toMatchObject({ type: 'printSN', sn: 'KS20260002001', jobId: made.data.printJobId });
    const job = await t.core.db.selectFrom('print_jobs').selectAll().where('id', '=', made.data.printJobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ kind: 'sn', sn: 'KS20260002001', station_user_id: stationId });
    // A resent answer is the first one: no second serial, no second print.
    expect(await swap(id, 'ORIG-0002', { key: 'swap-retry-1' })).toEqual(made);
    const swaps = await sql<{ n: number; origins: string }>`select count(*)::int as n, max(origin_serials::text) as origins from outbound_serials
      where order_id = ${id} and source = 'swap'`.execute(t.core.db);
    expect(swaps.rows[0]).toMatchObject({ n: 1 });
    expect(JSON.parse(swaps.rows[0]!.origins)).toEqual(['ORIG-0001', 'ORIG-0002']);
    // The label of the new serial, from the carrier gate's call.
    const label = await call(`/v0/utils/labelSNBase64?q=KS20260002001`);
    expect(label.code).toBe('OK');
    expect(
      Buffer.from(label.data.base64 as string, 'base64')
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
  });

  it('still makes the serial when no station is online, and says so', async () => {
    for (let i = 0; i < 100 && (await t.core.realtime.stationOnline(stationId)); i++) await new Promise((r) => setTimeout(r, 20));
    const id = (await swap(0, 'MO20260002')).data.id as number;
    await swap(id, 'ORIG-0003');
    const made = await swap(id, 'ORIG-0004');
    expect(made.data).toMatchObject({ sn: 'KS20260002002', print: 'offline', printJobId: null });
  });

  it('answers unknown orders and bad input with coded errors', async () => {
    expect(await swap(0, 'NOPE-1')).toMatchObject({ code: 'OrderNotFound', data: 'Order not found.' });
    expect((await call('/v0/p11yorders/swapSN?id=0&q=')).code).toBe('IntegrityError');
    expect((await call('/v0/p11yorders/scanItemSN?id=0&q=X')).code).toBe('IntegrityError');
    expect((await call('/v0/p11yorders/scanItemSKUQC?id=abc&q=X')).code).toBe('IntegrityError');
  });
});

describe('setting an order’s SKU QC (PUT /v0/outbound/orders/:id/sku-qc)', () => {
  it('takes the order’s own SKUs in scan order and starts the QC over', async () => {
    const admin = await t.login('admin@demo.local');
    const id = await orderWith('EF-SOLAR-110', 'wrongAddress');
    const put = (skus: string[], token = admin) =>
      t.call({ method: 'PUT', url: `/v0/outbound/orders/${id}/sku-qc`, token, payload: { skus } }).then((r) => r.body);
    expect((await put(['EF-SOLAR-110'])).data).toMatchObject({ requiredSKUQCQty: 1, itemID: 'EF-SOLAR-110', scannedSKUQCQty: 0 });
    expect((await qc(id, 'EF-SOLAR-110')).data.skuQCCompleted).toBe(true);
    const again = await put(['EF-SOLAR-110', 'EF-SOLAR-110']);
    expect(again.data).toMatchObject({ requiredSKUQCQty: 2, scannedSKUQCQty: 0 });
    const stranger = await put(['SKU-C']);
    expect(stranger.code).toBe('IntegrityError');
    expect(stranger.error.fields[0]).toMatchObject({ field: 'skus', rule: 'unknownRecord' });
    expect((await put([], merchantB)).code).toBe('NoPermission');
  });
});

describe('the order as the original clients read it', () => {
  it('carries the QC and serial progress fields of facts §2.3', async () => {
    const id = await orderId('MO20260002');
    const order = (await call(`/v0/p11yorders/?q=${id}`)).data;
    expect(order).toMatchObject({
      skuQCRequiredQty: 2,
      skuQCScannedQty: 2,
      skuQCRemainingQty: 0,
      skuQCCurrentItemID: '',
      skuQCCompleted: true,
      shippingScanSKUQC: '[{"sku":"SKU-C"},{"sku":"EF-CABLE-XT60"}]',
      snRequiredQty: 1,
      snScannedQty: 1,
      snRemainingQty: 0,
      snCurrentItemID: '',
      snCompleted: true,
    });
    expect(JSON.parse(order.itemSN)).toEqual([
      { sku: 'SKU-C', sn: 'ABCD1234' },
      { sku: 'SKU-C', sn: 'KS20260002001' },
      { sku: 'SKU-C', sn: 'KS20260002002' },
    ]);
    const listed = (await call('/v0/p11yorders/list?q=MO20260001')).data.data[0];
    expect(listed).toMatchObject({ skuQCRequiredQty: 0, skuQCCompleted: true, snRequiredQty: 0, snCompleted: true, itemSN: '[]' });
  });
});

describe('two stations at once', () => {
  const create = async () => {
    const res = await t.call({
      method: 'POST',
      url: '/v0/outbound/orders',
      token: merchantB,
      // As the merchant sends it: no carrier named (left out of the JSON).
      payload: orderBody({
        carrier: undefined,
        weight: 3.5,
        refOrderId: `QC-RACE-${Math.random().toString(36).slice(2, 10)}`,
        consignee: { name1: 'Eva Berg', streetName: 'Ring', streetNumber: '3', zip: '80331', city: 'München' },
        lines: [{ sku: 'EF-RIVER-2', quantity: 1 }],
      }),
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('OK');
    return res.body.data.id as number;
  };

  it('capture one serial once, and count the last QC piece once', async () => {
    const [first, second] = [await create(), await create()];
    const answers = await Promise.all([sn(first, 'RACE0001'), sn(second, 'RACE0001')]);
    expect(answers.map((a) => a.code).sort()).toEqual(['OK', 'SnUsed']);

    await sql`update outbound_orders set sku_qc_required = '["EF-RIVER-2"]'::jsonb where id = ${first}`.execute(t.core.db);
    const pieces = await Promise.all([qc(first, 'EF-RIVER-2'), qc(first, 'EF-RIVER-2'), qc(first, 'EF-RIVER-2')]);
    expect(pieces.map((a) => a.code).sort()).toEqual(['OK', 'SkuQcComplete', 'SkuQcComplete']);
    expect((await qc(first, '')).data).toMatchObject({ scannedSKUQCQty: 1, shippingScanSKUQC: '[{"sku":"EF-RIVER-2"}]' });
  });
});
