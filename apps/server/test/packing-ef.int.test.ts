import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * The merchant-specific pack station `/wEP/PackScanEF`, the merchants' packing rules, weighing at a
 * station and the merchants' packing view by reference `/mEP/packScanRef` (issue 18 items 5 and 7;
 * docs/packing.md "Merchant rules"). Each test makes its own items and orders.
 */
let t: TestApp;
let admin: string;
let merchantA: string;
let merchantB: string;
let merchantAId: number;
let serial = 0;

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT', url: string, payload?: unknown, token = admin, key?: string) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);
const DEFAULT_RULES = { serialPerUnit: false, accessories: [], weighRequired: false, weightTolerancePct: null, weightToleranceKg: null, note: '' };

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA, merchantB] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
  merchantAId = Number(
    (await sql<{ merchant_id: number }>`select merchant_id from users where account = 'merchant-a@demo.local'`.execute(t.database.db)).rows[0]!.merchant_id,
  );
}, 240_000);
afterAll(async () => {
  await t?.close();
});
// Every test leaves the merchant's rules and the company's packing rules as it found them, also when it fails.
afterEach(async () => {
  await t.database.db.deleteFrom('merchant_packing_rules').execute();
  await sql`delete from settings where key = 'packing.rules'`.execute(t.database.db);
});

async function item(o: { weight?: number; serialRequired?: boolean; serialPattern?: string } = {}) {
  const sku = `EF-${++serial}-${Date.now() % 100000}`;
  const created = await send(
    'POST',
    '/v0/items/',
    {
      sku,
      name: `EF test ${sku}`,
      weight: o.weight ?? 0.5,
      serialRequired: o.serialRequired ?? false,
      ...(o.serialPattern ? { serialPattern: o.serialPattern } : {}),
    },
    merchantA,
  );
  expect(created.code, JSON.stringify(created)).toBe('OK');
  const itemId = Number(created.data.id);
  const adjusted = await send('POST', '/v0/inventory/adjust', { itemId, compartment: 'A-01-03', delta: 10, reasonCode: 'found' }, admin, `adj-${sku}`);
  expect(adjusted.code, JSON.stringify(adjusted)).toBe('OK');
  return { id: itemId, sku };
}

async function order(lines: Array<{ sku: string; quantity: number }>, extra: Record<string, unknown> = {}, token = merchantA) {
  const body = await send('POST', '/v0/outbound/orders', orderBody({ lines, ...extra }), token);
  expect(body.code, JSON.stringify(body)).toBe('OK');
  return body.data as { id: number; unid: string; status: number };
}

const statusOf = async (id: number) =>
  Number((await sql<{ status: number }>`select status from outbound_orders where id = ${id}`.execute(t.database.db)).rows[0]!.status);
const issueRows = (id: number) =>
  sql<{ delta: number; reason_code: string | null; item_id: number }>`select delta, reason_code, item_id from inventory_log
    where ref_type = 'outbound' and ref_id = ${String(id)} and reason = 'issue' order by id`
    .execute(t.database.db)
    .then((r) => r.rows.map((x) => ({ ...x, delta: Number(x.delta), item_id: Number(x.item_id) })));
const serialsOf = (id: number) =>
  sql<{ serial: string }>`select serial from outbound_serials where order_id = ${id} order by id`
    .execute(t.database.db)
    .then((r) => r.rows.map((x) => x.serial));
const boxS = async () => Number((await sql<{ id: number }>`select id from items where sku = 'BOX-S'`.execute(t.database.db)).rows[0]!.id);
const setRules = (rules: Record<string, unknown>) => send('PUT', `/v0/packing/merchant-rules/${merchantAId}`, rules, admin, `rules-${++serial}`);
const packEf = (id: number, body: Record<string, unknown>, key: string, token = admin) => send('POST', `/v0/packing/ef/orders/${id}/pack`, body, token, key);

