import { OUTBOUND_ORDER, PICKLIST, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * The Pack Scan Order station's server sequence (issue 18 item 4, facts §3.6, docs/packing.md), as the
 * screen `/wEP/packScanOrder` calls it with the print station's role: find the type-1 picklist, re-read
 * the order, pack it through the pack flow (the stock leaves here), buy and print its label, then PUT the
 * picklist with the order finished and its pieces picked. A retry books nothing; "Out of Stock" releases
 * the order and finishes it in the picklist without counting pieces as picked.
 */
let t: TestApp;
let admin: string;
let station: string;
let merchantA: string;
let serial = 0;

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, token: string, key?: string) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);

beforeAll(async () => {
  t = await createTestApp();
  [admin, station, merchantA] = await Promise.all([t.login('admin@demo.local'), t.login('station@demo.local'), t.login('merchant-a@demo.local')]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function item(stock: Array<{ batch: string; qty: number }>, batchTracked = false) {
  const sku = `PSO-${++serial}-${Date.now() % 100000}`;
  const created = await call('POST', '/v0/items/', { sku, name: `Pack scan ${sku}`, weight: 0.4, batchTracked }, merchantA);
  expect(created.code, JSON.stringify(created)).toBe('OK');
  const itemId = Number(created.data.id);
  for (const s of stock) {
    const body = { itemId, compartment: 'A-01-03', batch: s.batch, delta: s.qty, reasonCode: 'found' };
    const adjusted = await call('POST', '/v0/inventory/adjust', body, admin, `adj-${sku}-${s.batch}`);
    expect(adjusted.code, JSON.stringify(adjusted)).toBe('OK');
  }
  return { id: itemId, sku };
}

async function order(lines: Array<{ sku: string; quantity: number; batch?: string }>) {
  const body = await call('POST', '/v0/outbound/orders', orderBody({ weight: 1, lines }), merchantA);
  expect(body.code, JSON.stringify(body)).toBe('OK');
  expect(body.data.status).toBe(code('readyToPick'));
  return body.data as { id: number; unid: string };
}

const issueRows = (id: number) =>
  sql<{
    delta: number;
    item_id: number;
  }>`select delta, item_id from inventory_log where ref_type = 'outbound' and ref_id = ${String(id)} and reason = 'issue' order by id`
    .execute(t.database.db)
    .then((r) => r.rows.map((x) => ({ delta: Number(x.delta), itemId: Number(x.item_id) })));
const reserved = async (id: number) =>
  Number(
    (
      await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from reservations where ref_type = 'outbound' and ref_id = ${String(id)}`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );
const boxS = async () => Number((await sql<{ id: number }>`select id from items where sku = 'BOX-S'`.execute(t.database.db)).rows[0]!.id);

interface InfoRow {
  sku: string;
  itemBatch: string;
  qty: number;
  qtyPrinted: number;
}

/** The station's PUT body: the picklist as read, the order finished, its pieces on the rows of its sku and batch. */
function finished(p: Record<string, any>, orderId: number, lines: Array<{ sku: string; qty: number; itemBatch?: string }>, picked: boolean) {
  const rows: InfoRow[] = p.itemInfo ? JSON.parse(p.itemInfo) : JSON.parse(p.items).map((r: InfoRow) => ({ ...r, qtyPrinted: 0 }));
  if (picked)
    for (const line of lines) {
      let left = line.qty;
      for (const row of rows.filter((r) => r.sku === line.sku && (!line.itemBatch || r.itemBatch === line.itemBatch))) {
        const take = Math.min(left, row.qty - row.qtyPrinted);
        row.qtyPrinted += take;
        left -= take;
      }
    }
  const fin = [...new Set([...JSON.parse(p.ordersFin), orderId])];
  const pieces = picked ? lines.reduce((s, l) => s + l.qty, 0) : 0;
  return { ...p, ordersFin: JSON.stringify(fin), itemInfo: JSON.stringify(rows), itemQtyPicked: p.itemQtyPicked + pieces };
}

describe('pack scan order (type 1) through the print station', () => {
  it('packs, labels and saves an order once, retries book nothing, and out of stock finishes without picking', async () => {
    // Every ready order goes into picklists first, so the wave below holds only this test's orders.
    expect((await call('POST', '/v0/picking/picklists', { rules: { maxLists: 0 } }, admin, 'pso-drain')).code).toBe('OK');
    const plain = await item([{ batch: '', qty: 10 }]);
    const lot = await item(
      [
        { batch: 'B7', qty: 3 },
        { batch: 'B8', qty: 3 },
      ],
      true,
    );
    const first = await order([
      { sku: plain.sku, quantity: 2 },
      { sku: lot.sku, quantity: 1, batch: 'B7' },
    ]);
    const second = await order([
      { sku: plain.sku, quantity: 1 },
      { sku: lot.sku, quantity: 2 },
    ]);
    const created = await call('POST', '/v0/picking/picklists', { rules: { split: 'multiOnly', maxLists: 1 } }, admin, `pso-wave-${serial}`);
    expect(created.code, JSON.stringify(created)).toBe('OK');
    const unid = created.data.created[0].unid as string;

    // The station finds the picklist by its number and reads it (the base of its PUTs).
    const found = await call('GET', `/v0/p11y/pick/any?q=${unid.toLowerCase()}`, undefined, station);
    expect(found.data).toMatchObject({ type: 1, unid });
    let p = (await call('GET', `/v0/p11y/pick/?q=${found.data.id}`, undefined, station)).data;
    expect(JSON.parse(p.itemOrders)).toEqual({ [plain.sku]: [first.id, second.id], [`${lot.sku}|||B7`]: [first.id], [lot.sku]: [second.id] });
    expect(p).toMatchObject({ type: 1, itemQty: 6, itemQtyPicked: 0, itemInfo: '' });

    // Print: the order is re-read (still before packing), packed with its box, labelled.
    expect((await call('GET', `/v0/p11yorders/?q=${first.id}`, undefined, station)).data.status).toBe(code('inPicklist'));
    const box = await boxS();
    const packBody = { station: 'Desk 3', parcels: [{ materials: [{ itemId: box, quantity: 1 }] }] };
    const packed = await call('POST', `/v0/packing/orders/${first.id}/pack`, packBody, station, `pso-pack-${first.id}`);
    expect(packed.code, JSON.stringify(packed)).toBe('OK');
    expect(packed.data).toMatchObject({ outcome: 'packed', status: code('packed') });
    expect(await issueRows(first.id)).toEqual([
      { delta: -2, itemId: plain.id },
      { delta: -1, itemId: lot.id },
      { delta: -1, itemId: box },
    ]);
    const label = await call('POST', `/v0/packing/orders/${first.id}/label`, undefined, station);
    expect(label.code, JSON.stringify(label)).toBe('OK');
    expect(label.data).toMatchObject({ complete: true, status: code('packingCompleted') });
    expect(label.data.shipBundle).not.toBe('');

    const lines = [
      { sku: plain.sku, qty: 2 },
      { sku: lot.sku, qty: 1, itemBatch: 'B7' },
    ];
    const body = finished(p, first.id, lines, true);
    expect((await call('PUT', '/v0/p11y/pick/', body, station, `pso-put-${first.id}`)).code).toBe('OK');
    p = (await call('GET', `/v0/p11y/pick/?q=${found.data.id}`, undefined, station)).data;
    expect(p).toMatchObject({ itemQtyPicked: 3, status: PICKLIST.codeOf('inProcess') });
    expect(JSON.parse(p.ordersFin)).toEqual([first.id]);
    const info = JSON.parse(p.itemInfo) as InfoRow[];
    expect(info.find((r) => r.sku === lot.sku && r.itemBatch === 'B7')!.qtyPrinted).toBe(1);
    expect(info.filter((r) => r.sku === lot.sku && r.itemBatch !== 'B7').every((r) => r.qtyPrinted === 0)).toBe(true);
    expect(info.filter((r) => r.sku === plain.sku).reduce((s, r) => s + r.qtyPrinted, 0)).toBe(2);

    // A retry (the same keys, then new keys) books nothing; the re-read tells the station it is printed.
    expect((await call('POST', `/v0/packing/orders/${first.id}/pack`, packBody, station, `pso-pack-${first.id}`)).data.outcome).toBe('packed');
    expect((await call('POST', `/v0/packing/orders/${first.id}/pack`, packBody, station, `pso-pack-${first.id}-again`)).data.outcome).toBe('alreadyPacked');
    expect((await call('PUT', '/v0/p11y/pick/', body, station, `pso-put-${first.id}`)).code).toBe('OK');
    expect((await call('PUT', '/v0/p11y/pick/', body, station, `pso-put-${first.id}-again`)).code).toBe('OK');
    const again = await call('POST', `/v0/packing/orders/${first.id}/label`, undefined, station);
    expect(again.data.shipBundle).toBe(label.data.shipBundle);
    expect(await issueRows(first.id)).toHaveLength(3);
    expect((await call('GET', `/v0/p11y/pick/?q=${found.data.id}`, undefined, station)).data.itemQtyPicked).toBe(3);
    expect((await call('GET', `/v0/p11yorders/?q=${first.id}`, undefined, station)).data.status).toBe(code('packingCompleted'));

    // Out of Stock: the order waits as out of stock with nothing reserved and finishes in the picklist
    // without counting its pieces as picked.
    expect(await reserved(second.id)).toBe(3);
    const out = await call('GET', `/v0/p11yorders/outOfStock?q=${second.id}`, undefined, station, `pso-out-${second.id}`);
    expect(out, JSON.stringify(out)).toMatchObject({ code: 'OK', data: null });
    expect((await call('GET', `/v0/p11yorders/?q=${second.id}`, undefined, station)).data.status).toBe(code('outOfStock'));
    expect(await reserved(second.id)).toBe(0);
    const outBody = finished(p, second.id, [], false);
    expect((await call('PUT', '/v0/p11y/pick/', outBody, station, `pso-put-${second.id}`)).code).toBe('OK');
    p = (await call('GET', `/v0/p11y/pick/?q=${found.data.id}`, undefined, station)).data;
    expect(p.itemQtyPicked).toBe(3);
    expect(JSON.parse(p.ordersFin)).toEqual([first.id, second.id]);
    expect(await issueRows(second.id)).toEqual([]);
    expect((await call('GET', '/v0/inventory/check', undefined, admin)).data).toEqual([]);
  });

  it('refuses a merchant at the station calls', async () => {
    const demo = (await call('GET', '/v0/p11y/pick/any?q=PL20260002', undefined, merchantA)).code;
    expect(demo).toBe('NoPermission');
  });
});
