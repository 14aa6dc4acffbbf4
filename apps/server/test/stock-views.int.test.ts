import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 5 leftovers: the grouped stock views summed on the server, a merged unit counted as one,
 * expiry dates on bookings, and components of composed items.
 */
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
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call({ method, url, token, payload: payload as never }).then((r) => r.body);
const merchantOf = async (sku: string) => (await get(`/v0/item/any?q=${sku}`)).data.merchantId as number;

/** A new item of merchant A (with the given fields). */
async function newItem(sku: string, fields: Record<string, unknown> = {}) {
  const created = await send('POST', '/v0/items/', { sku, name: `Test ${sku}`, merchantId: await merchantOf('SKU-A'), ...fields });
  expect(created.code, JSON.stringify(created)).toBe('OK');
  return created.data as { id: number; merchantId: number };
}

describe('grouped stock views', () => {
  const ROWS = 1200;
  const quantityOf = (g: number) => (g % 7) + 1;
  const expected = Array.from({ length: ROWS }, (_, i) => quantityOf(i + 1)).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    // 1,200 rows of one item in one compartment (one batch each), each with its opening ledger entry.
    const item = await newItem('MANY-1');
    const c = (await get('/v0/compartment/any?q=C-04-01')).data;
    await sql`insert into stock (merchant_id, item_id, warehouse_id, compartment_id, batch, status, quantity)
      select ${item.merchantId}, ${item.id}, ${c.warehouseId}, ${c.id}, 'L' || lpad(g::text, 5, '0'), 10, (g % 7) + 1
      from generate_series(1, ${ROWS}) as g`.execute(t.database.db);
    await sql`insert into inventory_log (merchant_id, stock_id, item_id, warehouse_id, compartment_id, batch, status, delta, quantity_after, reserved_after, reason)
      select merchant_id, id, item_id, warehouse_id, compartment_id, batch, status, quantity, quantity, 0, 'opening' from stock where item_id = ${item.id}`.execute(
      t.database.db,
    );
  });

  it('sums an item over more than 1,000 rows', async () => {
    const page = (await get('/v0/stock/groups?by=item&sku=MANY-1&quantity=1..')).data;
    expect(page.data).toEqual([expect.objectContaining({ sku: 'MANY-1', quantity: expected, reserved: 0, available: expected, rows: ROWS })]);
    expect(page).toMatchObject({ total: 1, next: null, sums: { quantity: expected, rows: ROWS } });
    // The same by compartment: C-04-01 holds nothing else.
    const byCompartment = (await get('/v0/stock/groups?by=compartment&compartmentCode=C-04-01')).data.data;
    expect(byCompartment).toEqual([expect.objectContaining({ compartmentCode: 'C-04-01', warehouseCode: 'DE01', quantity: expected, rows: ROWS })]);
  });

  it('pages the groups by keyset without losing or repeating one, with the sums of all of them', async () => {
    const seen: string[] = [];
    let total = 0;
    let o = '';
    for (let page = 0; page < 10; page++) {
      const body = (await get(`/v0/stock/groups?by=batch&sku=MANY-1&l=500${o ? `&o=${o}` : ''}`)).data;
      expect(body.sums).toMatchObject({ quantity: expected, rows: ROWS });
      expect(body.total).toBe(ROWS);
      seen.push(...body.data.map((g: { batch: string }) => g.batch));
      total += body.data.reduce((sum: number, g: { quantity: number }) => sum + g.quantity, 0);
      if (!body.next) break;
      o = body.next;
    }
    expect(seen.length).toBe(ROWS);
    expect(new Set(seen).size).toBe(ROWS);
    expect(seen).toEqual([...seen].sort());
    expect(total).toBe(expected);
  });

  it('scopes the groups to the merchant of the session and refuses bad input', async () => {
    const mine = (await get('/v0/stock/groups?by=merchant', merchantB)).data.data;
    expect(mine.map((g: { merchantName: string }) => g.merchantName)).toEqual(['EcoFlow Europe']);
    expect((await get('/v0/stock/groups?by=item&sku=MANY-1', merchantB)).data).toMatchObject({ data: [], total: 0, sums: { quantity: 0, rows: 0 } });
    expect((await get('/v0/stock/groups?by=item&sku=MANY-1', merchantA)).data.data[0]).toMatchObject({ quantity: expected });
    const byMerchant = (await get('/v0/stock/groups?by=merchant')).data.data;
    expect(byMerchant.length).toBe(2);
    const bad: Array<[string, string]> = [
      ['/v0/stock/groups?by=colour', 'by'],
      ['/v0/stock/groups?by=item&colour=red', 'colour'],
      ['/v0/stock/groups?by=item&o=nonsense', 'o'],
      ['/v0/stock/groups?by=item&quantity=x..', 'quantity'],
    ];
    for (const [url, field] of bad) {
      const res = await get(url);
      expect(res.code, url).toBe('IntegrityError');
      expect(res.error.fields[0].field, url).toBe(field);
    }
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });
});

