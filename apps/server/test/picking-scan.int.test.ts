import { OUTBOUND_ORDER, PICKLIST } from '@kontor/contracts';
import { labelSlices, type LabelIndexOrder } from '@kontor/contracts/picking/label-index';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * The picking scan (Pick Scan Batch, type 100; issue 18 item 3; docs/picking.md "Picking scan"), walked
 * as the station does it through the API: a type-100 picklist made by the console's rules, two slices
 * of labels through `batchPrintLabel` with `initiator: "packScanBatch"` (each order packed through the
 * pack flow: goods issue and material in the ledger), progress saved by the PUT after the labels, and a
 * retry of a slice that books, buys and counts nothing again.
 */
let t: TestApp;
let admin: string;
let merchantA: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local')]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin, key?: string) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);

const issueRows = (ids: number[]) =>
  sql<{ ref_id: string; delta: number; reason_code: string | null }>`select ref_id, delta, reason_code from inventory_log
    where ref_type = 'outbound' and reason = 'issue' and ref_id in (${sql.join(ids.map(String))}) order by id`
    .execute(t.database.db)
    .then((r) => r.rows.map((x) => ({ orderId: Number(x.ref_id), delta: Number(x.delta), material: x.reason_code === 'material' })));
const labelCount = (ids: number[]) =>
  sql<{ n: number }>`select count(*)::int as n from parcel_labels where state = 'bought' and order_id in (${sql.join(ids)})`
    .execute(t.database.db)
    .then((r) => Number(r.rows[0]!.n));
