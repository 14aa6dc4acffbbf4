import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * Packing (issue 18; docs/packing.md): the pack flow books through the ledger once, consumes materials,
 * checks weights, handles short picks, bills and reverses; the single-item station, the label step and
 * the packlist. Each test works on items of its own so the demo's orders never compete.
 */
let t: TestApp;
let admin: string;
let merchantA: string;
let merchantB: string;
let serial = 0;

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT', url: string, payload?: unknown, token = admin, key?: string) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA, merchantB] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** A new item of merchant A with stock in one compartment. */
async function item(o: { weight?: number; stock?: number; compartment?: string } = {}) {
  const sku = `PK-${++serial}-${Date.now() % 100000}`;
  const created = await send(
    'POST',
    '/v0/items/',
    { sku, name: `Pack test ${sku}`, barcodes: [`99${serial}${Date.now() % 100000}`], weight: o.weight ?? 0.5 },
    merchantA,
  );
  expect(created.code, JSON.stringify(created)).toBe('OK');
  const itemId = Number(created.data.id);
  const adjusted = await send(
    'POST',
    '/v0/inventory/adjust',
    { itemId, compartment: o.compartment ?? 'A-01-03', delta: o.stock ?? 10, reasonCode: 'found' },
    admin,
    `adj-${sku}`,
  );
  expect(adjusted.code, JSON.stringify(adjusted)).toBe('OK');
  return { id: itemId, sku, barcode: created.data.barcodes?.[0] as string | undefined };
}

async function order(lines: Array<{ sku: string; quantity: number }>, extra: Record<string, unknown> = {}) {
  const body = await send('POST', '/v0/outbound/orders', orderBody({ lines, ...extra }), merchantA);
  expect(body.code, JSON.stringify(body)).toBe('OK');
  expect(body.data.status).toBe(code('readyToPick'));
  return body.data as { id: number; unid: string; status: number };
}

const statusOf = async (id: number) =>
  Number((await sql<{ status: number }>`select status from outbound_orders where id = ${id}`.execute(t.database.db)).rows[0]!.status);
const issueRows = (id: number) =>
  sql<{ delta: number; reason: string; reason_code: string | null; item_id: number }>`select delta, reason, reason_code, item_id from inventory_log
    where ref_type = 'outbound' and ref_id = ${String(id)} and reason = 'issue' order by id`
    .execute(t.database.db)
    .then((r) => r.rows.map((x) => ({ ...x, delta: Number(x.delta), item_id: Number(x.item_id) })));
const onHand = async (itemId: number) =>
  Number((await sql<{ q: number }>`select coalesce(sum(quantity), 0)::int as q from stock where item_id = ${itemId}`.execute(t.database.db)).rows[0]!.q);
const billed = (id: number) =>
  sql<{ kind: string; quantity: number }>`select kind, sum(quantity)::int as quantity from billing_activity
    where ref_type = 'outbound' and ref_id = ${String(id)} and (kind like 'pick.%' or kind like 'pack.%') group by kind order by kind`
    .execute(t.database.db)
    .then((r) => Object.fromEntries(r.rows.map((x) => [x.kind, Number(x.quantity)])));
const boxS = async () => Number((await sql<{ id: number }>`select id from items where sku = 'BOX-S'`.execute(t.database.db)).rows[0]!.id);
const pack = (id: number, body: Record<string, unknown> = {}, key?: string, token = admin) => send('POST', `/v0/packing/orders/${id}/pack`, body, token, key);