describe('stocktaking merged units', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const code of ['C-09-01', 'C-10-01', 'C-11-01']) ids[code] = (await get(`/v0/compartment/any?q=${code}`)).data.id;
    const merchantId = await merchantOf('SKU-A');
    await newItem('ST-1');
    await newItem('ST-2');
    const book = async (sku: string, compartment: string, delta: number) =>
      expect((await send('POST', '/v0/inventory/adjust', { item: sku, compartment, delta, reasonCode: 'found' })).code).toBe('OK');
    await book('ST-1', 'C-09-01', 10);
    await book('ST-2', 'C-09-01', 4);
    await book('ST-2', 'C-10-01', 2);
    const unit = async (code: string, compartment: string, contents: Array<[string, number]>) => {
      expect((await send('POST', '/v0/munits/', { code, kind: 'box', compartmentId: ids[compartment], merchantId })).code).toBe('OK');
      for (const [item, quantity] of contents) expect((await send('POST', '/v0/munits/pack', { unit: code, item, quantity })).code).toBe('OK');
    };
    await unit('CU-1', 'C-09-01', [
      ['ST-1', 6],
      ['ST-2', 4],
    ]);
    await unit('CU-2', 'C-09-01', [['ST-1', 3]]);
    await unit('CU-3', 'C-10-01', [['ST-2', 2]]);
    await unit('CU-4', 'C-11-01', []);
  });

  const start = async () =>
    (
      await send('POST', '/v0/stocktakes/', {
        warehouseId: (await get('/v0/compartment/any?q=C-09-01')).data.warehouseId,
        compartmentIds: [ids['C-09-01'], ids['C-10-01']],
      })
    ).data;
  type Line = { unitCode: string | null; sku: string; expected: number; counted: number };
  const unitLines = (count: { lines: Line[] }, unit: string) =>
    count.lines
      .filter((l) => l.unitCode === unit)
      .map((l) => [l.sku, l.expected, l.counted])
      .sort();

  it('confirms a unit scanned where the books have it, counts a missing one as 0, reports one found elsewhere', async () => {
    const count = await start();
    expect(count.units.map((u: { code: string; outcome: null }) => [u.code, u.outcome])).toEqual([
      ['CU-1', null],
      ['CU-2', null],
      ['CU-3', null],
    ]);
    // The unit's rows are listed with the unit, apart from the loose stock.
    expect(count.stock.filter((s: { unitCode: string | null }) => s.unitCode === 'CU-1').length).toBe(2);

    const confirmed = (await send('PUT', `/v0/stocktakes/${count.id}/units`, { unit: 'cu-1', compartmentId: ids['C-09-01'] })).data;
    expect(confirmed.outcome).toBe('confirmed');
    expect(unitLines(confirmed, 'CU-1')).toEqual([
      ['ST-1', 6, 6],
      ['ST-2', 4, 4],
    ]);
    const missing = (await send('PUT', `/v0/stocktakes/${count.id}/units`, { unit: 'CU-2', missing: true })).data;
    expect(unitLines(missing, 'CU-2')).toEqual([['ST-1', 3, 0]]);
    const elsewhere = (await send('PUT', `/v0/stocktakes/${count.id}/units`, { unit: 'CU-3', compartmentId: ids['C-09-01'] })).data;
    expect(elsewhere.outcome).toBe('elsewhere');
    expect(elsewhere.units.find((u: { code: string }) => u.code === 'CU-3')).toMatchObject({
      compartment: 'C-10-01',
      outcome: 'elsewhere',
      foundCompartment: 'C-09-01',
    });
    expect(unitLines(elsewhere, 'CU-3')).toEqual([]);

    // Bad scans answer a clear error naming the field and change nothing.
    const bad: Array<[unknown, string, string]> = [
      [{ unit: 'NOPE', compartmentId: ids['C-09-01'] }, 'NotFound', 'unit'],
      [{ unit: 'CU-1', compartmentId: ids['C-11-01'] }, 'IntegrityError', 'compartmentId'],
      [{ unit: 'CU-1' }, 'IntegrityError', 'compartmentId'],
      [{ unit: 'CU-1', compartmentId: ids['C-09-01'], missing: true }, 'IntegrityError', 'compartmentId'],
      [{ unit: 'CU-4', missing: true }, 'IntegrityError', 'unit'],
    ];
    for (const [body, code, field] of bad) {
      const res = await send('PUT', `/v0/stocktakes/${count.id}/units`, body);
      expect(res.code, JSON.stringify(body)).toBe(code);
      expect(res.error.fields[0].field, JSON.stringify(body)).toBe(field);
    }
    const after = (await get(`/v0/stocktakes/${count.id}`)).data;
    expect(after.lines).toEqual(elsewhere.lines);
    expect(after.units).toEqual(elsewhere.units);

    // Approval posts counted − expected: CU-2's contents go to 0, the confirmed and reported units stay.
    const posted = (await send('POST', `/v0/stocktakes/${count.id}/post`)).data;
    expect(posted.status).toBe('posted');
    const inUnit = async (unit: string) =>
      ((await get(`/v0/munits/any?q=${unit}`)).data.items as Array<{ sku: string; quantity: number }>).map((i) => [i.sku, i.quantity]).sort();
    expect(await inUnit('CU-1')).toEqual([
      ['ST-1', 6],
      ['ST-2', 4],
    ]);
    expect(await inUnit('CU-2')).toEqual([]);
    expect(await inUnit('CU-3')).toEqual([['ST-2', 2]]);
    const log = (await get('/v0/inventorylog/?sku=ST-1&reason=count')).data.data;
    expect(log.map((l: { delta: number; refId: string }) => [l.delta, l.refId])).toEqual([[-3, String(count.id)]]);
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });

  it('refuses to post a missing unit whose contents are reserved, until they are released', async () => {
    const count = await start();
    expect((await send('PUT', `/v0/stocktakes/${count.id}/units`, { unit: 'CU-1', missing: true })).code).toBe('OK');
    const st2 = (await get('/v0/item/any?q=ST-2')).data.id;
    // ST-2: 4 in CU-1 and 2 in CU-3, nothing loose: reserving all 6 reserves CU-1's 4.
    expect((await send('POST', '/v0/inventory/reserve', { itemId: st2, quantity: 6, ref: { type: 'order', id: 'CU-T' } })).code).toBe('OK');
    const refused = await send('POST', `/v0/stocktakes/${count.id}/post`);
    expect(refused.code).toBe('InsufficientStock');
    expect(refused.error.fields[0].field).toBe('lines');
    expect((await get(`/v0/stocktakes/${count.id}`)).data.status).toBe('open');
    expect((await send('POST', '/v0/inventory/release', { ref: { type: 'order', id: 'CU-T' } })).code).toBe('OK');
    expect((await send('POST', `/v0/stocktakes/${count.id}/post`)).data.status).toBe('posted');
    expect((await get('/v0/munits/any?q=CU-1')).data.items).toEqual([]);
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });
});

