import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParcelOrder } from './helpers/orders.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The fulfilment floor's API attacked as a careless or hostile client and as the original handheld
 * calls it (issue 19; docs/shipping.md, docs/loading.md, docs/manifests.md): bad input on every floor
 * route answered with a coded error in the user's language and nothing changed, races between
 * handovers, flushes, scans and cancels, the tenant scope, and stock that leaves the books once.
 */
let t: TestApp;
let staff: string;
let admin: string;
let merchantA: string;
let merchantB: string;
beforeAll(async () => {
  t = await createTestApp();
  [staff, admin, merchantA, merchantB] = await Promise.all(['warehouse', 'admin', 'merchant-a', 'merchant-b'].map((name) => t.login(`${name}@demo.local`)));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Envelope = { code: string; data: any; error?: { fields?: Array<{ field: string; rule?: string }> } };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = staff, headers: Record<string, string> = {}): Promise<Envelope> =>
  t.call({ method, url, token, payload: payload as object, headers }).then((r) => r.body as Envelope);
const flush = (pallet: string, numbers: string[], headers: Record<string, string> = {}) =>
  call(
    'POST',
    `/v0/wms/pallets/${pallet}/tracking/flush`,
    { reason: 'scan', items: numbers.map((trackingNo) => ({ trackingNo, carrier: '', trackingNoNorm: '' })) },
    staff,
    headers,
  );
const close = (pallet: string, headers: Record<string, string> = {}) => call('POST', `/v0/wms/pallets/${pallet}/close`, {}, staff, headers);
const newPallet = async (plateNumber2 = '') => {
  const res = await call('POST', '/v0/wms/pallets', { pickupCarrier: 'DHL Freight', plateNumber2 });
  expect(res.code, JSON.stringify(res)).toBe('OK');
  return res.data.palletCode as string;
};
const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const orderRow = (id: number) =>
  t.core.db
    .selectFrom('outbound_orders')
    .select(['status', 'ship_bundle', 'ship_bundle_sent', 'reserved_units'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const historyOf = (id: number) => t.core.db.selectFrom('outbound_history').select(['action', 'to_status']).where('order_id', '=', id).orderBy('id').execute();

let serial = 0;
/** A parcel order of merchant A, set packed (packing completed) with these tracking numbers, as the suites do. */
async function packedOrder(parcels: string[], token = merchantA): Promise<{ id: number; unid: string }> {
  const order = await createParcelOrder(t, token, { carrier: 'DHL', remark: `floor attack ${++serial}` });
  await sql`update outbound_orders set status = ${code('packingCompleted')}, ship_bundle = ${parcels.join('\n')} where id = ${order.id}`.execute(t.core.db);
  return order;
}

describe('stock leaves the books once when an order leaves the warehouse', () => {
  /** The SKU-B stock row and this order's ledger rows. */
  const books = async (orderId: number) => ({
    stock: (
      await sql<{ quantity: number; reserved: number }>`select sum(s.quantity)::int as quantity, sum(s.reserved)::int as reserved
      from stock s join items i on i.id = s.item_id where i.sku = 'SKU-B'`.execute(t.core.db)
    ).rows[0]!,
    ledger: (
      await sql<{ reason: string; delta: number; delta_reserved: number }>`select reason, delta, delta_reserved from inventory_log
      where ref_type = 'outbound' and ref_id = ${String(orderId)} order by id`.execute(t.core.db)
    ).rows,
  });

  it('an order labelled before it was packed is issued at its handover, and never again', async () => {
    // Allocated (one SKU-B reserved), then its label bought: packing completed without the pack flow (facts §2.8).
    const order = await createParcelOrder(t, merchantA, { carrier: 'DHL', remark: 'label before pack' });
    const bought = await call('POST', `/v0/carriers/orders/${order.id}/labels`, {});
    expect(bought.code, JSON.stringify(bought)).toBe('OK');
    const { status, ship_bundle: parcel } = await orderRow(order.id);
    expect(status).toBe(code('packingCompleted'));
    const before = await books(order.id);
    expect(before.ledger.map((r) => r.reason)).toEqual(['reserve']);
    expect((await call('GET', `/v0/p11yorders/scanShipSN?q=${parcel}`)).data.status).toBe(code('readyToShip'));
    const pallet = await newPallet();
    expect((await flush(pallet, [parcel])).code).toBe('OK');
    const key = { 'Idempotency-Key': `stock-close-${pallet}` };
    const closed = await close(pallet, key);
    expect(closed.data, JSON.stringify(closed)).toMatchObject({ shipped: [order.unid] });
    const after = await books(order.id);
    expect(after.ledger).toEqual([
      { reason: 'reserve', delta: 0, delta_reserved: 1 },
      { reason: 'issue', delta: -1, delta_reserved: -1 },
    ]);
    expect(after.stock).toEqual({ quantity: before.stock.quantity - 1, reserved: before.stock.reserved - 1 });
    expect((await orderRow(order.id)).reserved_units).toBe(0);
    // A repeated handover (its key, or a second press) books nothing again.
    expect(await close(pallet, key)).toEqual(closed);
    expect((await close(pallet)).code).toBe('PalletClosed');
    expect(await books(order.id)).toEqual(after);
  });

  it('staff shipping an order by hand issue it too; an order already issued by packing books nothing', async () => {
    const order = await createParcelOrder(t, merchantA, { carrier: 'DHL', remark: 'shipped by hand' });
    expect((await call('POST', `/v0/carriers/orders/${order.id}/labels`, {})).code).toBe('OK');
    const before = await books(order.id);
    const shipped = await call('POST', `/v0/outbound/orders/${order.id}/status`, { to: 'shipped' }, admin, { 'Idempotency-Key': `ship-hand-${order.id}` });
    expect(shipped.code, JSON.stringify(shipped)).toBe('OK');
    const after = await books(order.id);
    expect(after.ledger.map((r) => r.reason)).toEqual(['reserve', 'issue']);
    expect(after.stock.quantity).toBe(before.stock.quantity - 1);
    // The pack flow's goods issue (markIssued, no reservation left): the handover books nothing more.
    const packed = await packedOrder(['STOCK-PACKED-1']);
    await sql`delete from reservations where ref_type = 'outbound' and ref_id = ${String(packed.id)}`.execute(t.core.db);
    const ledgerBefore = (await books(packed.id)).ledger;
    const pallet = await newPallet();
    await flush(pallet, ['STOCK-PACKED-1']);
    expect((await close(pallet)).code).toBe('OK');
    expect((await books(packed.id)).ledger).toEqual(ledgerBefore);
  });
});

describe('the shipping log keeps refused loading scans', () => {
  const logged = (trackingNo: string) =>
    t.core.db
      .selectFrom('shipping_log')
      .select(['result', 'error_code', 'pallet_code', 'order_unid'])
      .where('kind', '=', 'loading')
      .where('code', '=', trackingNo)
      .orderBy('id')
      .execute();

  it('a conflict and a closed pallet are logged even when the flush carried an Idempotency-Key', async () => {
    const order = await packedOrder(['ATTACK-LOG-1']);
    const first = await newPallet();
    const second = await newPallet();
    expect((await flush(first, ['ATTACK-LOG-1'])).code).toBe('OK');
    // The loading screen sends every number with its own key (docs/loading.md).
    const refused = await flush(second, ['ATTACK-LOG-1'], { 'Idempotency-Key': `log-conflict-${second}` });
    expect(refused).toMatchObject({ code: 'TrackingConflictError', data: `ATTACK-LOG-1 is already on pallet ${first}.` });
    expect(await logged('ATTACK-LOG-1')).toEqual([
      { result: 'matched', error_code: '', pallet_code: first, order_unid: order.unid },
      { result: 'conflict', error_code: 'TrackingConflictError', pallet_code: second, order_unid: order.unid },
    ]);
    expect((await close(first)).code).toBe('OK');
    expect((await flush(first, ['attack-log-2'], { 'Idempotency-Key': `log-closed-${first}` })).code).toBe('PalletClosed');
    expect(await logged('ATTACK-LOG-2')).toEqual([{ result: 'error', error_code: 'PalletClosed', pallet_code: first, order_unid: '' }]);
  });
});