describe('the pack flow', () => {
  it('issues the reserved units through the ledger naming the order, consumes materials and bills, once', async () => {
    const a = await item({ weight: 0.5 });
    const o = await order([{ sku: a.sku, quantity: 2 }]);
    const box = await boxS();
    const boxBefore = await onHand(box);
    const body = { station: 'Desk 1', parcels: [{ weight: 1.08, materials: [{ itemId: box, quantity: 1 }] }] };
    const first = await pack(o.id, body, `pack-${o.id}`);
    expect(first.code, JSON.stringify(first)).toBe('OK');
    expect(first.data).toMatchObject({ outcome: 'packed', status: code('packed'), expectedWeightKg: 1.08 });
    expect(first.data.parcels).toHaveLength(1);
    expect(first.data.parcels[0]).toMatchObject({ station: 'Desk 1', units: 2, weightKg: 1.08, materials: [{ itemId: box, sku: 'BOX-S', quantity: 1 }] });
    expect(await issueRows(o.id)).toEqual([
      { delta: -2, reason: 'issue', reason_code: null, item_id: a.id },
      { delta: -1, reason: 'issue', reason_code: 'material', item_id: box },
    ]);
    expect(await onHand(a.id)).toBe(8);
    expect(await onHand(box)).toBe(boxBefore - 1);
    const log = await get(`/v0/inventorylog/?refType=outbound&refId=${o.id}&reason=issue`);
    expect(log.data.data.map((r: { refNo: string }) => r.refNo)).toEqual([o.unid, o.unid]);
    expect((await get('/v0/inventory/check')).data).toEqual([]);
    expect(await billed(o.id)).toEqual({ 'pack.material.BOX-S': 1, 'pack.parcel': 1, 'pick.line': 1, 'pick.order': 1, 'pick.unit': 2 });

    // The same key replays; a new key (another station) finds it packed and books nothing.
    const replay = await pack(o.id, body, `pack-${o.id}`);
    expect(replay.data.outcome).toBe('packed');
    const again = await pack(o.id, body, `pack-${o.id}-b`);
    expect(again.data.outcome).toBe('alreadyPacked');
    expect(await issueRows(o.id)).toHaveLength(2);
    expect(await onHand(box)).toBe(boxBefore - 1);
    expect(await billed(o.id)).toMatchObject({ 'pick.order': 1, 'pack.parcel': 1 });
    const detail = await get(`/v0/outbound/orders/${o.id}/detail`);
    expect(detail.data.lines[0]).toMatchObject({ quantity: 2, picked: 2, reserved: 0 });
    expect((await get('/v0/inventory/check')).data).toEqual([]);
  });

  it('asks to check a weight far from items and materials, and accepts it when confirmed', async () => {
    const a = await item({ weight: 1 });
    const o = await order([{ sku: a.sku, quantity: 1 }]);
    const wrong = await pack(o.id, { parcels: [{ weight: 3 }] }, `w-${o.id}`);
    expect(wrong.code).toBe('CheckWeight');
    expect(JSON.stringify(wrong)).toMatch(/3 kg/);
    expect(await statusOf(o.id)).toBe(code('readyToPick'));
    expect(await issueRows(o.id)).toEqual([]);
    const near = await pack(o.id, { parcels: [{ weight: 1.05 }] }, `w2-${o.id}`);
    expect(near.data.outcome).toBe('packed');
    const b = await order([{ sku: a.sku, quantity: 1 }]);
    const confirmed = await pack(b.id, { parcels: [{ weight: 3 }], confirmWeight: true }, `w3-${b.id}`);
    expect(confirmed.data.outcome).toBe('packed');
  });

  it('refuses a material that is not a packing material, and a canceled order, booking nothing', async () => {
    const a = await item();
    const o = await order([{ sku: a.sku, quantity: 1 }]);
    const notMaterial = await pack(o.id, { parcels: [{ materials: [{ code: a.sku }] }] }, `m-${o.id}`);
    expect(notMaterial.code).toBe('ItemNotFound');
    await send('POST', '/v0/outbound/orders/bulk', { ids: [o.id], action: 'requestCancel' }, merchantA);
    expect(await statusOf(o.id)).toBe(code('canceled'));
    const canceled = await pack(o.id, {}, `c-${o.id}`);
    expect(canceled.code).toBe('OrderCanceled');
    expect(await issueRows(o.id)).toEqual([]);
    const unknown = await pack(o.id, { parcels: [{ weight: -1 }] }, `bad-${o.id}`);
    expect(unknown.code).toBe('IntegrityError');
  });

  it('a short pick releases the missing units, asks for a count and moves the order to out of stock', async () => {
    const a = await item({ stock: 3, compartment: 'A-02-01' });
    const o = await order([{ sku: a.sku, quantity: 3 }]);
    const short = await pack(o.id, { short: [{ itemId: a.id, missing: 2 }] }, `s-${o.id}`);
    expect(short.code, JSON.stringify(short)).toBe('OK');
    expect(short.data).toMatchObject({ outcome: 'shortPicked', status: code('outOfStock') });
    const detail = await get(`/v0/outbound/orders/${o.id}/detail`);
    expect(detail.data.lines[0]).toMatchObject({ quantity: 3, reserved: 1, picked: 0 });
    const counts = await sql<{ note: string; compartment_ids: unknown }>`select note, compartment_ids from stock_counts
      where status = 'open' and note = ${`short pick ${o.unid}`}`.execute(t.database.db);
    expect(counts.rows).toHaveLength(1);
    expect(await issueRows(o.id)).toEqual([]);
    expect((await get('/v0/inventory/check')).data).toEqual([]);
  });

  it('cancel after packing reverses the picking and packing activity and records the put-back', async () => {
    const a = await item();
    const o = await order([{ sku: a.sku, quantity: 1 }]);
    expect((await pack(o.id, { parcels: [{ materials: [{ code: 'BOX-S' }] }] }, `x-${o.id}`)).data.outcome).toBe('packed');
    expect((await send('POST', '/v0/outbound/orders/bulk', { ids: [o.id], action: 'requestCancel' }, merchantA)).data.results[0].ok).toBe(true);
    const approved = await send('POST', `/v0/outbound/orders/${o.id}/cancel-decision`, { approve: true });
    expect(approved.data.order.status).toBe(code('canceled'));
    expect(await billed(o.id)).toEqual({ 'pack.material.BOX-S': 0, 'pack.parcel': 0, 'pick.line': 0, 'pick.order': 0, 'pick.unit': 0 });
    const putbacks = await sql<{ quantity: number }>`select quantity from outbound_putbacks where order_id = ${o.id}`.execute(t.database.db);
    expect(putbacks.rows).toEqual([{ quantity: 1 }]);
  });

  it('an order whose carrier needs a weight waits for it, then is packed when weighed', async () => {
    await sql`insert into settings (key, value) values ('packing.rules', ${JSON.stringify({ weightNeeded: ['UPS'] })}::jsonb)
      on conflict (key) do update set value = excluded.value`.execute(t.database.db);
    const a = await item();
    const o = await order([{ sku: a.sku, quantity: 1 }], { carrier: 'UPS' });
    const unweighed = await pack(o.id, {}, `u-${o.id}`);
    expect(unweighed.data.status).toBe(code('packetWeightNeeded'));
    expect((await send('POST', `/v0/packing/orders/${o.id}/label`)).code).toBe('InvalidState');
    const weighed = await pack(o.id, { parcels: [{ weight: 0.55 }] }, `u2-${o.id}`);
    expect(weighed.data.status).toBe(code('packed'));
    expect(weighed.data.parcels[0].weightKg).toBe(0.55);
    expect(await issueRows(o.id)).toHaveLength(1);
    await sql`delete from settings where key = 'packing.rules'`.execute(t.database.db);
  });

  it('offers the packing materials to staff only', async () => {
    const materials = await get('/v0/packing/materials');
    expect(materials.data.map((m: { unid: string }) => m.unid)).toEqual(expect.arrayContaining(['BOX-S', 'BOX-M', 'BOX-L']));
    expect(materials.data.every((m: { unid: string }) => m.unid.startsWith('BOX-'))).toBe(true);
    expect((await get('/v0/packing/materials', merchantA)).code).toBe('NoPermission');
  });

  it('keeps merchants out: no packing, and another merchant sees no pack log rows', async () => {
    const a = await item();
    const o = await order([{ sku: a.sku, quantity: 1 }]);
    expect((await pack(o.id, {}, `mA-${o.id}`, merchantA)).code).toBe('NoPermission');
    expect((await pack(o.id, {}, `k-${o.id}`)).data.outcome).toBe('packed');
    const mine = await get(`/v0/packing/log?q=${o.unid}`, merchantA);
    if (mine.code === 'OK') expect(mine.data.data).toHaveLength(1);
    const foreign = await get(`/v0/packing/log?q=${o.unid}`, merchantB);
    if (foreign.code === 'OK') expect(foreign.data.data).toEqual([]);
    else expect(foreign.code).toBe('NoPermission');
    expect((await send('POST', `/v0/packing/orders/${o.id}/label`, undefined, merchantB)).code).toBe('NotFound');
  });
});