describe('expiry dates', () => {
  const adjust = (body: Record<string, unknown>) => send('POST', '/v0/inventory/adjust', { compartment: 'C-12-01', reasonCode: 'found', ...body });
  const rows = async (sku: string) =>
    ((await get(`/v0/stock/?sku=${sku}&quantity=1..`)).data.data as Array<{ compartmentCode: string; quantity: number; expiry: string | null }>)
      .map((r) => [r.compartmentCode, r.quantity, r.expiry])
      .sort();

  it('requires a date when units of an expiry-tracked item are added, keeps it on the row and moves it along', async () => {
    await newItem('EXP-1', { expiryTracked: true });
    expect((await get('/v0/item/any?q=EXP-1')).data).toMatchObject({ expiryTracked: true, batchTracked: false });
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ item: 'EXP-1', delta: 5 }, 'EXP-1 is expiry-tracked: a best-before date is required.'],
      [{ item: 'EXP-1', delta: 5, expiry: '31.12.2027' }, 'expiry is invalid.'],
      [{ item: 'EXP-1', delta: 5, expiry: '2027-13-01' }, 'expiry is invalid.'],
    ];
    for (const [body, message] of bad) {
      const res = await adjust(body);
      expect(res.code, JSON.stringify(body)).toBe('IntegrityError');
      expect(res.error.fields[0], JSON.stringify(body)).toMatchObject({ field: 'expiry', message });
    }
    expect(await rows('EXP-1')).toEqual([]);
    const booked = await adjust({ item: 'EXP-1', delta: 5, expiry: '2027-06-30' });
    expect(booked.data).toMatchObject({ quantity: 5, expiry: '2027-06-30' });
    expect((await adjust({ item: 'EXP-1', delta: 2, expiry: '2027-06-30' })).data).toMatchObject({ quantity: 7 });
    // Another date in the same row is another batch.
    const other = await adjust({ item: 'EXP-1', delta: 2, expiry: '2028-01-01' });
    expect(other.error.fields[0].field).toBe('expiry');
    expect((await adjust({ item: 'EXP-1', batch: 'L2', delta: 2, expiry: '2028-01-01' })).code).toBe('OK');
    // Removing units takes no date.
    expect((await adjust({ item: 'EXP-1', delta: -1, expiry: '2027-06-30' })).error.fields[0]).toMatchObject({ field: 'expiry' });
    expect((await adjust({ item: 'EXP-1', delta: -1, reasonCode: 'lost' })).data).toMatchObject({ quantity: 6, expiry: '2027-06-30' });
    expect((await send('POST', '/v0/inventory/move', { item: 'EXP-1', compartment: 'C-12-01', quantity: 4, toCompartment: 'C-08-01' })).code).toBe('OK');
    expect(await rows('EXP-1')).toEqual([
      ['C-08-01', 4, '2027-06-30'],
      ['C-12-01', 2, '2027-06-30'],
      ['C-12-01', 2, '2028-01-01'],
    ]);
  });

  it('refuses a date for an item that is not expiry-tracked', async () => {
    await newItem('EXP-0');
    const res = await adjust({ item: 'EXP-0', delta: 1, expiry: '2027-06-30' });
    expect(res.code).toBe('IntegrityError');
    expect(res.error.fields[0]).toMatchObject({ field: 'expiry', message: 'EXP-0 is not expiry-tracked: leave the best-before date empty.' });
    expect(await rows('EXP-0')).toEqual([]);
    expect((await adjust({ item: 'EXP-0', delta: 1 })).data).toMatchObject({ quantity: 1, expiry: null });
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });
});