describe("a merchant's packing rules", () => {
  it('are read with their defaults, set by staff with the merchant privilege, and refuse bad input', async () => {
    const initial = await get(`/v0/packing/merchant-rules/${merchantAId}`);
    expect(initial.code, JSON.stringify(initial)).toBe('OK');
    expect(initial.data).toMatchObject({ merchantId: merchantAId, ...DEFAULT_RULES, updatedAt: null });
    const saved = await setRules({ serialPerUnit: true, accessories: [{ code: 'ACC-CHG', name: 'Charger' }], weightTolerancePct: 20, note: 'Flyer on top' });
    expect(saved.code, JSON.stringify(saved)).toBe('OK');
    expect(saved.data).toMatchObject({
      serialPerUnit: true,
      accessories: [{ code: 'ACC-CHG', name: 'Charger' }],
      weightTolerancePct: 20,
      weightToleranceKg: null,
    });
    expect((await get(`/v0/packing/merchant-rules/${merchantAId}`)).data.note).toBe('Flyer on top');

    const duplicate = await setRules({ accessories: [{ code: 'x' }, { code: 'X' }] });
    expect(duplicate.code).toBe('IntegrityError');
    expect((await setRules({ weightTolerancePct: 200 })).code).toBe('IntegrityError');
    expect((await send('PUT', '/v0/packing/merchant-rules/999999', {}, admin, 'rules-nobody')).code).toBe('NotFound');
    expect((await send('PUT', `/v0/packing/merchant-rules/${merchantAId}`, { note: 'mine' }, merchantA, 'rules-by-merchant')).code).toBe('NoPermission');
    expect((await get(`/v0/packing/merchant-rules/${merchantAId}`)).data.note).toBe('Flyer on top');
  });
});

