import { OUTBOUND_ORDER, PICKLIST } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSizesMm } from './helpers/pdf.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * Picklists (issue 18, docs/picking.md): the demo's PL20260001/PL20260002, the original handheld's
 * `p11y/pick` calls with their shapes, the PUT's merge and status rule, creation by rules (also two at
 * once), cancel, taking an order out, the PDF, and the merchant's view.
 */
let t: TestApp;
let staff: string;
let station: string;
let merchantA: string;
beforeAll(async () => {
  t = await createTestApp();
  [staff, station, merchantA] = await Promise.all([t.login('staff@demo.local'), t.login('warehouse@demo.local'), t.login('merchant-a@demo.local')]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = staff) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const post = (url: string, payload: unknown, token = staff, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url, token, payload: payload as object, headers }).then((r) => r.body);
const put = (payload: unknown, token = staff, headers: Record<string, string> = {}) =>
  t.call({ method: 'PUT', url: '/v0/p11y/pick/', token, payload: payload as object, headers }).then((r) => r.body);
const code = (state: Parameters<typeof OUTBOUND_ORDER.codeOf>[0]) => OUTBOUND_ORDER.codeOf(state);
const orderStatus = async (id: number) =>
  Number((await t.database.db.selectFrom('outbound_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
const reservedOf = async (id: number) =>
  Number(
    (
      await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from reservations where ref_type = 'outbound' and ref_id = ${String(id)}`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );

/**
 * Ready-to-pick orders of merchant A made through the API (allocated at once). Every ready order there
 * was before goes into picklists first, so the test's rules see only its own orders.
 */
async function readyOrders(lines: Array<Array<[string, number]>>, carrier = 'DPD') {
  expect((await post('/v0/picking/picklists', { rules: { maxLists: 0 } })).code).toBe('OK');
  const ids: number[] = [];
  for (const items of lines) {
    const res = await post(
      '/v0/outbound/orders',
      orderBody({
        merchantId: (await t.database.db.selectFrom('merchants').select('id').where('code', '=', 'C001').executeTakeFirstOrThrow()).id,
        pickupDate: new Date().toISOString().slice(0, 10),
        unitQty: items.reduce((sum, [, q]) => sum + q, 0),
        weight: 1.5,
        carrier,
        consignee: { name1: 'Test Kunde', streetName: 'Weg', streetNumber: '1', zip: '20095', city: 'Hamburg' },
        lines: items.map(([sku, quantity]) => ({ sku, quantity })),
      }),
    );
    expect(res.code, JSON.stringify(res)).toBe('OK');
    ids.push(Number(res.data.id));
  }
  return ids;
}

describe('the demo picklists (facts §8)', () => {
  it('PL20260001: type 100, three single-item orders of SKU-B, printed', async () => {
    const found = await get('/v0/p11y/pick/any?q=PL20260001');
    expect(found).toEqual({ code: 'OK', data: { id: expect.any(Number), type: 100, unid: 'PL20260001' } });
    const p = (await get(`/v0/p11y/pick/?q=${found.data.id}`)).data;
    expect(p).toMatchObject({ unid: 'PL20260001', type: 100, status: PICKLIST.codeOf('picklistPrinted'), itemQty: 3, itemQtyPicked: 0, shipQty: 3 });
    expect(p.itemInfo).toBe('');
    expect(JSON.parse(p.items)).toEqual([{ sku: 'SKU-B', itemName: expect.any(String), itemBatch: '', qty: 3, inventoryName: 'A-01-01' }]);
    const orders = JSON.parse(p.orders) as Array<Record<string, unknown>>;
    expect(orders).toHaveLength(3);
    expect(orders[0]).toMatchObject({ ID: p.orderIds[0], UNID: p.orderUNID[0], items: [{ sku: 'SKU-B', qty: 1 }], recCountry: 'DE', shipSN: 'TRK3001' });
    expect(JSON.parse(p.itemOrders)).toEqual({ 'SKU-B': p.orderIds });
    expect(JSON.parse(p.ordersFin)).toEqual([]);
    expect(JSON.parse(p.printBatch)).toEqual([]);
    for (const id of p.orderIds) expect(await orderStatus(id)).toBe(code('picklistPrinted'));
  });

  it('PL20260002: type 1, a SKU|||BATCH line and an order without a shipSN', async () => {
    const found = (await get('/v0/p11y/pick/any?q=pl20260002')).data;
    const p = (await get(`/v0/p11y/pick/?q=${found.id}`)).data;
    expect(p).toMatchObject({ type: 1, status: PICKLIST.codeOf('readyToPick'), itemQty: 9, shipQty: 3 });
    const itemOrders = JSON.parse(p.itemOrders) as Record<string, number[]>;
    expect(itemOrders['SKU-A|||B2409']).toHaveLength(1);
    expect(itemOrders['SKU-B']).toHaveLength(3);
    const orders = JSON.parse(p.orders) as Array<{ shipSN: string }>;
    expect(orders.filter((o) => o.shipSN === '')).toHaveLength(1);
    expect(await get('/v0/p11y/pick/any?q=PL19990001')).toMatchObject({ code: 'NotFound' });
    // An order's number finds the live picklist holding it.
    expect((await get(`/v0/p11y/pick/any?q=${p.orderUNID[0]}`)).data).toEqual({ id: found.id, type: 1, unid: 'PL20260002' });
    expect(await get('/v0/p11y/pick/?q=999999')).toMatchObject({ code: 'NotFound' });
  });

  it('lists with the original paging and status filter', async () => {
    const all = (await get('/v0/p11y/pick/list?l=1&o=0')).data;
    expect(all).toMatchObject({ total: expect.any(Number), page: 1, next: 1 });
    expect(all.data).toHaveLength(1);
    expect(typeof all.data[0].orders).toBe('string');
    const printed = (await get(`/v0/p11y/pick/list?l=25&o=0&Status[]=${PICKLIST.codeOf('picklistPrinted')}`)).data;
    expect(printed.data.map((p: { unid: string }) => p.unid)).toContain('PL20260001');
    expect(printed.data.every((p: { status: number }) => p.status === 1)).toBe(true);
    const search = (await get('/v0/p11y/pick/list?q=PL20260002')).data;
    expect(search.data.map((p: { unid: string }) => p.unid)).toEqual(['PL20260002']);
    expect(search.next).toBe(0);
  });
});

describe('PUT /v0/p11y/pick/', () => {
  it('merges progress, refuses over-picking and sets packing completed when all is picked', async () => {
    const { id } = (await get('/v0/p11y/pick/any?q=PL20260001')).data;
    const read = (await get(`/v0/p11y/pick/?q=${id}`)).data;
    const info = (qtyPrinted: number) => JSON.stringify(JSON.parse(read.items).map((row: object) => ({ ...row, qtyPrinted })));
    const batch = {
      name: 'SKU-B () @ A-01-01:1',
      time: '2026-11-25 10:00:00',
      data: [{ UNID: read.orderUNID[0], id: read.orderIds[0], packSKU: 'SKU-B', lblIdx: [0] }],
    };
    expect(await put({ ...read, itemQtyPicked: 1, itemInfo: info(1), printBatch: JSON.stringify([batch]) })).toEqual({ code: 'OK', data: null });
    // The same PUT again (a station resending after a timeout) adds nothing.
    expect((await put({ ...read, itemQtyPicked: 1, itemInfo: info(1), printBatch: JSON.stringify([batch]) })).code).toBe('OK');
    let now = (await get(`/v0/p11y/pick/?q=${id}`)).data;
    expect(now).toMatchObject({ itemQtyPicked: 1, status: PICKLIST.codeOf('inProcess') });
    expect(JSON.parse(now.itemInfo)[0].qtyPrinted).toBe(1);
    expect(JSON.parse(now.printBatch)).toEqual([batch]);

    // Over the plan: refused, nothing saved.
    const over = await put({ ...now, itemQtyPicked: 5, itemInfo: info(5) });
    expect(over.code).toBe('OverPick');
    // Lower numbers never take progress back.
    expect((await put({ ...now, itemQtyPicked: 0, itemInfo: info(0), printBatch: '[]', ordersFin: '[]' })).code).toBe('OK');
    now = (await get(`/v0/p11y/pick/?q=${id}`)).data;
    expect(now.itemQtyPicked).toBe(1);
    expect(JSON.parse(now.printBatch)).toHaveLength(1);

    expect((await put({ ...now, itemQtyPicked: 3, itemInfo: info(3), ordersFin: JSON.stringify(now.orderIds) })).code).toBe('OK');
    now = (await get(`/v0/p11y/pick/?q=${id}`)).data;
    expect(now).toMatchObject({ itemQtyPicked: 3, status: PICKLIST.codeOf('packingCompleted') });
    expect(JSON.parse(now.ordersFin)).toEqual(now.orderIds);
  });

  it('two stations saving at once lose nothing; a finished order stays finished; Idempotency-Key replays', async () => {
    const { id } = (await get('/v0/p11y/pick/any?q=PL20260002')).data;
    const [a, b] = await Promise.all([get(`/v0/p11y/pick/?q=${id}`, staff), get(`/v0/p11y/pick/?q=${id}`, station)]);
    const orders = a.data.orderIds as number[];
    const [ra, rb] = await Promise.all([
      put({ ...a.data, itemQtyPicked: 2, ordersFin: JSON.stringify([orders[0]]) }, staff, { 'idempotency-key': 'pick-a-1' }),
      put({ ...b.data, itemQtyPicked: 3, ordersFin: JSON.stringify([orders[1]]) }, station),
    ]);
    expect([ra.code, rb.code]).toEqual(['OK', 'OK']);
    // The first station retries with its key: the answer is replayed, nothing is added twice.
    expect((await put({ ...a.data, itemQtyPicked: 2, ordersFin: JSON.stringify([orders[0]]) }, staff, { 'idempotency-key': 'pick-a-1' })).code).toBe('OK');
    const now = (await get(`/v0/p11y/pick/?q=${id}`)).data;
    expect(now.itemQtyPicked).toBe(5);
    expect((JSON.parse(now.ordersFin) as number[]).sort()).toEqual([orders[0], orders[1]].sort());
    // A station that never saw orders[0] finished cannot un-finish it.
    expect((await put({ ...now, ordersFin: JSON.stringify([orders[1]]) }, station)).code).toBe('OK');
    expect(JSON.parse((await get(`/v0/p11y/pick/?q=${id}`)).data.ordersFin)).toContain(orders[0]);
    // Taking out a finished order is refused; cancelling a picklist with progress too.
    expect((await post(`/v0/picking/picklists/${id}/remove-order`, { orderId: orders[0] })).code).toBe('InvalidState');
    expect((await post(`/v0/picking/picklists/${id}/cancel`, {})).code).toBe('InvalidState');
  });

  it('refuses bad input with a coded error', async () => {
    const { id } = (await get('/v0/p11y/pick/any?q=PL20260002')).data;
    expect((await put({ id, itemInfo: '{not json' })).code).toBe('IntegrityError');
    expect((await put({ id, itemInfo: JSON.stringify([{ sku: 'NOPE', qtyPrinted: 1 }]) })).code).toBe('ItemNotFound');
    expect((await put({ id: 99999999, itemQtyPicked: 1 })).code).toBe('NotFound');
  });
});

describe('creating picklists', () => {
  it('splits single-item and multi-item orders, sorts the pick path and moves orders to in picklist', async () => {
    const ids = await readyOrders(
      [
        [['ANK-HUB-7', 1]],
        [['ANK-HUB-7', 1]],
        [
          ['SKU-A', 2],
          ['ANK-HUB-7', 1],
        ],
      ],
      'DHL',
    );
    const res = await post('/v0/picking/picklists', { rules: { carrier: 'DHL', maxLists: 0, maxOrders: 50 }, savePreset: 'DHL waves' });
    expect(res.code, JSON.stringify(res)).toBe('OK');
    const created = res.data.created as Array<{ id: number; type: number; orderCount: number; itemQty: number }>;
    expect(created.map((c) => [c.type, c.orderCount, c.itemQty]).sort()).toEqual([
      [1, 1, 3],
      [100, 2, 2],
    ]);
    for (const id of ids) expect(await orderStatus(id)).toBe(code('inPicklist'));
    const multi = (await get(`/v0/picking/picklists/${created.find((c) => c.type === 1)!.id}/detail`)).data;
    expect(multi.lines.map((l: { compartment: string }) => l.compartment)).toEqual([...multi.lines.map((l: { compartment: string }) => l.compartment)]);
    expect((await get('/v0/picking/presets')).data.map((p: { name: string }) => p.name)).toContain('DHL waves');
    // Nothing left to take: no picklist.
    expect((await post('/v0/picking/picklists', { rules: { carrier: 'DHL' } })).data.created).toEqual([]);
  });

  it('two staff creating at once never put one order in two picklists', async () => {
    const ids = await readyOrders(
      Array.from({ length: 8 }, () => [['ANK-HUB-7', 1]] as Array<[string, number]>),
      'DPD',
    );
    const rules = { carrier: 'DPD', maxOrders: 3, maxLists: 0 };
    const [a, b] = await Promise.all([post('/v0/picking/picklists', { rules }, staff), post('/v0/picking/picklists', { rules }, station)]);
    expect([a.code, b.code]).toEqual(['OK', 'OK']);
    const rows = await sql<{ order_id: number; n: number }>`select order_id, count(*)::int as n from picklist_orders
      where active and order_id = any(${ids}::bigint[]) group by order_id`.execute(t.database.db);
    expect(rows.rows).toHaveLength(8);
    expect(rows.rows.every((r) => r.n === 1)).toBe(true);
    for (const id of ids) expect(await orderStatus(id)).toBe(code('inPicklist'));
  });

  it('cancel puts the orders back to ready to pick with their reservations; an order can be taken out', async () => {
    const ids = await readyOrders(
      [
        [
          ['SKU-A', 1],
          ['ANK-HUB-7', 1],
        ],
        [
          ['SKU-A', 1],
          ['ANK-HUB-7', 2],
        ],
        [['ANK-HUB-7', 2]],
      ],
      'UPS',
    );
    const created = (await post('/v0/picking/picklists', { rules: { carrier: 'UPS', split: 'multiOnly' } })).data.created;
    expect(created).toHaveLength(1);
    const id = created[0].id as number;
    const removed = await post(`/v0/picking/picklists/${id}/remove-order`, { orderId: ids[2] });
    expect(removed.code).toBe('OK');
    expect(removed.data).toMatchObject({ orderCount: 2, itemQty: 5 });
    expect(await orderStatus(ids[2]!)).toBe(code('readyToPick'));
    expect(await reservedOf(ids[2]!)).toBe(2);

    const printed = await post(`/v0/picking/picklists/${id}/printed`, {});
    expect(printed.data.status).toBe(PICKLIST.codeOf('picklistPrinted'));
    expect(await orderStatus(ids[0]!)).toBe(code('picklistPrinted'));
    const pdf = await t.call({ method: 'GET', url: `/v0/picking/picklists/${id}/pdf`, token: staff, headers: { 'accept-language': 'de' } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const raw = await t.app.inject({ method: 'GET', url: `/v0/picking/picklists/${id}/pdf`, headers: { 'x-token': staff } });
    expect(pageSizesMm(raw.rawPayload).map(([w, h]) => [Math.round(w), Math.round(h)])).toEqual([[210, 297]]);

    const canceled = await post(`/v0/picking/picklists/${id}/cancel`, {}, staff, { 'idempotency-key': 'cancel-1' });
    expect(canceled.data).toMatchObject({ status: PICKLIST.codeOf('canceled') });
    for (const orderId of ids.slice(0, 2)) {
      expect(await orderStatus(orderId)).toBe(code('readyToPick'));
      expect(await reservedOf(orderId)).toBeGreaterThan(0);
    }
    expect((await post(`/v0/picking/picklists/${id}/cancel`, {})).code).toBe('PicklistClosed');
    // The orders can go into a new picklist.
    expect((await post('/v0/picking/picklists', { rules: { carrier: 'UPS' } })).data.created.length).toBeGreaterThan(0);
  });
});

describe('merchants', () => {
  it('never see picklists, only their own orders’ progress', async () => {
    for (const url of ['/v0/p11y/pick/list', '/v0/p11y/pick/any?q=PL20260001', '/v0/picking/picklists', '/v0/picking/presets'])
      expect((await get(url, merchantA)).code, url).toBe('NoPermission');
    expect((await put({ id: 1, itemQtyPicked: 1 }, merchantA)).code).toBe('NoPermission');
    const mine = (await get('/v0/picking/merchant-progress', merchantA)).data;
    expect(mine.total).toBeGreaterThan(0);
    const merchantId = (await t.database.db.selectFrom('merchants').select('id').where('code', '=', 'C001').executeTakeFirstOrThrow()).id;
    const owners = await t.database.db
      .selectFrom('outbound_orders')
      .select('merchant_id')
      .where(
        'id',
        'in',
        mine.data.map((r: { orderId: number }) => r.orderId),
      )
      .execute();
    expect(owners.every((o) => Number(o.merchant_id) === Number(merchantId))).toBe(true);
    const b = await t.login('merchant-b@demo.local');
    const theirs = (await get('/v0/picking/merchant-progress', b)).data;
    expect(theirs.data.some((r: { orderId: number }) => mine.data.some((m: { orderId: number }) => m.orderId === r.orderId))).toBe(false);
    expect((await get('/v0/picking/merchant-progress', staff)).data).toEqual({ total: 0, page: 1, next: 0, data: [] });
  });
});
