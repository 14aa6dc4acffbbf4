import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
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
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call({ method, url, token, payload: payload as never }).then((r) => r.body);
const rowsOf = async (sku: string, token = admin) =>
  (await get(`/v0/stock/?sku=${sku}&l=50`, token)).data.data as Array<{
    compartmentCode: string;
    batch: string;
    quantity: number;
    reserved: number;
    status: number;
  }>;
const qty = async (sku: string, compartment: string, status = 10) =>
  (await rowsOf(sku)).find((r) => r.compartmentCode === compartment && r.status === status)?.quantity ?? 0;
const reservedAt = async (sku: string, compartment: string, status = 10) =>
  (await rowsOf(sku)).find((r) => r.compartmentCode === compartment && r.status === status)?.reserved ?? 0;

describe('lookups of the original clients', () => {
  it('finds an item by SKU or barcode and answers an empty object on a miss', async () => {
    const bySku = (await get('/v0/item/any?q=SKU-A')).data;
    expect(bySku).toMatchObject({ unid: 'SKU-A', barcode: '4006381333931', weight: 0.45, agentGUID: 'C001', customer: 'Anker Innovations DE' });
    expect(bySku.guid).not.toBe('');
    expect((await get('/v0/item/any?q=6970000000011')).data).toMatchObject({ unid: 'SKU-C', weight: 9.8, serialRequired: true });
    expect((await get('/v0/item/any?q=NOPE')).data).toEqual({ guid: '', unid: '' });
    // A merchant finds only its own items.
    expect((await get('/v0/item/any?q=SKU-C', merchantA)).data).toEqual({ guid: '', unid: '' });
  });

  it('finds a compartment with its totals, and lists its stock by LocationGUID', async () => {
    const c = (await get('/v0/compartment/any?q=a-01-01')).data;
    expect(c).toMatchObject({
      name: 'A-01-01',
      warehouseUNID: 'DE01',
      zoneCode: 'A',
      pickingPriority: 1,
      // 10 units of SKU-A reserved for MO20260001 (facts §8), plus what the demo picklists' orders hold
      // there (seed-picking.ts: 3 SKU-A of batch B2409 and 9 SKU-B).
      inventory: { quantity: 620, lockedQty: 22, rows: 2 },
    });
    expect((await get('/v0/compartment/any?q=Z-99-99')).data).toEqual({ guid: '', name: '' });
    const list = (await get(`/v0/inventory/list?l=100&o=1970-01-01T00:00:00.000Z&LocationGUID=${c.guid}`)).data;
    expect(list.data.map((r: { itemUnid: string }) => r.itemUnid).sort()).toEqual(['SKU-A', 'SKU-B']);
    expect(list.data.find((r: { itemUnid: string }) => r.itemUnid === 'SKU-A')).toMatchObject({
      itemBatch: 'B2409',
      quantity: 120,
      lockedQty: 13,
      warehouse: 'DE01',
      status: 10,
    });
  });

  it('pages the inventory list by time cursor without losing or repeating rows', async () => {
    const seen: number[] = [];
    let o: string | number = '1970-01-01T00:00:00.000Z';
    for (let page = 0; page < 20 && o; page++) {
      const body: { data: Array<{ id: number }>; next: string | number } = (await get(`/v0/inventory/list?l=4&o=${encodeURIComponent(String(o))}`)).data;
      seen.push(...body.data.map((r: { id: number }) => r.id));
      o = body.next;
    }
    const all = (await get('/v0/inventory/list?l=500')).data;
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.data.map((r: { id: number }) => r.id).sort());
    expect((await get('/v0/inventory/list?q=b24')).data.data.map((r: { itemBatch: string }) => r.itemBatch).sort()).toEqual(['B2409', 'B2410']);
  });

  it('lists packing materials (Type=2)', async () => {
    const opts = (await get('/v0/item/opts?Type=2')).data.map((i: { unid: string }) => i.unid);
    expect(opts).toEqual(['BOX-L', 'BOX-M', 'BOX-S']);
    expect((await get('/v0/item/opts?Type=2', merchantB)).data.map((i: { unid: string }) => i.unid)).toEqual(['BOX-L']);
  });
});

