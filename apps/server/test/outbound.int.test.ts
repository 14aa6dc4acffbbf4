import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { outboundServices, reallocateWaiting } from '../src/modules/outbound/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let merchantA: string;
let merchantB: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA, merchantB] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
  t.call({ method, url, token, payload: payload as never }).then((r) => r.body);
const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const consignee = { name1: 'Erika Muster', streetName: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' };
const order = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
  typeOfTask: 'B2C',
  modeOfTransport: 'parcel',
  pickupDate: '2026-12-01',
  unitQty: 1,
  weight: 0.5,
  consignee,
  carrier: 'DHL',
  lines,
  ...extra,
});
async function create(lines: unknown[], token = merchantA, extra: Record<string, unknown> = {}) {
  const body = await send('POST', '/v0/outbound/orders', order(lines, extra), token);
  expect(body.code, JSON.stringify(body)).toBe('OK');
  return body.data as { id: number; unid: string; status: number };
}
const detail = async (id: number, token = admin) => (await get(`/v0/outbound/orders/${id}/detail`, token)).data;
const bulk = (ids: number[], action: string, token = admin, extra: Record<string, unknown> = {}) =>
  send('POST', '/v0/outbound/orders/bulk', { ids, action, ...extra }, token).then((b) => b.data.results as Array<{ id: number; ok: boolean; code?: string }>);
const available = async (sku: string) => {
  const rows = (await get(`/v0/stock/?sku=${sku}&status=10&l=1000`)).data.data as Array<{ quantity: number; reserved: number }>;
  return rows.reduce((sum, r) => sum + r.quantity - r.reserved, 0);
};
const setStatus = (id: number, state: OutboundState) => sql`update outbound_orders set status = ${code(state)} where id = ${id}`.execute(t.database.db);