describe('the merchant-specific station (PackScanEF)', () => {
  it("finds the order with its merchant's rules, and packs only once serials, accessories and weight are given", async () => {
    const a = await item({ weight: 0.5, serialPattern: '^SN\\d{4}$' });
    const tag = ++serial;
    const o = await order([{ sku: a.sku, quantity: 2 }], { refOrderId: `REF-EF-${tag}` });
    expect((await setRules({ serialPerUnit: true, accessories: [{ code: 'ACC-CHG', name: 'Charger' }], weighRequired: true, note: 'Flyer on top' })).code).toBe(
      'OK',
    );

    const found = await get(`/v0/packing/ef/find?q=${o.unid}`);
    expect(found.code, JSON.stringify(found)).toBe('OK');
    expect(found.data).toMatchObject({
      orderId: o.id,
      unid: o.unid,
      refOrderId: `REF-EF-${tag}`,
      merchantId: merchantAId,
      weightNeeded: true,
      itemsWeightKg: 1,
      rules: { serialPerUnit: true, weighRequired: true, note: 'Flyer on top' },
      lines: [{ itemId: a.id, sku: a.sku, quantity: 2, serialsNeeded: 2, serialPattern: '^SN\\d{4}$', serials: [] }],
    });
    expect((await get(`/v0/packing/ef/find?q=${o.id}`)).data.orderId).toBe(o.id);
    expect((await get('/v0/packing/ef/find?q=NOPE-0000')).code).toBe('OrderNotFound');

    const box = await boxS();
    const full = {
      station: 'EF desk',
      parcels: [{ weight: 1.1, dimensions: { length: 30, width: 20, height: 10 }, materials: [{ itemId: box, quantity: 1 }] }],
      serials: [
        { itemId: a.id, serial: `SN${1000 + tag}` },
        { itemId: a.id, serial: `SN${2000 + tag}` },
      ],
      accessories: ['acc-chg'],
    };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ ...full, accessories: [] }, 'AccessoryMissing'],
      [{ ...full, accessories: ['ACC-CHG', 'ACC-OTHER'] }, 'AccessoryUnknown'],
      [{ ...full, serials: full.serials.slice(0, 1) }, 'SerialsMissing'],
      [{ ...full, serials: [full.serials[0], { itemId: a.id, serial: 'BAD-1' }] }, 'SnPatternMismatch'],
      [{ ...full, serials: [full.serials[0], full.serials[0]] }, 'SnUsed'],
      [{ ...full, parcels: [{ weight: null, materials: [] }] }, 'WeightRequired'],
      // Items 1.0 kg + box 0.08 kg; 3 kg is far beyond the company's tolerance: the station checks.
      [{ ...full, parcels: [{ weight: 3, materials: [{ itemId: box, quantity: 1 }] }] }, 'CheckWeight'],
    ];
    for (const [body, expected] of refusals) {
      const answer = await packEf(o.id, body, `ef-${expected}-${o.id}`);
      expect(answer.code, `${expected}: ${JSON.stringify(answer)}`).toBe(expected);
      expect(typeof answer.data).toBe('string');
    }
    // Nothing was booked or recorded by the refusals.
    expect(await statusOf(o.id)).toBe(code('readyToPick'));
    expect(await issueRows(o.id)).toEqual([]);
    expect(await serialsOf(o.id)).toEqual([]);

    const packed = await packEf(o.id, full, `ef-ok-${o.id}`);
    expect(packed.code, JSON.stringify(packed)).toBe('OK');
    expect(packed.data).toMatchObject({ outcome: 'packed', status: code('packed'), expectedWeightKg: 1.08 });
    expect(packed.data.parcels[0]).toMatchObject({ station: 'EF desk', units: 2, weightKg: 1.1, dimensions: { length: 30, width: 20, height: 10 } });
    expect(await serialsOf(o.id)).toEqual([`SN${1000 + tag}`, `SN${2000 + tag}`]);
    // The units and the box leave their compartments through the ledger, naming the order.
    expect(await issueRows(o.id)).toEqual([
      { delta: -2, reason_code: null, item_id: a.id },
      { delta: -1, reason_code: 'material', item_id: box },
    ]);
    // Same key: the stored answer; a new key (another station): already packed, nothing again.
    expect((await packEf(o.id, full, `ef-ok-${o.id}`)).data.outcome).toBe('packed');
    expect((await packEf(o.id, full, `ef-again-${o.id}`)).data.outcome).toBe('alreadyPacked');
    expect(await issueRows(o.id)).toHaveLength(2);
    expect((await get('/v0/inventory/check')).data).toEqual([]);

    // A serial is unique per item across the warehouse: another order cannot use it.
    const other = await order([{ sku: a.sku, quantity: 1 }]);
    const reused = await packEf(other.id, { ...full, serials: [full.serials[0]], parcels: [{ weight: 0.55 }] }, `ef-reuse-${other.id}`);
    expect(reused.code).toBe('SnUsed');
    expect(await issueRows(other.id)).toEqual([]);
  });

  it("takes the merchant's own weight tolerance in place of the company's", async () => {
    const a = await item({ weight: 1 });
    const strict = await order([{ sku: a.sku, quantity: 1 }]);
    // The company's tolerance (10 % or 0.1 kg) refuses 1.4 kg for 1 kg of items …
    expect((await packEf(strict.id, { parcels: [{ weight: 1.4 }] }, `tol-${strict.id}`)).code).toBe('CheckWeight');
    // … this merchant accepts 50 %.
    expect((await setRules({ weightTolerancePct: 50 })).code).toBe('OK');
    const loose = await packEf(strict.id, { parcels: [{ weight: 1.4 }] }, `tol2-${strict.id}`);
    expect(loose.code, JSON.stringify(loose)).toBe('OK');
    expect(loose.data.outcome).toBe('packed');
    const far = await order([{ sku: a.sku, quantity: 1 }]);
    expect((await packEf(far.id, { parcels: [{ weight: 1.6 }] }, `tol3-${far.id}`)).code).toBe('CheckWeight');
    const confirmed = await packEf(far.id, { parcels: [{ weight: 1.6 }], confirmWeight: true }, `tol4-${far.id}`);
    expect(confirmed.data.outcome).toBe('packed');
  });

  it('an order whose carrier needs dimensions waits in packet dimension needed until the station measures it', async () => {
    await sql`insert into settings (key, value) values ('packing.rules', ${JSON.stringify({ dimensionsNeeded: ['GLS'] })}::jsonb)
      on conflict (key) do update set value = excluded.value`.execute(t.database.db);
    const a = await item();
    const o = await order([{ sku: a.sku, quantity: 1 }], { carrier: 'GLS' });
    expect((await get(`/v0/packing/ef/find?q=${o.unid}`)).data).toMatchObject({ dimensionsNeeded: true, weightNeeded: false });
    const unmeasured = await packEf(o.id, { parcels: [{ weight: 0.5 }] }, `dim-${o.id}`);
    expect(unmeasured.data.status).toBe(code('packetDimensionNeeded'));
    expect((await send('POST', `/v0/packing/orders/${o.id}/label`)).code).toBe('InvalidState');
    const measured = await packEf(o.id, { parcels: [{ weight: 0.5, dimensions: { length: 20, width: 15, height: 10 } }] }, `dim2-${o.id}`);
    expect(measured.data.status).toBe(code('packed'));
    expect(measured.data.parcels[0].dimensions).toEqual({ length: 20, width: 15, height: 10 });
    expect(await issueRows(o.id)).toHaveLength(1);
  });

  it('keeps merchant users out of the station, and another merchant cannot find the order', async () => {
    const a = await item();
    const o = await order([{ sku: a.sku, quantity: 1 }]);
    expect((await get(`/v0/packing/ef/find?q=${o.unid}`, merchantA)).code).toBe('NoPermission');
    expect((await packEf(o.id, {}, `mA-${o.id}`, merchantA)).code).toBe('NoPermission');
    expect((await packEf(o.id, {}, `mB-${o.id}`, merchantB)).code).toBe('NoPermission');
    expect(await statusOf(o.id)).toBe(code('readyToPick'));
  });
});