describe('items', () => {
  it('keeps barcodes unique per merchant, but lets two merchants share one', async () => {
    const created = await send('POST', '/v0/items/', { sku: 'NEW-1', name: 'New', barcodes: ['111222333'] }, merchantA);
    expect(created.code).toBe('OK');
    const dup = await send('POST', '/v0/items/', { sku: 'NEW-2', name: 'New 2', barcodes: ['4006381333931'] }, merchantA);
    expect(dup.code).toBe('Duplicate');
    expect(dup.error.fields[0]).toMatchObject({ field: 'barcodes', message: '4006381333931' });
    expect((await send('POST', '/v0/items/', { sku: 'SKU-B', name: 'Clash', barcodes: [] }, merchantA)).code).toBe('Duplicate');
    expect((await send('POST', '/v0/items/', { sku: 'NEW-1', name: 'B owns one too', barcodes: ['111222333'] }, merchantB)).code).toBe('OK');
    expect((await get('/v0/item/any?q=111222333', merchantB)).data.unid).toBe('NEW-1');
  });

  it('requires components for composed types and refuses components of another merchant', async () => {
    const cable = (await get('/v0/item/any?q=SKU-B')).data.id;
    const station = (await get('/v0/item/any?q=SKU-C')).data.id;
    expect((await send('POST', '/v0/items/', { sku: 'KIT-1', name: 'Kit', type: 5 }, merchantA)).error.fields[0].field).toBe('components');
    const foreign = await send('POST', '/v0/items/', { sku: 'KIT-1', name: 'Kit', type: 5, components: [{ itemId: station, quantity: 1 }] }, merchantA);
    expect(foreign.error.fields[0].field).toBe('components');
    const kit = await send('POST', '/v0/items/', { sku: 'KIT-1', name: 'Kit', type: 5, components: [{ itemId: cable, quantity: 2 }] }, merchantA);
    expect(kit.data).toMatchObject({ sku: 'KIT-1', components: [{ itemId: cable, quantity: 2 }] });
    expect((await send('DELETE', `/v0/items/${cable}`)).code).toBe('InUse');
  });

  it('shows a merchant only its own items, stock and log', async () => {
    const items = (await get('/v0/items/?l=100', merchantB)).data.data.map((i: { sku: string }) => i.sku);
    expect(items).toContain('SKU-C');
    expect(items).not.toContain('SKU-A');
    expect((await rowsOf('SKU-A', merchantB)).length).toBe(0);
    expect((await rowsOf('SKU-A', merchantA)).length).toBe(2);
    const log = (await get('/v0/inventorylog/?l=200', merchantB)).data.data.map((l: { sku: string }) => l.sku);
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((sku: string) => sku.startsWith('SKU-C') || sku.startsWith('EF-') || sku === 'BOX-L' || sku === 'NEW-1')).toBe(true);
    expect((await get('/v0/inventory/list?l=500', merchantB)).data.data.every((r: { customer: string }) => r.customer === 'EcoFlow Europe')).toBe(true);
    // Merchants read stock but do not change it.
    expect((await send('POST', '/v0/inventory/adjust', { item: 'SKU-A', compartment: 'A-01-01', delta: 1, reasonCode: 'found' }, merchantA)).code).toBe(
      'NoPermission',
    );
  });
});