describe('creating an order', () => {
  it('reserves its lines and becomes ready to pick, with the reservation, history and billing recorded', async () => {
    const before = await available('SKU-A');
    const created = await create([{ sku: 'SKU-A', quantity: 5 }]);
    expect(created.unid).toMatch(/^MO\d{10}$/);
    expect(created.status).toBe(code('readyToPick'));
    expect(await available('SKU-A')).toBe(before - 5);
    const d = await detail(created.id, merchantA);
    expect(d.lines[0]).toMatchObject({ sku: 'SKU-A', quantity: 5, reserved: 5 });
    expect(d.lines[0].reservations.reduce((s: number, r: { quantity: number }) => s + r.quantity, 0)).toBe(5);
    expect(d.history.map((h: { action: string }) => h.action)).toEqual(['create', 'allocate']);
    expect(d.order).toMatchObject({ reservedUnits: 5, totalUnits: 5, consigneeName: 'Erika Muster', privateRemark: '' });
    const billed = await sql<{
      kind: string;
      quantity: number;
    }>`select kind, quantity from billing_activity where ref_type = 'outbound' and ref_id = ${String(created.id)} order by kind`.execute(t.database.db);
    expect(billed.rows).toEqual([
      { kind: 'outbound.line', quantity: 1 },
      { kind: 'outbound.order', quantity: 1 },
      { kind: 'outbound.unit', quantity: 5 },
    ]);
    // The inventory log names the reservation's document by its number, not the order's id (issue 15 item 8).
    const logged = (await get(`/v0/inventorylog/?refType=outbound&refId=${created.id}&l=100`)).data.data as Array<{ reason: string; refNo: string }>;
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.map((r) => [r.reason, r.refNo])).toEqual(logged.map(() => ['reserve', created.unid]));
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });

  it('waits out of stock, reserving nothing, and becomes ready to pick when stock is adjusted in', async () => {
    const free = await available('SKU-B');
    const created = await create([
      { sku: 'SKU-A', quantity: 1 },
      { sku: 'SKU-B', quantity: free + 3 },
    ]);
    expect(created.status).toBe(code('outOfStock'));
    expect((await detail(created.id)).order.reservedUnits).toBe(0);
    expect(await available('SKU-B')).toBe(free);
    const adjusted = await send('POST', '/v0/inventory/adjust', { item: 'SKU-B', compartment: 'A-01-01', delta: 3, reasonCode: 'found' });
    expect(adjusted.code).toBe('OK');
    const { orders } = outboundServices(t.core);
    expect(await reallocateWaiting(t.core, orders)).toBeGreaterThanOrEqual(1);
    const d = await detail(created.id);
    expect(d.order.status).toBe(code('readyToPick'));
    expect(d.history.at(-1)).toMatchObject({ action: 'reallocate', from: code('outOfStock'), to: code('readyToPick') });
  });

  it('reserves what there is when the merchant allows partial allocation, and waits for the rest', async () => {
    await sql`update merchants set settings = settings || '{"partialAllocation": true}'::jsonb where code = 'C001'`.execute(t.database.db);
    const free = await available('SKU-B');
    const created = await create([{ sku: 'SKU-B', quantity: free + 2 }]);
    expect(created.status).toBe(code('outOfStock'));
    expect((await detail(created.id)).lines[0].reserved).toBe(free);
    await sql`update merchants set settings = settings - 'partialAllocation' where code = 'C001'`.execute(t.database.db);
    await bulk([created.id], 'cancel');
    expect(await available('SKU-B')).toBe(free);
  });

  it('flags a wrong address instead of refusing it, and a corrected address resumes the order', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 1 }], merchantA, { consignee: { ...consignee, zip: '1011' } });
    const d = await detail(created.id, merchantA);
    expect(d.order.status).toBe(code('wrongAddress'));
    expect(d.order.addressProblems).toEqual([{ field: 'zip', problem: 'pattern' }]);
    expect(d.lines[0].reserved).toBe(1);
    const fixed = await send('PUT', `/v0/outbound/orders/${created.id}`, { version: d.order.version, consignee }, merchantA);
    expect(fixed.code, JSON.stringify(fixed)).toBe('OK');
    expect(fixed.data.order.status).toBe(code('readyToPick'));
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from outbound_orders`.execute(t.database.db)).rows[0]!.n);
    const before = await count();
    const foreign = await send('POST', '/v0/outbound/orders', order([{ sku: 'SKU-C', quantity: 1 }]), merchantA);
    expect(foreign).toMatchObject({ code: 'ItemNotFound', error: { fields: [{ field: 'lines.0.sku' }] } });
    const zero = await send('POST', '/v0/outbound/orders', order([{ sku: 'SKU-A', quantity: 0 }]), merchantA);
    expect(zero.code).toBe('IntegrityError');
    expect(zero.error.fields[0].field).toBe('lines.0.quantity');
    // Each field error names its rule and bounds, so the web words it with the field's label (issue 15 item 13).
    expect(zero.error.fields[0]).toMatchObject({ rule: 'moreThan', params: { min: 0 }, message: 'lines.0.quantity must be more than 0.' });
    const country = await send(
      'POST',
      '/v0/outbound/orders',
      order([{ sku: 'SKU-A', quantity: 1 }], { consignee: { ...consignee, country: 'XX' } }),
      merchantA,
    );
    expect(country.code).toBe('IntegrityError');
    expect(country.error.fields[0].field).toBe('consignee.country');
    const missing = await send('POST', '/v0/outbound/orders', { lines: [{ sku: 'SKU-A', quantity: 1 }], consignee }, merchantA);
    expect(missing.error.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['typeOfTask', 'modeOfTransport', 'pickupDate', 'unitQty', 'weight']),
    );
    expect(missing.error.fields.find((f: { field: string }) => f.field === 'weight')).toMatchObject({ rule: 'required' });
    const foreignMerchant = await send('POST', '/v0/outbound/orders', order([{ sku: 'SKU-A', quantity: 1 }], { merchantId: 2 }), merchantA);
    expect(foreignMerchant.code).toBe('NoPermission');
    const twice = await send(
      'POST',
      '/v0/outbound/orders',
      order([
        { sku: 'SKU-A', quantity: 1 },
        { sku: '4006381333931', quantity: 2 },
      ]),
      merchantA,
    );
    expect(twice.code).toBe('IntegrityError');
    expect(await count()).toBe(before);
  });
});

describe('changing an order', () => {
  it('answers Conflict to a stale edit and InvalidState to a merchant once picking started', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 2 }]);
    const d = await detail(created.id, merchantA);
    expect((await send('PUT', `/v0/outbound/orders/${created.id}`, { version: d.order.version, remark: 'first' }, merchantA)).code).toBe('OK');
    const stale = await send('PUT', `/v0/outbound/orders/${created.id}`, { version: d.order.version, remark: 'second' }, merchantA);
    expect(stale.code).toBe('Conflict');
    expect((await detail(created.id)).order.remark).toBe('first');
    await setStatus(created.id, 'readyToPack');
    const late = await send('PUT', `/v0/outbound/orders/${created.id}`, { version: (await detail(created.id)).order.version, remark: 'late' }, merchantA);
    expect(late.code).toBe('InvalidState');
  });

  it('re-allocates new lines and releases the old ones; copies keep the lines', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 2 }]);
    const freeA = await available('SKU-A');
    const d = await detail(created.id, merchantA);
    const lines = [{ sku: 'SKU-A', quantity: 4, batch: 'B2410' }];
    const changed = await send('PUT', `/v0/outbound/orders/${created.id}`, { version: d.order.version, lines }, merchantA);
    expect(changed.data.lines).toMatchObject([{ sku: 'SKU-A', batch: 'B2410', quantity: 4, reserved: 4 }]);
    expect(changed.data.lines[0].reservations).toMatchObject([{ compartment: 'B-10-01', batch: 'B2410', quantity: 4 }]);
    expect(await available('SKU-A')).toBe(freeA - 2);
    const copy = (await send('POST', `/v0/outbound/orders/${created.id}/copy`, undefined, merchantA)).data;
    expect(copy.unid).not.toBe(created.unid);
    expect((await detail(copy.id, merchantA)).lines).toMatchObject([{ sku: 'SKU-A', batch: 'B2410', quantity: 4, reserved: 4 }]);
  });
});

describe('status actions', () => {
  it('standby releases the stock, release allocates again; hold keeps it', async () => {
    const free = await available('SKU-A');
    const created = await create([{ sku: 'SKU-A', quantity: 3 }]);
    expect(await bulk([created.id], 'hold', merchantA)).toMatchObject([{ ok: true, status: code('hold') }]);
    expect(await available('SKU-A')).toBe(free - 3);
    expect(await bulk([created.id], 'standby', merchantA)).toMatchObject([{ ok: true, status: code('standby') }]);
    expect(await available('SKU-A')).toBe(free);
    expect(await bulk([created.id], 'release', merchantA)).toMatchObject([{ ok: true, status: code('readyToPick') }]);
    expect(await available('SKU-A')).toBe(free - 3);
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });

  it('update status recomputes from stock in both directions', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 1 }]);
    await send('POST', '/v0/inventory/release', { ref: { type: 'outbound', id: String(created.id) } });
    expect(await bulk([created.id], 'updateStatus', merchantA)).toMatchObject([{ ok: true, status: code('readyToPick') }]);
    expect((await detail(created.id)).lines[0].reserved).toBe(1);
  });

  it('a merchant cancels before picking at once; after picking the request is decided by staff', async () => {
    const free = await available('SKU-A');
    const early = await create([{ sku: 'SKU-A', quantity: 2 }]);
    expect(await bulk([early.id], 'requestCancel', merchantA)).toMatchObject([{ ok: true, status: code('canceled') }]);
    expect(await available('SKU-A')).toBe(free);
    const late = await create([{ sku: 'SKU-A', quantity: 2 }]);
    await setStatus(late.id, 'readyToPack');
    await sql`update outbound_lines set picked = 2 where order_id = ${late.id}`.execute(t.database.db);
    expect(await bulk([late.id], 'requestCancel', merchantA)).toMatchObject([{ ok: true, status: code('cancelRequested') }]);
    expect((await send('POST', `/v0/outbound/orders/${late.id}/cancel-decision`, { approve: true }, merchantA)).code).toBe('NoPermission');
    const declined = await send('POST', `/v0/outbound/orders/${late.id}/cancel-decision`, { approve: false, note: 'already packed' });
    expect(declined.data.order.status).toBe(code('readyToPack'));
    await bulk([late.id], 'requestCancel', merchantA);
    const approved = await send('POST', `/v0/outbound/orders/${late.id}/cancel-decision`, { approve: true });
    expect(approved.data.order.status).toBe(code('canceled'));
    const putbacks = await sql<{ quantity: number }>`select quantity from outbound_putbacks where order_id = ${late.id}`.execute(t.database.db);
    expect(putbacks.rows).toEqual([{ quantity: 2 }]);
    expect(approved.data.history.map((h: { action: string }) => h.action)).toContain('cancelDeclined');
  });

  it('an exception carries reason, owner and note and resumes where the order was', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 1 }]);
    const noReason = await send('POST', `/v0/outbound/orders/${created.id}/status`, { to: 'problem' });
    expect(noReason).toMatchObject({ code: 'IntegrityError', error: { fields: [{ field: 'reason' }] } });
    const raised = await send('POST', `/v0/outbound/orders/${created.id}/status`, { to: 'problem', reason: 'damaged box', owner: 'warehouse', note: 'check' });
    expect(raised.data.order).toMatchObject({
      status: code('problem'),
      exceptionReason: 'damaged box',
      exceptionOwner: 'warehouse',
      statusBefore: code('readyToPick'),
    });
    expect(await bulk([created.id], 'release')).toMatchObject([{ ok: true, status: code('readyToPick') }]);
    const forbidden = await send('POST', `/v0/outbound/orders/${created.id}/status`, { to: 'delivered' });
    expect(forbidden.code).toBe('InvalidState');
  });

  it('answers each order of a bulk action on its own', async () => {
    const a = await create([{ sku: 'SKU-A', quantity: 1 }]);
    const b = await create([{ sku: 'SKU-A', quantity: 1 }]);
    await setStatus(b.id, 'shipped');
    const results = await bulk([a.id, b.id, 999_999], 'hold', merchantA);
    expect(results).toMatchObject([
      { id: a.id, ok: true },
      { id: b.id, ok: false, code: 'InvalidState' },
      { id: 999_999, ok: false, code: 'NotFound' },
    ]);
    expect((await send('POST', '/v0/outbound/orders/bulk', { ids: [a.id], action: 'changeCarrier', carrier: 'UPS' }, merchantA)).code).toBe('NoPermission');
    expect(await bulk([a.id], 'changeCarrier', admin, { carrier: 'UPS' })).toMatchObject([{ ok: true }]);
  });

  it('deletes softly, lists deleted orders apart, and restores', async () => {
    const free = await available('SKU-A');
    const created = await create([{ sku: 'SKU-A', quantity: 2 }]);
    expect(await bulk([created.id], 'delete', merchantA)).toMatchObject([{ ok: true }]);
    expect(await available('SKU-A')).toBe(free);
    expect((await get(`/v0/outbound/lists/orders/?q=${created.unid}`, merchantA)).data.data).toHaveLength(0);
    expect((await get(`/v0/outbound/lists/deleted/?q=${created.unid}`, merchantA)).data.data).toHaveLength(1);
    expect(await bulk([created.id], 'restore', merchantA)).toMatchObject([{ ok: true, status: code('readyToPick') }]);
    expect(await available('SKU-A')).toBe(free - 2);
  });
});

describe('merchant scope and lists', () => {
  it('merchant B sees none of merchant A orders, in lists, detail, counts or actions', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 1 }]);
    expect((await get(`/v0/outbound/orders/${created.id}/detail`, merchantB)).code).toBe('NotFound');
    expect((await get(`/v0/outbound/lists/orders/?q=${created.unid}`, merchantB)).data.data).toHaveLength(0);
    expect((await get(`/v0/p11yorders/?q=${created.id}`, merchantB)).code).toBe('NotFound');
    expect(await bulk([created.id], 'hold', merchantB)).toMatchObject([{ ok: false, code: 'NotFound' }]);
    const countsB = (await get('/v0/outbound/lists/orders/counts', merchantB)).data;
    const countsA = (await get('/v0/outbound/lists/orders/counts', merchantA)).data;
    const all = (await get('/v0/outbound/lists/orders/counts')).data;
    expect(countsA.total + countsB.total).toBeLessThanOrEqual(all.total);
    expect(countsA.counts[String(code('readyToPick'))]).toBeGreaterThan(0);
  });

  it('keeps the count per status equal to the orders, before and after the deltas are folded', async () => {
    const actual = async () =>
      Object.fromEntries(
        (
          await sql<{ status: number; n: number }>`select status, count(*)::int as n from outbound_orders where deleted_at is null group by status`.execute(
            t.database.db,
          )
        ).rows.map((r) => [String(r.status), r.n]),
      );
    expect((await get('/v0/outbound/lists/orders/counts')).data.counts).toEqual(await actual());
    await outboundServices(t.core).lists.compactCounts();
    expect((await get('/v0/outbound/lists/orders/counts')).data.counts).toEqual(await actual());
    const rows = await sql<{ n: number }>`select count(*)::int as n from outbound_status_counts`.execute(t.database.db);
    expect(rows.rows[0]!.n).toBeLessThanOrEqual(Object.keys(await actual()).length * 2 + 2);
  });

  it('lists filter by status, carrier view and search, with a private remark hidden from merchants', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 1 }], admin, { merchantId: 1, privateRemark: 'staff only', refOrderId: 'SHOP-77' });
    const staffRow = (await get('/v0/outbound/lists/orders/?q=SHOP-77')).data.data[0];
    expect(staffRow).toMatchObject({ unid: created.unid, privateRemark: 'staff only' });
    const merchantRows = (await get('/v0/outbound/lists/orders/?q=SHOP-77', merchantA)).data.data;
    if (merchantRows.length) expect(merchantRows[0].privateRemark).toBe('');
    expect((await get(`/v0/outbound/lists/dhl/?q=${created.unid}`)).data.data).toHaveLength(1);
    expect((await get(`/v0/outbound/lists/ups/?q=${created.unid}`)).data.data).toHaveLength(0);
    expect((await get(`/v0/outbound/lists/orders/?status=${code('outOfStock')}&q=${created.unid}`)).data.data).toHaveLength(0);
    expect((await get(`/v0/outbound/lists/problematic/?status=${code('readyToPick')}`)).data.data).toHaveLength(0);
    expect((await get('/v0/outbound/lists/orders/?nonsense=1')).code).toBe('IntegrityError');
  });
});

describe('the original clients calls', () => {
  it('GET /v0/p11yorders/ and /list answer the original field names', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 2, batch: 'B2410' }], merchantA, {
      refOrderId: 'AMZ-1',
      remark: 'Fragile',
      parcels: [{ trackingNo: 'TRKX1' }, { trackingNo: 'TRKX2' }],
    });
    const one = (await get(`/v0/p11yorders/?q=${created.id}`, merchantA)).data;
    expect(one).toMatchObject({
      id: created.id,
      unid: created.unid,
      originSN: 'AMZ-1',
      recName1: 'Erika Muster',
      recCountry: 'DE',
      shipQty: 2,
      note: 'Fragile',
    });
    expect(one.shipBundle).toBe('TRKX1\nTRKX2');
    expect(JSON.parse(one.items)).toEqual([{ sku: 'SKU-A', qty: 2, itemBatch: 'B2410' }]);
    const list = (await get('/v0/p11yorders/list?l=10&o=0&q=TRKX2', merchantA)).data;
    expect(list.data.map((o: { id: number }) => o.id)).toEqual([created.id]);
    expect(list).toMatchObject({ total: 1, next: 0 });
  });

  it('scanLog selects by tracking number and logs a code once; outOfStock releases and waits', async () => {
    const created = await create([{ sku: 'SKU-A', quantity: 1 }], merchantA, { parcels: [{ trackingNo: 'LOG-777' }] });
    const selected = (await get('/v0/p11yorders/scanLog?id=0&q=LOG-777')).data;
    expect(selected.id).toBe(created.id);
    expect((await get('/v0/p11yorders/scanLog?id=0&q=NOPE-1')).data).toEqual({ id: 0, unid: '' });
    await get(`/v0/p11yorders/scanLog?id=${created.id}&q=LOG-777`);
    const again = (await get(`/v0/p11yorders/scanLog?id=${created.id}&q=LOG-777`)).data;
    expect(again.shipBundleSent).toEqual(['LOG-777']);
    const free = await available('SKU-A');
    expect((await get(`/v0/p11yorders/outOfStock?q=${created.id}`)).data).toBeNull();
    expect((await detail(created.id)).order.status).toBe(code('outOfStock'));
    expect(await available('SKU-A')).toBe(free + 1);
  });
});

describe('returns of an order', () => {
  it('make the original order partially retour received, then retour received when every unit is back', async () => {
    const created = await create([{ sku: 'SKU-B', quantity: 3 }], merchantA, { refOrderId: 'EBAY-9' });
    await setStatus(created.id, 'shipped');
    const itemId = (await get('/v0/item/any?q=SKU-B')).data.guid;
    const compartment = (await get('/v0/compartment/any?q=RET-01')).data.guid;
    const giveBack = async (shipSN: string, qty: number) => {
      await send('POST', '/v0/r7greceiving/', { shipSN, originSN: created.unid, agentGUID: 'C001' });
      const id = (await get(`/v0/r7greceiving/list?l=10&q=${shipSN}`)).data.data[0].id;
      const items = JSON.stringify([{ itemId, itemBatch: '', qty, valid: 1, remark: '', compartmentGUID: compartment }]);
      expect((await send('POST', '/v0/r7greceiving/inbound', { id, items })).code).toBe('OK');
    };
    await giveBack('RT-OUT-0001', 1);
    expect((await detail(created.id)).order.status).toBe(code('partiallyRetourReceived'));
    await giveBack('RT-OUT-0002', 2);
    const d = await detail(created.id);
    expect(d.order.status).toBe(code('retourReceived'));
    expect(d.history.at(-1)).toMatchObject({ action: 'return', note: 'RT-OUT-0002' });
  });
});

describe('the status table', () => {
  it('allows every transition of the table and refuses every other one', async () => {
    const created = await create([{ sku: 'SKU-B', quantity: 1 }]);
    const states = Object.keys(OUTBOUND_ORDER.states) as OutboundState[];
    const wrong: string[] = [];
    for (const from of states) {
      for (const to of states) {
        if (from === to) continue;
        await sql`update outbound_orders set status = ${code(from)}, status_before = null where id = ${created.id}`.execute(t.database.db);
        const answer = await send('POST', `/v0/outbound/orders/${created.id}/status`, { to, reason: 'table test' });
        const allowed = OUTBOUND_ORDER.can(code(from), to);
        if ((answer.code === 'OK') !== allowed) wrong.push(`${from} → ${to}: ${answer.code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  }, 120_000);
});