describe('components of composed items', () => {
  it('are a lines field of the item masks, picked from the items of the same merchant', async () => {
    for (const name of ['wms.item', 'mep.item']) {
      const mask = JSON.parse((await get(`/v0/masken/?q=${name}`)).data.mask);
      const field = mask.fields.find((f: { id: string }) => f.id === 'components');
      expect(field).toMatchObject({ type: 'lines', lines: { lookup: { api: '/v0/items/', valueField: 'id', labelField: 'sku' }, itemKey: 'itemId' } });
    }
    const merchantA = await merchantOf('SKU-A');
    const merchantB = await merchantOf('SKU-C');
    // The picker searches by SKU or name within the merchant, and reads the labels of the ids on the lines.
    const picked = (await get(`/v0/items/?merchantId=${merchantA}&q=cable&l=20`)).data.data.map((i: { sku: string }) => i.sku);
    expect(picked).toContain('SKU-B');
    expect((await get(`/v0/items/?merchantId=${merchantB}&q=cable&l=20`)).data.data.map((i: { sku: string }) => i.sku)).toEqual(['EF-CABLE-XT60']);
    const [a, b] = await Promise.all([get('/v0/item/any?q=SKU-A'), get('/v0/item/any?q=SKU-B')]);
    const labels = (await get(`/v0/items/?id=${a.data.id}&id=${b.data.id}&l=100`)).data.data.map((i: { sku: string }) => i.sku).sort();
    expect(labels).toEqual(['SKU-A', 'SKU-B']);
    const kit = await send('POST', '/v0/items/', {
      sku: 'KIT-L',
      name: 'Kit',
      type: 4,
      merchantId: merchantA,
      components: [
        { itemId: a.data.id, quantity: 1 },
        { itemId: b.data.id, quantity: 2 },
      ],
    });
    expect(kit.data.components).toEqual([
      { itemId: a.data.id, quantity: 1 },
      { itemId: b.data.id, quantity: 2 },
    ]);
    const zero = await send('PUT', `/v0/items/${kit.data.id}`, { components: [{ itemId: a.data.id, quantity: 0 }], version: kit.data.version });
    expect(zero.code).toBe('IntegrityError');
  });
});