describe('stock operations', () => {
  it('adjusts with a reason code and writes the ledger row', async () => {
    const res = await send('POST', '/v0/inventory/adjust', { item: 'SKU-B', compartment: 'A-01-01', delta: -5, reasonCode: 'damaged', note: 'crushed' });
    expect(res.data).toMatchObject({ quantity: 495 });
    const log = (await get('/v0/inventorylog/?sku=SKU-B&l=1')).data.data[0];
    expect(log).toMatchObject({
      delta: -5,
      quantityAfter: 495,
      reason: 'adjust',
      reasonCode: 'damaged',
      note: 'crushed',
      compartmentCode: 'A-01-01',
      userName: 'Ada Admin',
    });
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await qty('SKU-B', 'A-01-01');
    const cases: Array<[unknown, string]> = [
      [{ item: 'NOPE', compartment: 'A-01-01', delta: 1, reasonCode: 'found' }, 'ItemNotFound'],
      [{ item: 'SKU-B', compartment: 'Z-99-99', delta: 1, reasonCode: 'found' }, 'CompartmentNotFound'],
      [{ item: 'SKU-B', compartment: 'A-01-01', delta: 1.5, reasonCode: 'found' }, 'IntegrityError'],
      [{ item: 'SKU-B', compartment: 'A-01-01', delta: -100000, reasonCode: 'lost' }, 'InsufficientStock'],
      [{ item: 'SKU-B', compartment: 'A-01-01', delta: 1, reasonCode: 'whim' }, 'IntegrityError'],
    ];
    for (const [body, code] of cases) expect((await send('POST', '/v0/inventory/adjust', body)).code, JSON.stringify(body)).toBe(code);
    const moves: Array<[unknown, string]> = [
      [{ item: 'SKU-B', compartment: 'A-01-01', quantity: -3, toCompartment: 'A-01-02' }, 'IntegrityError'],
      [{ item: 'SKU-B', compartment: 'A-01-01', quantity: 100000, toCompartment: 'A-01-02' }, 'InsufficientStock'],
      [{ item: 'SKU-C', compartment: 'A-01-01', quantity: 1, toCompartment: 'A-01-02' }, 'InsufficientStock'],
    ];
    for (const [body, code] of moves) expect((await send('POST', '/v0/inventory/move', body)).code, JSON.stringify(body)).toBe(code);
    const insufficient = await send('POST', '/v0/inventory/move', { item: 'SKU-B', compartment: 'A-01-01', quantity: 100000, toCompartment: 'A-01-02' });
    // Available is what is on hand less what orders hold (the demo picklists' orders reserve SKU-B here).
    expect(insufficient.data).toBe(`Not enough stock: ${before - (await reservedAt('SKU-B', 'A-01-01'))} available, 100000 requested.`);
    expect(await qty('SKU-B', 'A-01-01')).toBe(before);
    // An item of another merchant is not found for that merchant's scope (admin narrowed to merchant A).
    const other = (await get('/v0/item/any?q=SKU-C')).data.id;
    const asA = await t.call({
      method: 'POST',
      url: '/v0/items/',
      token: merchantA,
      payload: { sku: 'X', name: 'X', type: 5, components: [{ itemId: other, quantity: 1 }] },
    });
    expect(asA.body.code).toBe('IntegrityError');
  });

  it('moves by scanned codes, keeps totals, and refuses a blocked compartment', async () => {
    const moved = await send('POST', '/v0/inventory/move', { item: '4006381333948', compartment: 'a-01-01', quantity: 20, toCompartment: 'A-03-04' });
    expect(moved.code).toBe('OK');
    expect(await qty('SKU-B', 'A-03-04')).toBe(20);
    expect(await qty('SKU-B', 'A-01-01')).toBe(475);
    const b10 = (await get('/v0/compartments/?code=B-11-04')).data.data[0];
    await send('PUT', `/v0/compartments/${b10.id}`, {
      ...b10,
      blocked: true,
      id: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      capacityWeight: undefined,
      capacityVolume: undefined,
    });
    const blocked = await send('POST', '/v0/inventory/move', { item: 'SKU-B', compartment: 'A-01-01', quantity: 1, toCompartment: 'B-11-04' });
    expect(blocked.code).toBe('CompartmentBlocked');
    expect(blocked.data).toBe('Compartment B-11-04 is blocked.');
  });

  it('moves reserved units only when asked, carrying their reservations along', async () => {
    // SKU-A in A-01-01: 120 on hand, 13 reserved (10 for MO20260001, 3 for an order of the demo picklist
    // PL20260002) → 107 movable without reservations.
    expect(
      (await send('POST', '/v0/inventory/move', { item: 'SKU-A', compartment: 'A-01-01', batch: 'B2409', quantity: 115, toCompartment: 'A-03-03' })).code,
    ).toBe('InsufficientStock');
    const moved = await send('POST', '/v0/inventory/move', {
      item: 'SKU-A',
      compartment: 'A-01-01',
      batch: 'B2409',
      quantity: 115,
      toCompartment: 'A-03-03',
      withReservations: true,
    });
    expect(moved.data.from).toMatchObject({ quantity: 5, reserved: 5 });
    expect(moved.data.to).toMatchObject({ quantity: 115, reserved: 8 });
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });

  it('damages and releases units by changing their status', async () => {
    const res = await send('POST', '/v0/inventory/status', { item: 'ANK-HUB-7', compartment: 'A-01-03', quantity: 4, toStatus: 2 });
    expect(res.data.from).toMatchObject({ quantity: 56, status: 10 });
    expect(res.data.to).toMatchObject({ quantity: 4, status: 2 });
    expect(await qty('ANK-HUB-7', 'A-01-03', 2)).toBe(4);
  });
});

