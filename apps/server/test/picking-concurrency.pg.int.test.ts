import { OUTBOUND_ORDER, PICKLIST } from '@kontor/contracts';
import { labelSlices, type LabelIndexOrder } from '@kontor/contracts/picking/label-index';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * Stations printing slices of ONE type-100 picklist at the same time (issue 18 "Idempotency and
 * concurrency"), on PostgreSQL with the requests running concurrently on the pool, through the original
 * calls only: `GET /v0/p11y/pick/`, the carrier gate's `batchPrintLabel` with `initiator:
 * "packScanBatch"` (which packs the slice's orders) and `PUT /v0/p11y/pick/`, each station computing its
 * slice with the shared label-index algorithm from what it last read. A station whose slice another
 * station already took is refused (`LabelsTaken`) and reads the picklist again, as the screen does.
 * At the end: no label index and no label printed twice, every unit issued once, nothing lost, and
 * the same Idempotency-Key resent (labels and PUT) books and counts nothing again.
 */
let t: TestApp;
let admin: string;
let merchantA: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, token: string, key?: string) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local')]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

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
type PrintRow = { UNID: string; id: number; packSKU: string; lblIdx: number[]; packingMaterials: number[]; initiator: string };

/** `orders` single-item orders of a new item in one new type-100 picklist; older ready orders get lists of their own first. */
async function picklistOf(sku: string, orders: number) {
  const item = await call('POST', '/v0/items/', { sku, name: `Concurrent ${sku}`, weight: 0.2 }, merchantA, `item-${sku}`);
  expect(item.code, JSON.stringify(item)).toBe('OK');
  const adjust = { itemId: Number(item.data.id), compartment: 'A-01-03', delta: orders, reasonCode: 'found' };
  expect((await call('POST', '/v0/inventory/adjust', adjust, admin, `adj-${sku}`)).code).toBe('OK');
  const box = await call('POST', '/v0/inventory/adjust', { item: 'BOX-S', compartment: 'C-05-01', delta: orders, reasonCode: 'found' }, admin, `box-${sku}`);
  expect(box.code, JSON.stringify(box)).toBe('OK');
  expect((await call('POST', '/v0/picking/picklists', { rules: { maxLists: 0 } }, admin, `clear-${sku}`)).code).toBe('OK');
  const ids: number[] = [];
  for (let i = 0; i < orders; i++) {
    const res = await call('POST', '/v0/outbound/orders', orderBody({ lines: [{ sku, quantity: 1 }] }), merchantA, `o-${sku}-${i}`);
    expect(res.code, JSON.stringify(res)).toBe('OK');
    ids.push(Number(res.data.id));
  }
  const created = await call('POST', '/v0/picking/picklists', { rules: { split: 'singleOnly', maxOrders: orders } }, admin, `pl-${sku}`);
  expect(created.code, JSON.stringify(created)).toBe('OK');
  expect(created.data.created).toHaveLength(1);
  expect(created.data.created[0]).toMatchObject({ type: 100, itemQty: orders });
  return { id: Number(created.data.created[0].id), orderIds: ids };
}

const boxId = async () => Number((await t.database.db.selectFrom('items').select('id').where('sku', '=', 'BOX-S').executeTakeFirstOrThrow()).id);
/** The label ids of a merged-PDF URL (`…/merged.pdf?files=[1,2]`). */
const filesOf = (url: string) => JSON.parse(decodeURIComponent(url.slice(url.indexOf('files=') + 6))) as number[];

interface Slice {
  station: string;
  rows: PrintRow[];
  files: number[];
}

/**
 * One station working the picklist to its end as the Pick Scan Batch screen does: read, take a slice of
 * 1–3 pieces (as many as its row has left), labels, then the progress; a refused slice reads again.
 * Every third slice the station also resends both calls with the same keys (a lost answer).
 */
async function station(
  name: string,
  token: string,
  picklistId: number,
  sku: string,
  box: number,
  record: { slices: Slice[]; refusals: string[]; firstRead: () => Promise<void> },
) {
  const { slices, refusals } = record;
  for (let attempt = 0; attempt < 2000; attempt++) {
    const read = await call('GET', `/v0/p11y/pick/?q=${picklistId}`, undefined, token);
    expect(read.code, JSON.stringify(read)).toBe('OK');
    // All stations start from the same read, so their first slices are the same one.
    if (attempt === 0) await record.firstRead();
    const p = read.data as Picklist;
    const info: InfoRow[] = p.itemInfo ? JSON.parse(p.itemInfo) : JSON.parse(p.items).map((r: InfoRow) => ({ ...r, qtyPrinted: 0 }));
    const row = info.find((r) => r.sku === sku && r.qtyPrinted < r.qty);
    if (!row) return;
    const already = info.filter((r) => r.sku === sku).reduce((sum, r) => sum + r.qtyPrinted, 0);
    const qty = Math.min(1 + (attempt % 3), row.qty - row.qtyPrinted);
    const rows: PrintRow[] = labelSlices(JSON.parse(p.orders) as LabelIndexOrder[], sku, already, qty).map((s) => ({
      UNID: s.UNID,
      id: s.ID,
      packSKU: sku,
      lblIdx: s.lblIdx,
      packingMaterials: [box],
      initiator: 'packScanBatch',
    }));
    const key = `${sku}-${name}-${attempt}`;
    const labels = await call('POST', '/v0/order/batchPrintLabel', rows, token, `${key}-labels`);
    if (labels.code === 'LabelsTaken') {
      refusals.push(name);
      await pause(5 + (attempt % 7) * 3);
      continue;
    }
    expect(labels.code, JSON.stringify(labels)).toBe('OK');
    const batch = [
      ...(p.printBatch ? JSON.parse(p.printBatch) : []),
      { name: `${sku} () @ ${row.inventoryName}:${qty}`, time: '2026-12-01 10:00:00', data: rows },
    ];
    const next = info.map((r) => (r === row ? { ...r, qtyPrinted: r.qtyPrinted + qty } : r));
    const progress = { ...p, itemQtyPicked: p.itemQtyPicked + qty, itemInfo: JSON.stringify(next), printBatch: JSON.stringify(batch) };
    const saved = await call('PUT', '/v0/p11y/pick/', progress, token, `${key}-put`);
    expect(saved, JSON.stringify(saved)).toEqual({ code: 'OK', data: null });
    if (attempt % 3 === 0) {
      expect(await call('POST', '/v0/order/batchPrintLabel', rows, token, `${key}-labels`)).toEqual(labels);
      expect(await call('PUT', '/v0/p11y/pick/', progress, token, `${key}-put`)).toEqual({ code: 'OK', data: null });
    }
    slices.push({ station: name, rows, files: filesOf(labels.data as string) });
    await pause(10); // the labels print
  }
  throw new Error(`${name} did not finish`);
}

async function outcome(picklistId: number, orderIds: number[], itemId: number) {
  const db = t.database.db;
  const issued = await sql<{ ref_id: string; n: number }>`select ref_id, -sum(delta)::int as n from inventory_log
    where ref_type = 'outbound' and reason = 'issue' and reason_code is null and item_id = ${itemId} group by ref_id`.execute(db);
  const materials = await sql<{ n: number }>`select coalesce(-sum(delta), 0)::int as n from inventory_log
    where ref_type = 'outbound' and reason = 'issue' and reason_code = 'material' and ref_id = any(${orderIds.map(String)}::text[])`.execute(db);
  const packs = await sql<{ n: number }>`select count(*)::int as n from pack_log where order_id = any(${orderIds}::bigint[])`.execute(db);
  const labels = await sql<{
    n: number;
  }>`select count(*)::int as n from parcel_labels where state = 'bought' and order_id = any(${orderIds}::bigint[])`.execute(db);
  const billed = await sql<{ kind: string; n: number }>`select kind, sum(quantity)::int as n from billing_activity where ref_type = 'outbound'
    and ref_id = any(${orderIds.map(String)}::text[]) and kind in ('pick.order', 'pick.unit', 'pack.parcel') group by kind order by kind`.execute(db);
  const statuses = await db.selectFrom('outbound_orders').select('status').where('id', 'in', orderIds).execute();
  const p = (await call('GET', `/v0/p11y/pick/?q=${picklistId}`, undefined, admin)).data as Picklist;
  return {
    issuedPerOrder: new Map(issued.rows.map((r) => [Number(r.ref_id), Number(r.n)])),
    materials: Number(materials.rows[0]!.n),
    packs: Number(packs.rows[0]!.n),
    labels: Number(labels.rows[0]!.n),
    billed: Object.fromEntries(billed.rows.map((r) => [r.kind, Number(r.n)])),
    statuses: statuses.map((s) => Number(s.status)),
    picklist: p,
  };
}

describe('stations printing one picklist at once (PostgreSQL)', () => {
  for (const stations of [2, 4]) {
    it(`${stations} stations: no label index twice, no unit picked twice, nothing lost`, async () => {
      const sku = `PCC-${stations}`;
      const orders = 6 * stations;
      const list = await picklistOf(sku, orders);
      const box = await boxId();
      const itemId = Number((await t.database.db.selectFrom('items').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id);
      // Each station its own session, as separate handhelds are.
      const tokens = await Promise.all(Array.from({ length: stations }, () => t.login('admin@demo.local')));
      const slices: Slice[] = [];
      const refusals: string[] = [];
      let arrived = 0;
      let release = () => {};
      const allRead = new Promise<void>((resolve) => (release = resolve));
      const firstRead = () => (++arrived === stations && release(), allRead);
      await Promise.all(tokens.map((token, i) => station(`S${i}`, token, list.id, sku, box, { slices, refusals, firstRead })));

      // Every label index of every order printed by exactly one station, every label once.
      const printed = slices.flatMap((s) => s.rows.flatMap((r) => r.lblIdx.map((idx) => `${r.id}:${idx}`)));
      expect(new Set(printed).size).toBe(printed.length);
      expect(printed.sort()).toEqual(list.orderIds.map((id) => `${id}:0`).sort());
      const files = slices.flatMap((s) => s.files);
      expect(new Set(files).size).toBe(files.length);
      expect(files).toHaveLength(orders);
      // The first slice was asked for by every station at once: one printed it, the others were refused.
      expect(refusals.length).toBeGreaterThanOrEqual(stations - 1);

      const after = await outcome(list.id, list.orderIds, itemId);
      expect([...after.issuedPerOrder.keys()].sort((a, b) => a - b)).toEqual([...list.orderIds].sort((a, b) => a - b));
      expect([...after.issuedPerOrder.values()].every((n) => n === 1)).toBe(true);
      expect(after.materials).toBe(orders);
      expect(after.packs).toBe(orders);
      expect(after.labels).toBe(orders);
      expect(after.billed).toEqual({ 'pack.parcel': orders, 'pick.order': orders, 'pick.unit': orders });
      expect(after.statuses.every((s) => s === OUTBOUND_ORDER.codeOf('packingCompleted'))).toBe(true);
      expect(after.picklist).toMatchObject({ itemQty: orders, itemQtyPicked: orders, status: PICKLIST.codeOf('packingCompleted') });
      const info = JSON.parse(after.picklist.itemInfo) as InfoRow[];
      expect(info.reduce((sum, r) => sum + r.qtyPrinted, 0)).toBe(orders);
      expect(JSON.parse(after.picklist.printBatch)).toHaveLength(slices.length);
      expect((await call('GET', '/v0/inventory/check', undefined, admin)).data).toEqual([]);
    });
  }

  it('a slice another station holds is refused before anything is booked; its own retry is not', async () => {
    const list = await picklistOf('PCC-HOLD', 3);
    const box = await boxId();
    const [a, b] = await Promise.all([t.login('admin@demo.local'), t.login('admin@demo.local')]);
    const p = (await call('GET', `/v0/p11y/pick/?q=${list.id}`, undefined, a)).data as Picklist;
    await call('GET', `/v0/p11y/pick/?q=${list.id}`, undefined, b);
    const rows = labelSlices(JSON.parse(p.orders) as LabelIndexOrder[], 'PCC-HOLD', 0, 2).map((s) => ({
      UNID: s.UNID,
      id: s.ID,
      packSKU: 'PCC-HOLD',
      lblIdx: s.lblIdx,
      packingMaterials: [box],
      initiator: 'packScanBatch',
    }));
    const first = await call('POST', '/v0/order/batchPrintLabel', rows, a, 'hold-a');
    expect(first.code, JSON.stringify(first)).toBe('OK');
    // Station B read before A saved its progress and computes the same slice: refused, in its language.
    const taken = await t.call({
      method: 'POST',
      url: '/v0/order/batchPrintLabel',
      token: b,
      payload: rows as never,
      headers: { 'idempotency-key': 'hold-b', 'accept-language': 'de' },
    });
    expect(taken.body.code).toBe('LabelsTaken');
    expect(taken.body.data).toMatch(/andere Station/);
    // A's own retry with a new key (its answer was lost) gets the same labels; nothing is booked twice.
    const retry = await call('POST', '/v0/order/batchPrintLabel', rows, a, 'hold-a-2');
    expect(retry).toEqual(first);
    const packs = await sql<{ n: number }>`select count(*)::int as n from pack_log where order_id = any(${list.orderIds}::bigint[])`.execute(t.database.db);
    expect(Number(packs.rows[0]!.n)).toBe(2);
    // B's slice of what is left (one piece) is its own.
    const rest = labelSlices(JSON.parse(p.orders) as LabelIndexOrder[], 'PCC-HOLD', 2, 1).map((s) => ({
      ...rows[0]!,
      UNID: s.UNID,
      id: s.ID,
      lblIdx: s.lblIdx,
    }));
    expect((await call('POST', '/v0/order/batchPrintLabel', rest, b, 'hold-b-rest')).code).toBe('OK');
    // A reprint of A's slice through printShipmentLabelAtScan (the print history) is anyone's.
    expect((await call('POST', '/v0/order/printShipmentLabelAtScan', rows, b, 'hold-b-reprint')).data).toBe(first.data);
    // A falls silent without saving: once its claims lapse B may print that slice (booked once, labels reused).
    await sql`update picklist_reads set at = now() - interval '6 minutes'
      where picklist_id = ${list.id} and snapshot->'claimed' @> ${JSON.stringify([`${rows[0]!.id}:PCC-HOLD:0`])}::jsonb`.execute(t.database.db);
    expect(await call('POST', '/v0/order/batchPrintLabel', rows, b, 'hold-b-lapsed')).toEqual(first);
    const after = await sql<{ n: number }>`select count(*)::int as n from pack_log where order_id = any(${list.orderIds}::bigint[])`.execute(t.database.db);
    expect(Number(after.rows[0]!.n)).toBe(3);
  });
});