describe("a merchant's packing by reference (packScanRef)", () => {
  it('shows the own orders by reference with their parcels, packer and tracking; never another merchant', async () => {
    const a = await item({ weight: 0.5 });
    const ref = `SHOP-${Date.now() % 1000000}-${++serial}`;
    const o = await order([{ sku: a.sku, quantity: 2 }], { refOrderId: ref });
    const second = await order([{ sku: a.sku, quantity: 1 }], { refOrderId: `${ref}-B` });
    expect((await packEf(o.id, { station: 'Desk 7', parcels: [{ weight: 1.02 }] }, `ref-${o.id}`)).data.outcome).toBe('packed');

    const mine = await get(`/v0/packing/ref?q=${ref.toLowerCase()}`, merchantA);
    expect(mine.code, JSON.stringify(mine)).toBe('OK');
    // The exact reference first, then the ones it starts.
    expect(mine.data.map((r: { orderId: number }) => r.orderId)).toEqual([o.id, second.id]);
    expect(mine.data[0]).toMatchObject({
      unid: o.unid,
      refOrderId: ref,
      status: code('packed'),
      units: 2,
      pickedUnits: 2,
      lines: [{ sku: a.sku, quantity: 2, picked: 2 }],
      parcels: [{ parcelIndex: 0, station: 'Desk 7', weightKg: 1.02 }],
    });
    expect(mine.data[0].parcels[0].userName).not.toBe('');
    expect(mine.data[1]).toMatchObject({ status: code('readyToPick'), pickedUnits: 0, parcels: [], trackingNumbers: [] });
    expect((await get(`/v0/packing/ref?q=${o.unid}`, merchantA)).data.map((r: { orderId: number }) => r.orderId)).toEqual([o.id]);

    // The label step gives the order its tracking number, which the merchant then sees.
    const label = await send('POST', `/v0/packing/orders/${o.id}/label`);
    expect(label.code, JSON.stringify(label)).toBe('OK');
    const tracked = await get(`/v0/packing/ref?q=${ref}`, merchantA);
    expect(tracked.data[0].trackingNumbers.length).toBeGreaterThan(0);

    // Merchant B asks for A's reference and order number: nothing.
    const theirs = await get(`/v0/packing/ref?q=${ref}`, merchantB);
    expect(theirs.code).toBe('OK');
    expect(theirs.data).toEqual([]);
    expect((await get(`/v0/packing/ref?q=${o.unid}`, merchantB)).data).toEqual([]);
    expect((await get('/v0/packing/ref?q=', merchantA)).code).toBe('IntegrityError');
  });
});