describe('reservations', () => {
  it('reserves by picking priority, refuses a shortage unless partial, and releases', async () => {
    const item = (await get('/v0/item/any?q=ANK-CHG-65')).data.id; // 80 in A-01-02 (prio 11), 400 in C-02-01 (bulk)
    const first = await send('POST', '/v0/inventory/reserve', { itemId: item, quantity: 100, ref: { type: 'order', id: 'T-1' } });
    expect(first.data.lines.map((l: { quantity: number }) => l.quantity)).toEqual([80, 20]);
    const short = await send('POST', '/v0/inventory/reserve', { itemId: item, quantity: 1000, ref: { type: 'order', id: 'T-2' } });
    expect(short.code).toBe('InsufficientStock');
    const partial = await send('POST', '/v0/inventory/reserve', { itemId: item, quantity: 1000, ref: { type: 'order', id: 'T-2' }, partial: true });
    expect(partial.data).toMatchObject({ requested: 1000, reserved: 380 });
    expect((await send('POST', '/v0/inventory/release', { ref: { type: 'order', id: 'T-2' }, quantity: 30 })).data).toEqual({ released: 30 });
    expect((await send('POST', '/v0/inventory/release', { ref: { type: 'order', id: 'T-1' } })).data).toEqual({ released: 100 });
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });
});

describe('available stock', () => {
  it('is only what can be reserved: one rule for the stock lists, the item sums and the allocation (issue 15 item 9)', async () => {
    const merchantId = (await get('/v0/item/any?q=SKU-A')).data.merchantId as number;
    const warehouseId = (await get('/v0/compartment/any?q=A-01-01')).data.warehouseId as number;
    const item = (await send('POST', '/v0/items/', { sku: 'AVAIL-1', name: 'Available test', merchantId })).data.id as number;
    // Four rows of one item: valid in a pick compartment (5), still receiving in an inbound staging
    // compartment (4), valid in a blocked pick compartment (3), damaged in a pick compartment (2).
    const places = [
      ['AV-PICK', 'pick', false, 10, 5],
      ['AV-STAGE', 'staging', false, 5, 4],
      ['AV-BLOCK', 'pick', true, 10, 3],
      ['AV-DMG', 'pick', false, 2, 2],
    ] as const;
    for (const [code, kind, blocked, status, quantity] of places) {
      const c = await sql<{
        id: number;
      }>`insert into compartments (warehouse_id, code, kind, blocked) values (${warehouseId}, ${code}, ${kind}, ${blocked}) returning id`.execute(
        t.database.db,
      );
      await sql`insert into stock (merchant_id, item_id, warehouse_id, compartment_id, batch, status, quantity)
        values (${merchantId}, ${item}, ${warehouseId}, ${c.rows[0]!.id}, '', ${status}, ${quantity})`.execute(t.database.db);
    }
    // Each row with its opening ledger entry, as every stock row has.
    await sql`insert into inventory_log (merchant_id, stock_id, item_id, warehouse_id, compartment_id, batch, status, delta, quantity_after, reserved_after, reason)
      select merchant_id, id, item_id, warehouse_id, compartment_id, batch, status, quantity, quantity, 0, 'opening' from stock where item_id = ${item}`.execute(
      t.database.db,
    );
    const rows = (await get('/v0/stock/?sku=AVAIL-1&l=100')).data.data as Array<{ compartmentCode: string; quantity: number; available: number }>;
    expect(Object.fromEntries(rows.map((r) => [r.compartmentCode, [r.quantity, r.available]]))).toEqual({
      'AV-PICK': [5, 5],
      'AV-STAGE': [4, 0],
      'AV-BLOCK': [3, 0],
      'AV-DMG': [2, 0],
    });
    const sums = (await get('/v0/stock/groups?by=item&sku=AVAIL-1')).data.data;
    expect(sums).toEqual([expect.objectContaining({ sku: 'AVAIL-1', quantity: 14, available: 5 })]);
    // The allocation agrees: 6 cannot be reserved, and it says 5 are there.
    const short = await send('POST', '/v0/inventory/reserve', { itemId: item, quantity: 6, ref: { type: 'order', id: 'AV-1' } });
    expect(short).toMatchObject({ code: 'InsufficientStock' });
    expect(short.error.fields[0].message).toContain('5');
    const taken = await send('POST', '/v0/inventory/reserve', { itemId: item, quantity: 5, ref: { type: 'order', id: 'AV-1' } });
    expect(taken.data.lines).toEqual([expect.objectContaining({ quantity: 5 })]);
    const after = (await get('/v0/stock/?sku=AVAIL-1&compartmentCode=AV-PICK')).data.data[0];
    expect(after).toMatchObject({ quantity: 5, reserved: 5, available: 0 });
    await send('POST', '/v0/inventory/release', { ref: { type: 'order', id: 'AV-1' } });
  });
});