describe('the single-item station and the packlist', () => {
  it('packs the oldest ready single-item order of the scanned item, labels it and lists it', async () => {
    const a = await item({ weight: 0.3 });
    const first = await order([{ sku: a.sku, quantity: 1 }]);
    const second = await order([{ sku: a.sku, quantity: 1 }]);
    await order([{ sku: a.sku, quantity: 2 }]); // two units: not a single-item order
    const scan = await send('POST', '/v0/packing/single/scan', { code: a.sku, station: 'Single 1', materials: [{ code: 'BOX-S' }] }, admin, `single-${a.sku}`);
    expect(scan.code, JSON.stringify(scan)).toBe('OK');
    expect(scan.data).toMatchObject({ orderId: first.id, outcome: 'packed' });
    const label = await send('POST', `/v0/packing/orders/${first.id}/label`);
    expect(label.code, JSON.stringify(label)).toBe('OK');
    expect(label.data).toMatchObject({ orderId: first.id, complete: true, status: code('packingCompleted'), printed: false });
    expect(label.data.labelUrl).toMatch(/^\/v0\/labels\/merged\.pdf\?files=\[\d+\]$/);
    expect(label.data.shipBundle).not.toBe('');
    const again = await send('POST', `/v0/packing/orders/${first.id}/label`);
    expect(again.data.shipBundle).toBe(label.data.shipBundle);

    const next = await send('POST', '/v0/packing/single/scan', { code: a.sku, station: 'Single 1' }, admin, `single2-${a.sku}`);
    expect(next.data.orderId).toBe(second.id);
    const none = await send('POST', '/v0/packing/single/scan', { code: a.sku, station: 'Single 1' }, admin, `single3-${a.sku}`);
    expect(none.code).toBe('NoOrderToPack');
    expect((await send('POST', '/v0/packing/single/scan', { code: 'NOPE-404' }, admin, 'single-404')).code).toBe('ItemNotFound');

    const list = await get('/v0/packing/log?station=Single%201&l=25');
    expect(list.code).toBe('OK');
    expect(list.data.data.map((r: { orderId: number }) => r.orderId)).toEqual([second.id, first.id]);
    expect(list.data.data[1]).toMatchObject({
      orderUnid: first.unid,
      station: 'Single 1',
      userName: expect.any(String),
      materials: [{ sku: 'BOX-S', quantity: 1 }],
    });
    const page = await get('/v0/packing/log?station=Single%201&l=1');
    expect(page.data.next).not.toBeNull();
    const rest = await get(`/v0/packing/log?station=Single%201&l=1&o=${page.data.next}`);
    expect(rest.data.data[0].orderId).toBe(first.id);
    const reprint = await send('POST', `/v0/packing/log/${list.data.data[1].id}/reprint`);
    expect(reprint.data).toMatchObject({ orderId: first.id, shipBundle: label.data.shipBundle });
    expect((await get('/v0/inventory/check')).data).toEqual([]);
  });
});

