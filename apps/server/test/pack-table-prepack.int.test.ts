import { OUTBOUND_ORDER, PICKLIST, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * The batch table (`/wEP/packScanBatch`) and pre-packing (`/wEP/PackScanPre`) stations (issue 18 item 5,
 * docs/packing.md), walked through the API with the print station's role: units scanned at the table go
 * to the first open order of the type-1 picklist that needs them, a complete order is packed through the
 * pack flow and labelled, the progress is the server's (a reload shows it), a repeated scan books nothing;
 * identical orders are grouped by the composite key, parcels pre-packed ahead and assigned to orders of
 * their key, which are then packed and labelled. Bad input gets coded errors in the user's language.
 */
let t: TestApp;
let admin: string;
let station: string;
let merchantA: string;
let merchantB: string;
let serial = 0;

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const call = (method: 'GET' | 'POST', url: string, payload: unknown, token: string, key?: string, lang?: string) =>
  t
    .call({
      method,
      url,
      token,
      payload: payload as never,
      headers: { ...(key ? { 'idempotency-key': key } : {}), ...(lang ? { 'x-lang': lang } : {}) },
    })
    .then((r) => r.body);

beforeAll(async () => {
  t = await createTestApp();
  [admin, station, merchantA, merchantB] = await Promise.all([
    t.login('admin@demo.local'),
    t.login('station@demo.local'),
    t.login('merchant-a@demo.local'),
    t.login('merchant-b@demo.local'),
  ]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function item(token = merchantA, stock = 20) {
  const sku = `PT-${++serial}-${Date.now() % 100000}`;
  const created = await call('POST', '/v0/items/', { sku, name: `Table ${sku}`, weight: 0.2 }, token);
  expect(created.code, JSON.stringify(created)).toBe('OK');
  const itemId = Number(created.data.id);
  if (stock > 0) {
    const adjusted = await call('POST', '/v0/inventory/adjust', { itemId, compartment: 'A-01-03', delta: stock, reasonCode: 'found' }, admin, `adj-${sku}`);
    expect(adjusted.code, JSON.stringify(adjusted)).toBe('OK');
  }
  return { id: itemId, sku };
}

async function order(lines: Array<{ sku: string; quantity: number }>, country = 'DE') {
  const body = await call(
    'POST',
    '/v0/outbound/orders',
    orderBody({ weight: 1, consignee: { zip: country === 'DE' ? '10115' : '1010', country }, lines }),
    merchantA,
  );
  expect(body.code, JSON.stringify(body)).toBe('OK');
  expect(body.data.status).toBe(code('readyToPick'));
  return body.data as { id: number; unid: string };
}

const issueRows = (ids: number[]) =>
  sql<{ ref_id: string; delta: number; reason_code: string | null }>`select ref_id, delta, reason_code from inventory_log
    where ref_type = 'outbound' and reason = 'issue' and ref_id in (${sql.join(ids.map(String))}) order by id`
    .execute(t.database.db)
    .then((r) => r.rows.map((x) => ({ orderId: Number(x.ref_id), delta: Number(x.delta), material: x.reason_code === 'material' })));
const boxS = async () => Number((await sql<{ id: number }>`select id from items where sku = 'BOX-S'`.execute(t.database.db)).rows[0]!.id);
const statusOf = async (id: number) => (await call('GET', `/v0/p11yorders/?q=${id}`, undefined, station)).data.status as number;

interface TableOrder {
  id: number;
  unid: string;
  finished: boolean;
  packed: boolean;
  lines: Array<{ itemId: number; sku: string; quantity: number; scanned: number }>;
}

describe('the batch table (/wEP/packScanBatch)', () => {
  it('sorts scanned units into the orders of a type-1 picklist, packs and labels each complete order once, and keeps the progress', async () => {
    // Older ready orders go into lists of their own first, so the new picklist holds only this test's orders.
    expect((await call('POST', '/v0/picking/picklists', { rules: { maxLists: 0 } }, admin)).code).toBe('OK');
    const x = await item();
    const y = await item();
    const o1 = await order([
      { sku: x.sku, quantity: 2 },
      { sku: y.sku, quantity: 1 },
    ]);
    const o2 = await order([
      { sku: x.sku, quantity: 1 },
      { sku: y.sku, quantity: 1 },
    ]);
    const created = await call('POST', '/v0/picking/picklists', { rules: { split: 'multiOnly' } }, admin);
    expect(created.code, JSON.stringify(created)).toBe('OK');
    const list = created.data.created[0] as { id: number; unid: string; type: number };
    expect(list.type).toBe(1);

    const state0 = await call('GET', `/v0/packing/batch/${list.id}`, undefined, station);
    expect(state0.code, JSON.stringify(state0)).toBe('OK');
    const orders0 = state0.data.orders as TableOrder[];
    expect(orders0.map((o) => o.id).sort()).toEqual([o1.id, o2.id].sort());
    expect(orders0.flatMap((o) => o.lines.map((l) => l.scanned))).toEqual([0, 0, 0, 0]);

    // What the table should do: each unit to the first order (pick order) still needing it.
    const need = new Map(orders0.map((o) => [o.id, new Map(o.lines.map((l) => [l.sku, l.quantity]))]));
    const expectedOrder = (sku: string) => orders0.find((o) => (need.get(o.id)!.get(sku) ?? 0) > 0)!.id;
    const box = await boxS();
    const scans = [x.sku, y.sku, x.sku, x.sku, y.sku];
    const completed: number[] = [];
    for (const [i, sku] of scans.entries()) {
      const target = expectedOrder(sku);
      const res = await call(
        'POST',
        `/v0/packing/batch/${list.id}/scan`,
        { code: sku, materials: [{ itemId: box, quantity: 1 }] },
        station,
        `scan-${list.id}-${i}`,
      );
      expect(res.code, JSON.stringify(res)).toBe('OK');
      expect(res.data).toMatchObject({ orderId: target, sku });
      need.get(target)!.set(sku, need.get(target)!.get(sku)! - 1);
      const complete = [...need.get(target)!.values()].every((n) => n === 0);
      expect(res.data.complete).toBe(complete);
      if (complete) {
        completed.push(target);
        expect(res.data.pack).toMatchObject({ orderId: target, outcome: 'packed', status: code('packed') });
        const label = await call('POST', `/v0/packing/orders/${target}/label`, undefined, station);
        expect(label.data, JSON.stringify(label)).toMatchObject({ complete: true, status: code('packingCompleted') });
      } else expect(res.data.pack).toBeNull();

      if (i === 1) {
        // A repeated scan (a lost answer) with the same key replays: nothing is counted twice.
        const replay = await call(
          'POST',
          `/v0/packing/batch/${list.id}/scan`,
          { code: sku, materials: [{ itemId: box, quantity: 1 }] },
          station,
          `scan-${list.id}-${i}`,
        );
        expect(replay).toEqual(res);
        // The progress is the server's: a reload reads the two units scanned.
        const reload = await call('GET', `/v0/packing/batch/${list.id}`, undefined, station);
        expect((reload.data.orders as TableOrder[]).flatMap((o) => o.lines).reduce((sum, l) => sum + l.scanned, 0)).toBe(2);
      }
    }
    expect(completed.sort()).toEqual([o1.id, o2.id].sort());
    for (const id of [o1.id, o2.id]) expect(await statusOf(id)).toBe(code('packingCompleted'));

    // Every unit left the books once, each order consumed one box; the picklist is finished by the table.
    const issued = await issueRows([o1.id, o2.id]);
    expect(issued.filter((r) => !r.material).reduce((sum, r) => sum - r.delta, 0)).toBe(5);
    expect(issued.filter((r) => r.material)).toHaveLength(2);
    const done = await call('GET', `/v0/packing/batch/${list.id}`, undefined, station);
    expect(done.data).toMatchObject({ itemQty: 5, itemQtyPicked: 5, status: PICKLIST.codeOf('packingCompleted') });
    expect((done.data.orders as TableOrder[]).every((o) => o.finished && o.packed)).toBe(true);
    const handheld = await call('GET', `/v0/p11y/pick/?q=${list.id}`, undefined, station);
    expect(JSON.parse(handheld.data.ordersFin).sort()).toEqual([o1.id, o2.id].sort());
    expect(JSON.parse(handheld.data.itemInfo).reduce((sum: number, r: { qtyPrinted: number }) => sum + r.qtyPrinted, 0)).toBe(5);

    // One unit more than the picklist holds.
    const extra = await call('POST', `/v0/packing/batch/${list.id}/scan`, { code: x.sku }, station, `scan-${list.id}-extra`);
    expect(extra.code).toBe('NothingLeftToScan');
    expect(await issueRows([o1.id, o2.id])).toHaveLength(issued.length);
    expect((await call('GET', '/v0/inventory/check', undefined, admin)).data).toEqual([]);
  });

  it('refuses another type, unknown codes, items outside the picklist and another merchant\u2019s items, in the user\u2019s language', async () => {
    expect((await call('POST', '/v0/picking/picklists', { rules: { maxLists: 0 } }, admin)).code).toBe('OK');
    const x = await item();
    const y = await item();
    const outside = await item();
    const foreign = await item(merchantB, 0);
    await order([{ sku: x.sku, quantity: 1 }]);
    await order([
      { sku: x.sku, quantity: 1 },
      { sku: y.sku, quantity: 1 },
    ]);
    const created = await call('POST', '/v0/picking/picklists', { rules: { split: 'split', maxLists: 0 } }, admin);
    expect(created.code, JSON.stringify(created)).toBe('OK');
    const single = (created.data.created as Array<{ id: number; type: number }>).find((p) => p.type === 100)!;
    const multi = (created.data.created as Array<{ id: number; type: number }>).find((p) => p.type === 1)!;

    const wrongType = await call('GET', `/v0/packing/batch/${single.id}`, undefined, station, undefined, 'de');
    expect(wrongType.code).toBe('PackScanTypeMismatch');
    expect(JSON.stringify(wrongType)).toContain('Pack-Scan-Typ passt nicht');
    const wrongTypeScan = await call('POST', `/v0/packing/batch/${single.id}/scan`, { code: x.sku }, station, `wt-${single.id}`, 'cn');
    expect(wrongTypeScan.code).toBe('PackScanTypeMismatch');
    expect(JSON.stringify(wrongTypeScan)).toContain('打包扫描类型不匹配');

    const scan = (codeScanned: string, key: string) => call('POST', `/v0/packing/batch/${multi.id}/scan`, { code: codeScanned }, station, key);
    expect((await scan('NOPE-404', `nf-${multi.id}`)).code).toBe('ItemNotFound');
    expect((await scan(outside.sku, `out-${multi.id}`)).code).toBe('ItemNotInPicklist');
    expect((await scan(foreign.sku, `foreign-${multi.id}`)).code).toBe('ItemOfOtherMerchant');
    expect((await call('GET', `/v0/packing/batch/999999999`, undefined, station)).code).toBe('NotFound');
    // Nothing was counted by the refused scans.
    const state = await call('GET', `/v0/packing/batch/${multi.id}`, undefined, station);
    expect((state.data.orders as TableOrder[]).flatMap((o) => o.lines).every((l) => l.scanned === 0)).toBe(true);
    // Merchants never work at the table.
    expect((await call('GET', `/v0/packing/batch/${multi.id}`, undefined, merchantA)).code).toBe('NoPermission');
    expect((await call('POST', `/v0/packing/batch/${multi.id}/scan`, { code: x.sku }, merchantA, `m-${multi.id}`)).code).toBe('NoPermission');
  });
});

interface Key {
  key: string;
  merchantId: number;
  country: string;
  orders: number;
  prepacked: number;
  lines: Array<{ sku: string; qty: number }>;
}

describe('pre-packing (/wEP/PackScanPre)', () => {
  it('groups identical orders by the composite key, pre-packs parcels ahead and packs an order of the key into one', async () => {
    const p = await item();
    const q = await item();
    const de = [
      await order([
        { sku: p.sku, quantity: 1 },
        { sku: q.sku, quantity: 2 },
      ]),
      await order([
        { sku: q.sku, quantity: 2 },
        { sku: p.sku, quantity: 1 },
      ]),
      await order([
        { sku: p.sku, quantity: 1 },
        { sku: q.sku, quantity: 2 },
      ]),
    ];
    const at = await order(
      [
        { sku: p.sku, quantity: 1 },
        { sku: q.sku, quantity: 2 },
      ],
      'AT',
    );
    const keyDe = `${p.sku}:1:${q.sku}:2:DE`;
    const keyAt = `${p.sku}:1:${q.sku}:2:AT`;
    const keys = async () => (await call('GET', '/v0/packing/pre/keys', undefined, station)).data as Key[];
    const first = await keys();
    const groupDe = first.find((k) => k.key === keyDe)!;
    expect(groupDe).toMatchObject({
      orders: 3,
      prepacked: 0,
      country: 'DE',
      lines: [
        { sku: p.sku, qty: 1 },
        { sku: q.sku, qty: 2 },
      ],
    });
    expect(first.find((k) => k.key === keyAt)).toMatchObject({ orders: 1, prepacked: 0 });
    const merchantId = groupDe.merchantId;

    const box = await boxS();
    const prepack = (count: number, key: string) =>
      call('POST', '/v0/packing/pre/parcels', { key: keyDe, merchantId, count, station: 'Pre 1', materials: [{ itemId: box, quantity: 1 }] }, station, key);
    const tooMany = await prepack(4, 'pre-too-many');
    expect(tooMany.code).toBe('PrepackTooMany');
    const two = await prepack(2, `pre-two-${keyDe}`);
    expect(two.code, JSON.stringify(two)).toBe('OK');
    expect(two.data).toMatchObject({ key: keyDe, orders: 3, prepacked: 2 });
    // The same key again replays; nothing more is pre-packed.
    expect(await prepack(2, `pre-two-${keyDe}`)).toEqual(two);
    expect((await keys()).find((k) => k.key === keyDe)!.prepacked).toBe(2);
    // Nothing is booked while a parcel waits: the units stay reserved for their orders.
    expect(await issueRows(de.map((o) => o.id))).toEqual([]);

    // An order of a key without a parcel; an unknown key.
    expect((await call('POST', '/v0/packing/pre/assign', { order: at.unid }, station, `as-at-${at.id}`)).code).toBe('NoPrepackedParcel');
    expect((await call('POST', '/v0/packing/pre/parcels', { key: 'NOPE:1:DE', merchantId, count: 1 }, station, 'pre-unknown')).code).toBe('PrepackKeyUnknown');

    // The first DE order is scanned: it takes a parcel and is packed with the parcel's box, then labelled.
    const assigned = await call('POST', '/v0/packing/pre/assign', { order: de[0]!.unid, station: 'Pre 1' }, station, `as-${de[0]!.id}`);
    expect(assigned.code, JSON.stringify(assigned)).toBe('OK');
    expect(assigned.data).toMatchObject({ orderId: de[0]!.id, key: keyDe, pack: { outcome: 'packed', status: code('packed') } });
    expect(assigned.data.pack.parcels[0]).toMatchObject({ station: 'Pre 1', materials: [{ itemId: box, quantity: 1 }] });
    const label = await call('POST', `/v0/packing/orders/${de[0]!.id}/label`, undefined, station);
    expect(label.data, JSON.stringify(label)).toMatchObject({ complete: true, status: code('packingCompleted') });
    const issued = await issueRows([de[0]!.id]);
    expect(issued.filter((r) => !r.material).reduce((sum, r) => sum - r.delta, 0)).toBe(3);
    expect(issued.filter((r) => r.material)).toEqual([{ orderId: de[0]!.id, delta: -1, material: true }]);

    // Scanned again with a new key: the same parcel, nothing booked again.
    const again = await call('POST', '/v0/packing/pre/assign', { order: de[0]!.unid }, station, `as-again-${de[0]!.id}`);
    expect(again.data).toMatchObject({ orderId: de[0]!.id, parcelId: assigned.data.parcelId, pack: { outcome: 'alreadyPacked' } });
    expect(await issueRows([de[0]!.id])).toHaveLength(issued.length);

    // Picked from the list by key: the oldest ready order of the key takes the last parcel; then none is left.
    const byKey = await call('POST', '/v0/packing/pre/assign', { key: keyDe, merchantId }, station, `as-key-${keyDe}`);
    expect(byKey.code, JSON.stringify(byKey)).toBe('OK');
    expect(byKey.data.orderId).toBe(de[1]!.id);
    expect(byKey.data.parcelId).not.toBe(assigned.data.parcelId);
    const none = await call('POST', '/v0/packing/pre/assign', { key: keyDe, merchantId }, station, `as-key2-${keyDe}`, 'de');
    expect(none.code).toBe('NoPrepackedParcel');
    expect(JSON.stringify(none)).toContain('Kein vorgepacktes Paket');
    expect(await statusOf(de[2]!.id)).toBe(code('readyToPick'));
    expect((await keys()).find((k) => k.key === keyDe)).toMatchObject({ orders: 1, prepacked: 0 });

    // A packed order scanned is not ready any more; unknown orders; merchants are refused.
    expect((await call('POST', '/v0/packing/pre/assign', { order: 'MO-NOPE-1' }, station, 'as-nope')).code).toBe('OrderNotFound');
    expect((await call('GET', '/v0/packing/pre/keys', undefined, merchantA)).code).toBe('NoPermission');
    expect((await call('POST', '/v0/packing/pre/parcels', { key: keyDe, merchantId, count: 1 }, merchantA, 'pre-m')).code).toBe('NoPermission');
    expect((await call('GET', '/v0/inventory/check', undefined, admin)).data).toEqual([]);
  });
});
