import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { warehouseDay, warehouseHour } from '@kontor/contracts/dates';
import type { HomeFloor } from '@kontor/contracts/domains/shipping-responses';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../src/http/access.js';
import { homeServices } from '../src/modules/home/index.js';
import { outboundServices } from '../src/modules/outbound/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * The floor on the home page (issue 19 item 10) and the floor views' late orders (item 7): figures
 * from the live counts in the session's merchant scope, staff against merchants, and "late" counted
 * against the warehouse's day (Europe/Berlin), not the database's UTC date.
 */
// A shared machine can be slow to build the app; the suite asserts behaviour, never timings.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

let t: TestApp;
let staff: string;
let merchantA: string;
let merchantB: string;
let merchantAId: number;
let warehouseId: number;

beforeAll(async () => {
  t = await createTestApp();
  [staff, merchantA, merchantB] = await Promise.all([t.login('warehouse@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
  const admin = await t.login('admin@demo.local');
  merchantAId = (await t.call({ method: 'GET', url: '/v0/merchants/opts', token: admin })).body.data.find((m: { code: string }) => m.code === 'C001').id;
  warehouseId = (await t.call({ method: 'GET', url: '/v0/warehouses/?code=DE01', token: admin })).body.data.data[0].id;
});
afterAll(async () => {
  await t?.close();
});

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.call({ method, url, token, payload: payload as never }).then((r) => r.body);
const home = async (token: string): Promise<HomeFloor> => {
  const res = await call('GET', '/v0/home/floor', token);
  expect(res.code, JSON.stringify(res)).toBe('OK');
  return res.data as HomeFloor;
};
const state = (floor: HomeFloor, key: string) => floor.states.find((s) => s.key === key)!;

let serial = 0;
/** An order of merchant A made through the API, then put into `to` (the way the other floor suites do). */
async function order(to: OutboundState, extra: { rsd?: string; parcels?: string[]; quantity?: number } = {}) {
  const created = await call(
    'POST',
    '/v0/outbound/orders',
    merchantA,
    orderBody({ remark: `home floor ${++serial}`, lines: [{ sku: 'SKU-B', quantity: extra.quantity ?? 1 }] }),
  );
  expect(created.code, JSON.stringify(created)).toBe('OK');
  const { id, unid } = created.data as { id: number; unid: string };
  await sql`update outbound_orders set status = ${code(to)}, rsd = ${extra.rsd ?? null}::date,
    ship_bundle = ${(extra.parcels ?? []).join('\n')} where id = ${id}`.execute(t.core.db);
  return { id, unid };
}

/** A staff session's auth (all merchants) or merchant A's, for calling the services with a chosen clock. */
const authOf = (merchantId: number | null) => ({ merchantId, subMerchantId: null }) as AuthContext;

describe('GET /v0/home/floor', () => {
  it('counts orders by floor state from the live counts; a merchant sees its own, staff every merchant', async () => {
    const [before, beforeA, beforeB] = await Promise.all([home(staff), home(merchantA), home(merchantB)]);
    expect(before.states.map((s) => s.key)).toEqual(['readyToPick', 'inPicklist', 'toPack', 'labelQueue', 'toShip']);
    expect(state(before, 'toShip').statuses).toEqual(OUTBOUND_ORDER.codes('packingCompleted', 'snRequired', 'partialQc', 'readyToShip'));
    await order('packingCompleted');
    await order('readyToShip');
    await order('readyToPack');
    await order('problem');
    const [after, afterA, afterB] = await Promise.all([home(staff), home(merchantA), home(merchantB)]);
    expect(state(after, 'toShip').count - state(before, 'toShip').count).toBe(2);
    expect(state(afterA, 'toShip').count - state(beforeA, 'toShip').count).toBe(2);
    expect(state(after, 'toPack').count - state(before, 'toPack').count).toBe(1);
    expect(after.exceptions.count - before.exceptions.count).toBe(1);
    expect(afterA.exceptions.count - beforeA.exceptions.count).toBe(1);
    expect(afterB).toEqual(beforeB);
    // Staff see at least what merchant A sees, merchant B none of A's orders.
    expect(state(after, 'toShip').count).toBeGreaterThanOrEqual(state(afterA, 'toShip').count);
    expect(state(afterB, 'toShip').count).toBeLessThan(state(after, 'toShip').count);

    // Each figure's statuses are the filter of the list it opens: the list shows as many orders.
    const list = await call(
      'GET',
      `/v0/outbound/lists/orders/?${state(afterA, 'toShip')
        .statuses.map((s) => `status=${s}`)
        .join('&')}&l=1`,
      merchantA,
    );
    expect(list.code, JSON.stringify(list)).toBe('OK');
    expect(list.data.total).toBe(state(afterA, 'toShip').count);
  });

  it('counts the late orders against the warehouse day, inbound orders due today and open tickets', async () => {
    const day = warehouseDay();
    const [before, beforeA, beforeB] = await Promise.all([home(staff), home(merchantA), home(merchantB)]);
    expect(before.day).toBe(day);
    expect(before.late.before).toBe(day);
    const late = await order('readyToPick', { rsd: '2020-01-02' });
    await order('readyToPick', { rsd: '2099-01-02' });
    const announced = await call('POST', '/v0/r7gorders/', merchantA, {
      warehouseId,
      reference: 'PO-HOME',
      carrier: 'DHL',
      expectedDate: day,
      boxQty: 1,
      lines: [{ sku: 'ANK-HUB-7', planned: 1 }],
    });
    expect(announced.code, JSON.stringify(announced)).toBe('OK');
    const ticket = await call('POST', '/v0/tickets/', merchantA, { orderId: late.id, subject: 'Where is it?', message: 'Late order' });
    expect(ticket.code, JSON.stringify(ticket)).toBe('OK');

    const [after, afterA, afterB] = await Promise.all([home(staff), home(merchantA), home(merchantB)]);
    expect(after.late.count - before.late.count).toBe(1);
    expect(afterA.late.count - beforeA.late.count).toBe(1);
    expect(after.inboundDue.count - before.inboundDue.count).toBe(1);
    expect(afterA.inboundDue.count - beforeA.inboundDue.count).toBe(1);
    expect(after.tickets.count - before.tickets.count).toBe(1);
    expect(afterA.tickets.count - beforeA.tickets.count).toBe(1);
    expect(afterB).toEqual(beforeB);

    // The late figure's list: its statuses and requested ship dates before the day.
    const yesterday = new Date(Date.parse(`${after.late.before}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const query = [...after.late.statuses.map((s) => `status=${s}`), `rsd=..${yesterday}`, 'l=1'].join('&');
    const list = await call('GET', `/v0/outbound/lists/orders/?${query}`, merchantA);
    expect(list.code, JSON.stringify(list)).toBe('OK');
    expect(list.data.total).toBe(afterA.late.count);
  });

  it('is late from midnight in Hamburg on, not from midnight UTC (the floor views and the home page)', async () => {
    // At 23:30 UTC on 10 March it is already 00:30 on 11 March in Hamburg: an order due on the 10th is late.
    const due = await order('readyToPick', { rsd: '2031-03-10' });
    const evening = new Date('2031-03-10T21:00:00Z'); // 22:00 in Hamburg, still the 10th
    const night = new Date('2031-03-10T23:30:00Z');
    const scope = authOf(merchantAId);
    const { floor } = outboundServices(t.core);
    const { home: homeService } = homeServices(t.core);
    const [viewEvening, viewNight] = [await floor.summary(scope, evening), await floor.summary(scope, night)];
    expect(viewEvening.late.orders.map((o) => o.unid)).not.toContain(due.unid);
    expect(viewNight.late.orders.map((o) => o.unid)).toContain(due.unid);
    expect(viewNight.late.total - viewEvening.late.total).toBe(1);
    const [homeEvening, homeNight] = [await homeService.floor(scope, evening), await homeService.floor(scope, night)];
    expect(homeEvening.day).toBe('2031-03-10');
    expect(homeNight.day).toBe('2031-03-11');
    expect(homeNight.late.count - homeEvening.late.count).toBe(1);
  });

  it("counts its day and hours in the warehouse's own time zone, not always Berlin's", async () => {
    const setZone = (zone: string) => sql`update warehouses set time_zone = ${zone} where id = ${warehouseId}`.execute(t.core.db);
    const first = await sql<{ id: number }>`select id from warehouses order by id limit 1`.execute(t.core.db);
    expect(Number(first.rows[0]!.id)).toBe(warehouseId);
    try {
      // 02:00 UTC on 11 March 2031: the 11th in Hamburg, still 22:00 on the 10th in New York.
      await setZone('America/New_York');
      const due = await order('readyToPick', { rsd: '2031-03-10' });
      const scope = authOf(merchantAId);
      const at = new Date('2031-03-11T02:00:00Z');
      const view = await outboundServices(t.core).floor.summary(scope, at);
      expect(view.late.orders.map((o) => o.unid)).not.toContain(due.unid);
      const floorNY = await homeServices(t.core).home.floor(scope, at);
      expect(floorNY).toMatchObject({ day: '2031-03-10', timeZone: 'America/New_York' });

      // The throughput's hours are the warehouse's: a parcel scanned out now counts in Tokyo's hour.
      await setZone('Asia/Tokyo');
      const stamp = Date.now().toString(36).toUpperCase();
      await order('packingCompleted', { parcels: [`TZ${stamp}`] });
      const before = new Date();
      expect((await call('GET', `/v0/p11yorders/scanShipSN?q=TZ${stamp}`, staff)).code).toBe('OK');
      const tokyo = await home(staff);
      expect(tokyo.timeZone).toBe('Asia/Tokyo');
      expect(tokyo.day).toBe(warehouseDay(new Date(), 'Asia/Tokyo'));
      const hours = [warehouseHour(before, 'Asia/Tokyo'), warehouseHour(new Date(), 'Asia/Tokyo')];
      expect(tokyo.throughput.filter((h) => hours.includes(h.hour)).reduce((n, h) => n + h.shipped, 0)).toBeGreaterThanOrEqual(1);

      // A zone nobody knows falls back to Berlin rather than failing the home page.
      await setZone('Mars/Olympus');
      expect((await home(staff)).timeZone).toBe('Europe/Berlin');
    } finally {
      await setZone('Europe/Berlin');
    }
  });

  it('shows loaded orders, the stock warnings of waiting orders and the throughput per hour', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const [before, beforeA, beforeB] = await Promise.all([home(staff), home(merchantA), home(merchantB)]);
    // A parcel confirmed at the shipping scan, then loaded onto an open pallet.
    const shipped = await order('packingCompleted', { parcels: [`HOME${stamp}`] });
    const scanned = await call('GET', `/v0/p11yorders/scanShipSN?q=HOME${stamp}`, staff);
    expect(scanned.code, JSON.stringify(scanned)).toBe('OK');
    const pallet = await call('POST', '/v0/wms/pallets', staff, {
      pickupCarrier: 'DHL Freight',
      unitStr: 'Box',
      plateNumber2: '',
      pickupDate: '2026-11-30',
      importantNote: '',
    });
    expect(pallet.code, JSON.stringify(pallet)).toBe('OK');
    const flushed = await call('POST', `/v0/wms/pallets/${pallet.data.palletCode}/tracking/flush`, staff, {
      reason: 'scan',
      items: [{ trackingNo: `HOME${stamp}`, carrier: '', trackingNoNorm: '' }],
    });
    expect(flushed.code, JSON.stringify(flushed)).toBe('OK');
    // An order waiting for far more than there is.
    const waiting = await order('outOfStock', { quantity: 100_000 });

    const [after, afterA, afterB] = await Promise.all([home(staff), home(merchantA), home(merchantB)]);
    expect(after.loaded - before.loaded).toBe(1);
    expect(afterA.loaded - beforeA.loaded).toBe(1);
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const shippedAt = (floor: HomeFloor) => floor.throughput.filter((h) => h.hour >= hour - 1).reduce((n, h) => n + h.shipped, 0);
    expect(shippedAt(after) - shippedAt(before)).toBe(1);
    expect(shippedAt(afterA) - shippedAt(beforeA)).toBe(1);
    expect(after.throughput.every((h, i, all) => h.hour >= 0 && h.hour < 24 && (i === 0 || all[i - 1]!.hour < h.hour))).toBe(true);
    expect(after.stockWarnings.waiting.count - before.stockWarnings.waiting.count).toBe(1);
    expect(after.stockWarnings.waiting.statuses).toEqual([code('outOfStock')]);
    const sku = afterA.stockWarnings.items.find((i) => i.sku === 'SKU-B');
    expect(sku?.missing).toBeGreaterThanOrEqual(100_000 - 1);
    expect(afterB).toEqual(beforeB);
    expect(afterB.stockWarnings.items.map((i) => i.sku)).not.toContain('SKU-B');
    expect(shipped.id).not.toBe(waiting.id);
  });

  it('counts the loaded pallets the pallet list shows: open, holding a parcel; not empty ones, not handed over ones', async () => {
    const loadedList = async () => {
      const list = await call('GET', '/v0/wms/pallets?state=loaded&l=1000', staff);
      expect(list.code, JSON.stringify(list)).toBe('OK');
      return list.data as { total: number; data: Array<{ palletCode: string; state: string; trackingCount: number }> };
    };
    const newPallet = async () => {
      const made = await call('POST', '/v0/wms/pallets', staff, {
        pickupCarrier: 'DPD',
        unitStr: 'Pallet',
        plateNumber2: '',
        pickupDate: '2026-11-30',
        importantNote: '',
      });
      expect(made.code, JSON.stringify(made)).toBe('OK');
      return made.data.palletCode as string;
    };
    const load = async (pallet: string, trackingNo: string) => {
      const flushed = await call('POST', `/v0/wms/pallets/${pallet}/tracking/flush`, staff, {
        reason: 'scan',
        items: [{ trackingNo, carrier: '', trackingNoNorm: '' }],
      });
      expect(flushed.code, JSON.stringify(flushed)).toBe('OK');
    };
    const stamp = Date.now().toString(36).toUpperCase();
    const [before, beforeB] = await Promise.all([home(staff), home(merchantB)]);
    expect(before.loaded).toBe((await loadedList()).total);

    // Two orders' parcels on one pallet, a third on another, a fourth pallet left empty, a fifth handed over.
    const parcels = ['A', 'B', 'C', 'D'].map((n) => `LDH${n}${stamp}`);
    for (const p of parcels) await order('readyToShip', { parcels: [p] });
    const [two, one, empty, gone] = [await newPallet(), await newPallet(), await newPallet(), await newPallet()];
    await load(two, parcels[0]!);
    await load(two, parcels[1]!);
    await load(one, parcels[2]!);
    await load(gone, parcels[3]!);
    expect((await call('POST', `/v0/wms/pallets/${gone}/close`, staff)).code).toBe('OK');

    const [after, afterB, list] = await Promise.all([home(staff), home(merchantB), loadedList()]);
    // Pallets, not orders: three orders are on open pallets, two pallets are loaded.
    expect(after.loaded - before.loaded).toBe(2);
    expect(after.loaded).toBe(list.total);
    expect(list.data.map((p) => p.palletCode)).toEqual(expect.arrayContaining([two, one]));
    expect(list.data.map((p) => p.palletCode)).not.toContain(empty);
    expect(list.data.map((p) => p.palletCode)).not.toContain(gone);
    expect(list.data.every((p) => p.state === 'open' && p.trackingCount > 0)).toBe(true);
    // Merchant B has no parcel on them.
    expect(afterB.loaded).toBe(beforeB.loaded);
  });

  it('is refused to a signed-out caller', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/v0/home/floor' });
    expect(anonymous.statusCode).toBe(403);
  });
});