describe('out of stock from a station', () => {
  it('GET /v0/p11yorders/outOfStock sets out of stock, releases the reservations, asks for a count and answers null', async () => {
    const a = await item({ stock: 2 });
    const o = await order([{ sku: a.sku, quantity: 2 }]);
    const answer = await t.call({ method: 'GET', url: `/v0/p11yorders/outOfStock?q=${o.id}`, token: admin, headers: { 'idempotency-key': `oos-${o.id}` } });
    expect(answer.body).toMatchObject({ code: 'OK', data: null });
    expect(await statusOf(o.id)).toBe(code('outOfStock'));
    const detail = await get(`/v0/outbound/orders/${o.id}/detail`);
    expect(detail.data.lines[0].reserved).toBe(0);
    const counts = await sql`select id from stock_counts where status = 'open' and note = ${`out of stock ${o.unid}`}`.execute(t.database.db);
    expect(counts.rows).toHaveLength(1);
    const again = await t.call({ method: 'GET', url: `/v0/p11yorders/outOfStock?q=${o.id}`, token: admin, headers: { 'idempotency-key': `oos2-${o.id}` } });
    expect(again.body).toMatchObject({ code: 'OK', data: null });
    expect((await get('/v0/inventory/check')).data).toEqual([]);
  });
});
