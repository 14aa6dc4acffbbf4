import { OUTBOUND_ORDER } from '@kontor/contracts';
import { labelSlices, type LabelIndexOrder } from '@kontor/contracts/picking/label-index';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * Stock and billing of the pick stations (issue 18 items 8 and 9), walked through the API on both
 * databases: a picking-scan slice issues each order's unit through the ledger naming the order, bills
 * picks, parcels and materials per merchant and day, and a cancel after picking reverses that activity;
 * a short pick releases only what is missing, flags its compartment for a count, moves the order to out
 * of stock, and a retry (same key or a new one) books nothing again.
 */
let t: TestApp;
let admin: string;
let merchantA: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin, key?: string) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);
const code = OUTBOUND_ORDER.codeOf;

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local')]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function itemWithStock(sku: string, stock: number, compartment = 'A-01-03') {
  const created = await call('POST', '/v0/items/', { sku, name: `Pick stock ${sku}`, weight: 0.4 }, merchantA, `item-${sku}`);
  expect(created.code, JSON.stringify(created)).toBe('OK');
  const itemId = Number(created.data.id);
  expect((await call('POST', '/v0/inventory/adjust', { itemId, compartment, delta: stock, reasonCode: 'found' }, admin, `adj-${sku}`)).code).toBe('OK');
  return itemId;
}

async function order(sku: string, quantity: number, key: string) {
  const res = await call('POST', '/v0/outbound/orders', orderBody({ lines: [{ sku, quantity }] }), merchantA, key);
  expect(res.code, JSON.stringify(res)).toBe('OK');
  expect(res.data.status).toBe(code('readyToPick'));
  return { id: Number(res.data.id), unid: res.data.unid as string, merchantId: Number(res.data.merchantId ?? 0) };
}

/** The billing activity still on the books per merchant, day and kind for the orders (pick.* and pack.*). */
const activity = (orderIds: number[]) =>
  sql<{ merchant_id: number; day: string; kind: string; n: number }>`select merchant_id, day::text as day, kind, sum(quantity)::int as n
    from billing_activity where ref_type = 'outbound' and ref_id = any(${orderIds.map(String)}::text[]) and (kind like 'pick.%' or kind like 'pack.%')
    group by merchant_id, day, kind order by kind`
    .execute(t.database.db)
    .then((r) => r.rows.map((x) => ({ merchantId: Number(x.merchant_id), day: x.day, kind: x.kind, n: Number(x.n) })));
const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