const statusOf = async (id: number) =>
  Number((await t.database.db.selectFrom('outbound_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);

async function itemWithStock() {
  const sku = `PS-${Date.now() % 1_000_000}`;
  const created = await call('POST', '/v0/items/', { sku, name: `Pick scan ${sku}`, weight: 0.4 }, merchantA);
  expect(created.code, JSON.stringify(created)).toBe('OK');
  const adjust = { itemId: Number(created.data.id), compartment: 'A-01-03', delta: 10, reasonCode: 'found' };
  expect((await call('POST', '/v0/inventory/adjust', adjust, admin, `adj-${sku}`)).code).toBe('OK');
  return sku;
}

/** Three single-item orders of a new item in one new type-100 picklist (older ready orders go to lists of their own first). */
async function typeHundredPicklist(sku: string) {
  expect((await call('POST', '/v0/picking/picklists', { rules: { maxLists: 0 } })).code).toBe('OK');
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await call('POST', '/v0/outbound/orders', orderBody({ lines: [{ sku, quantity: 1 }] }), merchantA);
    expect(res.code, JSON.stringify(res)).toBe('OK');
    ids.push(Number(res.data.id));
  }
  const created = await call('POST', '/v0/picking/picklists', { rules: { split: 'singleOnly' } });
  expect(created.code, JSON.stringify(created)).toBe('OK');
  expect(created.data.created).toHaveLength(1);
  const found = await call('GET', `/v0/p11y/pick/any?q=${created.data.created[0].unid}`);
  expect(found.data.type).toBe(100);
  return { id: Number(found.data.id), orderIds: ids };
}

interface Picklist {
  id: number;
  status: number;
  itemQty: number;
  itemQtyPicked: number;
  items: string;
  itemInfo: string;
  printBatch: string;
  orders: string;
}
type InfoRow = { sku: string; itemBatch: string; inventoryName: string; qty: number; qtyPrinted: number };

describe('the picking scan (Pick Scan Batch)', () => {
  it('prints two slices, packs each order once, saves progress after the labels and books nothing on a retry', async () => {
    const sku = await itemWithStock();
    const list = await typeHundredPicklist(sku);
    const box = Number((await t.database.db.selectFrom('items').select('id').where('sku', '=', 'BOX-S').executeTakeFirstOrThrow()).id);

    const read = async () => (await call('GET', `/v0/p11y/pick/?q=${list.id}`)).data as Picklist;
    const slice = async (qty: number, key: string) => {
      const p = await read();
      const info: InfoRow[] = p.itemInfo ? JSON.parse(p.itemInfo) : JSON.parse(p.items).map((r: InfoRow) => ({ ...r, qtyPrinted: 0 }));
      const already = info.filter((r) => r.sku === sku).reduce((sum, r) => sum + r.qtyPrinted, 0);
      const rows = labelSlices(JSON.parse(p.orders) as LabelIndexOrder[], sku, already, qty).map((s) => ({
        UNID: s.UNID,
        id: s.ID,
        packSKU: sku,
        lblIdx: s.lblIdx,
        packingMaterials: [box],
        initiator: 'packScanBatch',
      }));
      const url = await call('POST', '/v0/order/batchPrintLabel', rows, admin, `${key}-labels`);
      expect(url.code, JSON.stringify(url)).toBe('OK');
      const row = info.find((r) => r.sku === sku && r.qtyPrinted < r.qty)!;
      const next = info.map((r) => (r === row ? { ...r, qtyPrinted: r.qtyPrinted + qty } : r));
      const batch = [
        ...(p.printBatch ? JSON.parse(p.printBatch) : []),
        { name: `${sku} () @ ${row.inventoryName}:${qty}`, time: '2026-12-01 10:00:00', data: rows },
      ];
      const saved = await call(
        'PUT',
        '/v0/p11y/pick/',
        { ...p, itemQtyPicked: p.itemQtyPicked + qty, itemInfo: JSON.stringify(next), printBatch: JSON.stringify(batch) },
        admin,
        `${key}-put`,
      );
      expect(saved, JSON.stringify(saved)).toEqual({ code: 'OK', data: null });
      return { url: url.data as string, rows };
    };

    const first = await slice(2, 'slice-1');
    expect(first.rows.map((r) => r.id)).toEqual(list.orderIds.slice(0, 2));
    expect(first.url).toMatch(/merged\.pdf\?files=\[\d+,\d+\]$/);
    expect(await issueRows(list.orderIds)).toEqual([
      { orderId: list.orderIds[0], delta: -1, material: false },
      { orderId: list.orderIds[0], delta: -1, material: true },
      { orderId: list.orderIds[1], delta: -1, material: false },
      { orderId: list.orderIds[1], delta: -1, material: true },
    ]);
    for (const id of list.orderIds.slice(0, 2)) expect(await statusOf(id)).toBe(OUTBOUND_ORDER.codeOf('packingCompleted'));
    expect(await statusOf(list.orderIds[2]!)).not.toBe(OUTBOUND_ORDER.codeOf('packingCompleted'));
    expect(await labelCount(list.orderIds)).toBe(2);
    expect((await read()).itemQtyPicked).toBe(2);

    // The station retries the same slice (a lost answer): the same labels, nothing booked, nothing counted.
    const retryUrl = await call('POST', '/v0/order/batchPrintLabel', first.rows, admin, 'slice-1-labels-retry');
    expect(retryUrl.data).toBe(first.url);
    const replay = await call('POST', '/v0/order/batchPrintLabel', first.rows, admin, 'slice-1-labels');
    expect(replay.data).toBe(first.url);
    expect(await issueRows(list.orderIds)).toHaveLength(4);
    expect(await labelCount(list.orderIds)).toBe(2);

    const second = await slice(1, 'slice-2');
    expect(second.rows).toMatchObject([{ id: list.orderIds[2], lblIdx: [0] }]);
    expect(await issueRows(list.orderIds)).toHaveLength(6);
    expect(await labelCount(list.orderIds)).toBe(3);
    const done = await read();
    expect(done).toMatchObject({ itemQty: 3, itemQtyPicked: 3, status: PICKLIST.codeOf('packingCompleted') });
    expect(JSON.parse(done.printBatch)).toHaveLength(2);
    expect((await call('GET', '/v0/inventory/check')).data).toEqual([]);

    // A merchant may print its labels but never packs.
    const asMerchant = await call('POST', '/v0/order/batchPrintLabel', first.rows, merchantA, 'merchant-pack');
    expect(asMerchant.code).toBe('NoPermission');
  });

  it('resolves a scanned item for the station and refuses merchants', async () => {
    const found = await call('GET', '/v0/picking/item?q=SKU-B');
    expect(found.data).toMatchObject({ unid: 'SKU-B' });
    expect((await call('GET', '/v0/picking/item?q=NOPE-404')).data).toMatchObject({ guid: '', unid: '' });
    expect((await call('GET', '/v0/picking/item?q=SKU-B', undefined, merchantA)).code).toBe('NoPermission');
  });
});
