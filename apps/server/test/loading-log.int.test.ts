import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParcelOrder } from './helpers/orders.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Loading scans in the shipping log (issue 19 item 3, docs/loading.md "Shipping log"): every tracking
 * number flushed onto a pallet and every handover scan is a `loading` row with user, station, pallet and
 * the lookup's result (matched, pending, not found, error, conflict; a repeat `already`), filterable by
 * kind and result, and in the log's export.
 */
let t: TestApp;
let staff: string;
let merchantA: string;
beforeAll(async () => {
  t = await createTestApp();
  [staff, merchantA] = await Promise.all([t.login('warehouse@demo.local'), t.login('merchant-a@demo.local')]);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = staff) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const post = (url: string, payload: unknown, token = staff) => t.call({ method: 'POST', url, token, payload: payload as object }).then((r) => r.body);
const flush = (code: string, numbers: string[]) =>
  post(`/v0/wms/pallets/${code}/tracking/flush`, { reason: 'scan', items: numbers.map((trackingNo) => ({ trackingNo, carrier: '', trackingNoNorm: '' })) });
const newConfig = async (plateNumber2 = '') => {
  const res = await post('/v0/wms/pallets', { pickupCarrier: 'DHL Freight', unitStr: 'Box', plateNumber2, pickupDate: '2026-11-30', importantNote: '' });
  expect(res.code, JSON.stringify(res)).toBe('OK');
  return res.data.palletCode as string;
};
const loadingRows = (palletCode: string) =>
  t.core.db.selectFrom('shipping_log_view').selectAll().where('kind', '=', 'loading').where('pallet_code', '=', palletCode).orderBy('id').execute();

/** An order of merchant A still waiting for stock, yet with a tracking number (its parcel is pending). */
async function pendingOrder(trackingNo: string) {
  const order = await createParcelOrder(t, merchantA, { carrier: 'DHL', remark: 'loading log' });
  await sql`update outbound_orders set ship_bundle = ${trackingNo} where id = ${order.id}`.execute(t.core.db);
  return order;
}

describe('loading scans in the shipping log', () => {
  it('logs each flushed number with its result, user, station and pallet; a repeat as already', async () => {
    const pallet = await newConfig();
    const pending = await pendingOrder('LOADLOG-PENDING-1');
    const res = await flush(pallet, ['trk1001', 'CANCEL1', 'NO-SUCH-PARCEL-9', 'LOADLOG-PENDING-1']);
    expect(res.code, JSON.stringify(res)).toBe('OK');
    const rows = await loadingRows(pallet);
    expect(rows.map((r) => [r.code, r.result])).toEqual([
      ['TRK1001', 'matched'],
      ['CANCEL1', 'error'],
      ['NO-SUCH-PARCEL-9', 'notFound'],
      ['LOADLOG-PENDING-1', 'pending'],
    ]);
    expect(rows[0]).toMatchObject({ order_unid: 'MO20260001', user_account: 'warehouse@demo.local', merchant_name: expect.any(String) });
    expect(rows[1]).toMatchObject({ order_unid: 'MO20260099', error_code: 'canceled' });
    expect(rows[2]).toMatchObject({ order_unid: '', order_id: null, merchant_id: null });
    expect(rows[3]).toMatchObject({ order_id: pending.id });
    expect(rows.every((r) => typeof r.station === 'string' && r.user_id !== null)).toBe(true);

    expect((await flush(pallet, ['TRK1001'])).code).toBe('OK');
    const again = await loadingRows(pallet);
    expect(again).toHaveLength(5);
    expect(again.at(-1)).toMatchObject({ code: 'TRK1001', result: 'already', order_unid: 'MO20260001' });
  });

  it('logs a number already on another pallet as a conflict, and nothing else of the refused call', async () => {
    const first = await newConfig();
    const second = await newConfig();
    expect((await flush(first, ['LOADLOG-C1'])).code).toBe('OK');
    const refused = await flush(second, ['LOADLOG-FRESH', 'LOADLOG-C1']);
    expect(refused.code).toBe('TrackingConflictError');
    const rows = await loadingRows(second);
    expect(rows.map((r) => [r.code, r.result, r.error_code])).toEqual([['LOADLOG-C1', 'conflict', 'TrackingConflictError']]);
    expect((await loadingRows(first)).map((r) => r.result)).toEqual(['notFound']);
  });

  it('logs a flush onto a closed pallet as an error', async () => {
    const pallet = await newConfig();
    expect((await flush(pallet, ['LOADLOG-NOBODY'])).code).toBe('OK');
    const closed = await post(`/v0/wms/pallets/${pallet}/close`, {});
    expect(closed.code, JSON.stringify(closed)).toBe('OK');
    expect((await flush(pallet, ['LOADLOG-LATE'])).code).toBe('PalletClosed');
    expect((await loadingRows(pallet)).map((r) => [r.code, r.result, r.error_code])).toEqual([
      ['LOADLOG-NOBODY', 'notFound', ''],
      ['LOADLOG-LATE', 'error', 'PalletClosed'],
    ]);
  });

  it('logs each handover scan: the pallet found by code or plate (ambiguous), or not found', async () => {
    await post('/v0/wms/pallets/handover/scan', { scan: ' ld20260001 ' });
    const a = await newConfig('LL 11');
    const b = await newConfig('LL11');
    await post('/v0/wms/pallets/handover/scan', { scan: 'll 11' });
    await post('/v0/wms/pallets/handover/scan', { scan: 'LOADLOG-NOTHING' });
    const rows = await t.core.db
      .selectFrom('shipping_log')
      .selectAll()
      .where('kind', '=', 'loading')
      .where('code', 'in', ['LD20260001', 'LL 11', 'LOADLOG-NOTHING'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.code, r.result, r.pallet_code, r.error_code])).toEqual([
      ['LD20260001', 'matched', 'LD20260001', ''],
      ['LL 11', 'matched', b, 'ambiguous'],
      ['LOADLOG-NOTHING', 'notFound', '', 'LoadingNotFound'],
    ]);
    expect(a).not.toBe(b);
  });

  it('lists loading rows by kind and result through /v0/shippinglog/ and exports them', async () => {
    const list = await get('/v0/shippinglog/?kind=loading&result=conflict&l=100');
    expect(list.code, JSON.stringify(list)).toBe('OK');
    expect(list.data.data.length).toBeGreaterThan(0);
    expect(list.data.data.every((r: { kind: string; result: string }) => r.kind === 'loading' && r.result === 'conflict')).toBe(true);
    expect(list.data.data[0]).toMatchObject({ code: 'LOADLOG-C1', palletCode: expect.stringMatching(/^LD/), userAccount: 'warehouse@demo.local' });
    const shipping = await get('/v0/shippinglog/?kind=shipping&l=100');
    expect(shipping.data.data.every((r: { kind: string }) => r.kind === 'shipping')).toBe(true);
    const byPallet = await get('/v0/shippinglog/?palletCode=LD20260001&l=100');
    expect(byPallet.data.data.some((r: { result: string }) => r.result === 'matched')).toBe(true);
    const exported = await t.call({ method: 'POST', url: '/v0/shippinglog/export?kind=loading', token: staff });
    expect(exported.body.code, JSON.stringify(exported.body)).toBe('OK');
  });
});