describe('stock and billing at the pick stations', () => {
  it('a picking-scan slice issues each unit naming its order, bills per merchant and day; a cancel after picking reverses it', async () => {
    const sku = 'PSS-SLICE';
    const itemId = await itemWithStock(sku, 5);
    expect((await call('POST', '/v0/picking/picklists', { rules: { maxLists: 0 } }, admin, 'clear-slice')).code).toBe('OK');
    const orders = [await order(sku, 1, 'pss-o1'), await order(sku, 1, 'pss-o2')];
    const ids = orders.map((o) => o.id);
    const created = await call('POST', '/v0/picking/picklists', { rules: { split: 'singleOnly' } }, admin, 'pss-list');
    expect(created.data.created).toHaveLength(1);
    const listId = Number(created.data.created[0].id);
    const p = (await call('GET', `/v0/p11y/pick/?q=${listId}`)).data;
    const box = Number((await t.database.db.selectFrom('items').select(['id', 'merchant_id']).where('sku', '=', 'BOX-S').executeTakeFirstOrThrow()).id);
    const rows = labelSlices(JSON.parse(p.orders) as LabelIndexOrder[], sku, 0, 2).map((s) => ({
      UNID: s.UNID,
      id: s.ID,
      packSKU: sku,
      lblIdx: s.lblIdx,
      packingMaterials: [box],
      initiator: 'packScanBatch',
    }));
    expect((await call('POST', '/v0/order/batchPrintLabel', rows, admin, 'pss-labels')).code).toBe('OK');
    const info = JSON.parse(p.items).map((r: { qty: number }) => ({ ...r, qtyPrinted: r.qty }));
    expect((await call('PUT', '/v0/p11y/pick/', { ...p, itemQtyPicked: 2, itemInfo: JSON.stringify(info) }, admin, 'pss-put')).data).toBeNull();
    // Retried with new keys (lost answers): nothing booked, billed or counted again.
    expect((await call('POST', '/v0/order/batchPrintLabel', rows, admin, 'pss-labels-2')).code).toBe('OK');
    expect((await call('PUT', '/v0/p11y/pick/', { ...p, itemQtyPicked: 2, itemInfo: JSON.stringify(info) }, admin, 'pss-put-2')).data).toBeNull();

    // The ledger: one goods issue per order naming its number, the material too; the books agree.
    for (const o of orders) {
      const log = await call('GET', `/v0/inventorylog/?refType=outbound&refId=${o.id}&reason=issue`);
      expect(log.data.data.map((r: { refNo: string; itemId: number; delta: number }) => [r.refNo, Number(r.itemId), Number(r.delta)])).toEqual(
        expect.arrayContaining([
          [o.unid, itemId, -1],
          [o.unid, box, -1],
        ]),
      );
      expect(log.data.data).toHaveLength(2);
    }
    const onHand = await sql<{ q: number }>`select coalesce(sum(quantity), 0)::int as q from stock where item_id = ${itemId}`.execute(t.database.db);
    expect(Number(onHand.rows[0]!.q)).toBe(3);
    expect((await call('GET', '/v0/inventory/check')).data).toEqual([]);
    expect((await call('GET', `/v0/p11y/pick/?q=${listId}`)).data).toMatchObject({ itemQtyPicked: 2 });

    // Billing: per merchant and (the warehouse's) day, picks per order, line and unit, parcels and materials.
    const merchant = Number(
      (await t.database.db.selectFrom('outbound_orders').select('merchant_id').where('id', '=', ids[0]!).executeTakeFirstOrThrow()).merchant_id,
    );
    const day = berlinToday();
    expect(await activity(ids)).toEqual(
      ['pack.material.BOX-S', 'pack.parcel', 'pick.line', 'pick.order', 'pick.unit'].map((kind) => ({ merchantId: merchant, day, kind, n: 2 })),
    );

    // One order canceled after picking: its activity is reversed, the other's stays.
    const requested = await call('POST', '/v0/outbound/orders/bulk', { ids: [ids[0]], action: 'requestCancel' }, merchantA, 'pss-cancel');
    expect(requested.code, JSON.stringify(requested)).toBe('OK');
    const decided = await call('POST', `/v0/outbound/orders/${ids[0]}/cancel-decision`, { approve: true }, admin, 'pss-decide');
    expect(decided.code, JSON.stringify(decided)).toBe('OK');
    expect(decided.data.order.status).toBe(code('canceled'));
    expect(await activity([ids[0]!])).toEqual(
      ['pack.material.BOX-S', 'pack.parcel', 'pick.line', 'pick.order', 'pick.unit'].map((kind) => ({ merchantId: merchant, day, kind, n: 0 })),
    );
    expect((await activity([ids[1]!])).every((r) => r.n === 1)).toBe(true);
    expect((await call('GET', '/v0/inventory/check')).data).toEqual([]);
  });

  it('a short pick releases what is missing, flags the compartment for a count, and a retry books nothing again', async () => {
    const sku = 'PSS-SHORT';
    const itemId = await itemWithStock(sku, 3, 'A-02-01');
    const o = await order(sku, 3, 'pss-short-order');
    const body = { station: 'Desk 1', short: [{ itemId, missing: 2 }] };
    const short = await call('POST', `/v0/packing/orders/${o.id}/pack`, body, admin, 'pss-short');
    expect(short.code, JSON.stringify(short)).toBe('OK');
    expect(short.data).toMatchObject({ outcome: 'shortPicked', status: code('outOfStock') });

    const state = async () => {
      const line = (await call('GET', `/v0/outbound/orders/${o.id}/detail`)).data.lines[0];
      const stock = await sql<{ q: number; r: number }>`select sum(quantity)::int as q, sum(reserved)::int as r from stock where item_id = ${itemId}`.execute(
        t.database.db,
      );
      const counts = await sql<{ compartment_ids: unknown }>`select compartment_ids from stock_counts
        where status = 'open' and note = ${`short pick ${o.unid}`}`.execute(t.database.db);
      const issued = await sql<{ n: number }>`select count(*)::int as n from inventory_log where ref_type = 'outbound' and ref_id = ${String(o.id)}
        and reason = 'issue'`.execute(t.database.db);
      return {
        line: { reserved: Number(line.reserved), picked: Number(line.picked) },
        onHand: Number(stock.rows[0]!.q),
        reserved: Number(stock.rows[0]!.r),
        counts: counts.rows.map((c) => (typeof c.compartment_ids === 'string' ? JSON.parse(c.compartment_ids) : c.compartment_ids)),
        issued: Number(issued.rows[0]!.n),
      };
    };
    const compartment = Number((await t.database.db.selectFrom('compartments').select('id').where('code', '=', 'A-02-01').executeTakeFirstOrThrow()).id);
    const after = await state();
    expect(after).toEqual({ line: { reserved: 1, picked: 0 }, onHand: 3, reserved: 1, counts: [[compartment]], issued: 0 });

    // The same key replays the answer; a new key finds the order out of stock: refused, nothing released again.
    expect(await call('POST', `/v0/packing/orders/${o.id}/pack`, body, admin, 'pss-short')).toEqual(short);
    const again = await call('POST', `/v0/packing/orders/${o.id}/pack`, body, admin, 'pss-short-2');
    expect(again.code).toBe('InvalidState');
    expect(await state()).toEqual(after);
    expect((await call('GET', '/v0/inventory/check')).data).toEqual([]);
  });
});