describe('stocktaking', () => {
  it('shows differences, keeps picks made in between, and posts adjustments', async () => {
    const compartment = (await get('/v0/compartment/any?q=A-02-02')).data; // ANK-EAR-P3: 150
    const item = (await get('/v0/item/any?q=ANK-EAR-P3')).data.id;
    const count = (await send('POST', '/v0/stocktakes/', { warehouseId: compartment.warehouseId, compartmentIds: [compartment.id] })).data;
    expect(count.stock.map((s: { sku: string; quantity: number }) => [s.sku, s.quantity])).toEqual([['ANK-EAR-P3', 150]]);
    const counted = (await send('PUT', `/v0/stocktakes/${count.id}/lines`, { lines: [{ compartmentId: compartment.id, itemId: item, counted: 147 }] })).data;
    expect(counted.lines[0]).toMatchObject({ expected: 150, counted: 147, difference: -3 });
    // A pick (here an adjustment) happens between counting and approval: it is not lost.
    await send('POST', '/v0/inventory/adjust', { itemId: item, compartment: 'A-02-02', delta: -10, reasonCode: 'sample' });
    const posted = (await send('POST', `/v0/stocktakes/${count.id}/post`)).data;
    expect(posted.status).toBe('posted');
    expect(await qty('ANK-EAR-P3', 'A-02-02')).toBe(137);
    expect((await send('POST', `/v0/stocktakes/${count.id}/post`)).code).toBe('InvalidState');
    const log = (await get('/v0/inventorylog/?sku=ANK-EAR-P3&reason=count')).data.data[0];
    expect(log).toMatchObject({ delta: -3, refType: 'stocktake', refId: String(count.id) });
  });

  it('cancels an open count without touching stock, and answers the count as every stocktake call does', async () => {
    const compartment = (await get('/v0/compartment/any?q=A-02-02')).data;
    const before = await qty('ANK-EAR-P3', 'A-02-02');
    const count = (await send('POST', '/v0/stocktakes/', { warehouseId: compartment.warehouseId, compartmentIds: [compartment.id] })).data;
    const canceled = await send('POST', `/v0/stocktakes/${count.id}/cancel`);
    expect(canceled.code, JSON.stringify(canceled)).toBe('OK');
    expect(canceled.data).toMatchObject({ id: count.id, status: 'cancelled', postedAt: null });
    expect((await send('POST', `/v0/stocktakes/${count.id}/cancel`)).code).toBe('InvalidState');
    expect(await qty('ANK-EAR-P3', 'A-02-02')).toBe(before);
  });

  it('holds every invariant after all of the above', async () => {
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
    expect((await get('/v0/inventory/check')).data).toEqual([]);
  });
});

describe('merged units', () => {
  it('packs items into a box, moves the box as one with its reservations, and unpacks it', async () => {
    const a0101 = (await get('/v0/compartment/any?q=A-01-01')).data;
    const merchant = (await get('/v0/item/any?q=SKU-B')).data.merchantId;
    expect((await send('POST', '/v0/munits/', { code: 'box-1', kind: 'box', compartmentId: a0101.id, merchantId: merchant })).code).toBe('OK');
    const packed = await send('POST', '/v0/munits/pack', { unit: 'BOX-1', item: 'SKU-B', quantity: 30 });
    expect(packed.code, JSON.stringify(packed)).toBe('OK');
    expect(packed.data.items).toEqual([expect.objectContaining({ sku: 'SKU-B', quantity: 30 })]);
    expect((await send('POST', '/v0/munits/pack', { unit: 'BOX-1', item: 'SKU-C', quantity: 1 })).error.fields[0]).toMatchObject({
      field: 'item',
      message: 'The unit belongs to another merchant.',
    });
    const moved = await send('POST', '/v0/munits/move', { unit: 'BOX-1', toCompartment: 'A-03-02' });
    expect(moved.data).toMatchObject({ compartment: 'A-03-02', items: [{ sku: 'SKU-B', quantity: 30 }] });
    expect((await get('/v0/munits/any?q=box-1')).data.compartment).toBe('A-03-02');
    const unpacked = await send('POST', '/v0/munits/unpack', { unit: 'BOX-1' });
    expect(unpacked.data.items).toEqual([]);
    expect(await qty('SKU-B', 'A-03-02')).toBe(30);
    expect((await get('/v0/munits/any?q=NOPE')).data).toEqual({ id: 0, code: '' });
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });
});
