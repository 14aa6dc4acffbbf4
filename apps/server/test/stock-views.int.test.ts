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
