import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParcelOrder } from './helpers/orders.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The shipping scan, its log and the floor views (issue 19 items 1, 3, 7; docs/shipping.md). */
let t: TestApp;
let floor: string;
let merchantA: string;
let merchantB: string;

beforeAll(async () => {
  t = await createTestApp();
  [floor, merchantA, merchantB] = await Promise.all([t.login('warehouse@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
});
afterAll(async () => {
  await t?.close();
});

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const get = (url: string, token = floor, key?: string) =>
  t.call({ method: 'GET', url, token, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);
const scan = (q: string, options: { token?: string; key?: string } = {}) =>
  get(`/v0/p11yorders/scanShipSN?q=${encodeURIComponent(q)}`, options.token, options.key);

let serial = 0;
/** A packed order of merchant A with the given tracking numbers, made through the API and set packed. */
async function packedOrder(parcels: string[], qc: string[] = []): Promise<{ id: number; unid: string }> {
  const { id, unid } = await createParcelOrder(t, merchantA, { carrier: 'DHL', remark: `ship test ${++serial}` });
  await sql`update outbound_orders set status = ${code('packingCompleted')}, ship_bundle = ${parcels.join('\n')},
    sku_qc_required = ${JSON.stringify(qc)}::jsonb where id = ${id}`.execute(t.core.db);
  return { id, unid };
}
const logOf = (orderId: number) => t.core.db.selectFrom('shipping_log').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('scanShipSN (facts §3.1)', () => {
  it('confirms each parcel once; the last one moves the order to ready to ship', async () => {
    const order = await packedOrder(['SHIPA-1', 'SHIPA-2']);
    const first = await scan('SHIPA-1');
    expect(first.code, JSON.stringify(first)).toBe('OK');
    expect(first.data).toMatchObject({ id: order.id, unid: order.unid, alreadyScanned: false, shipQty: 2, status: code('packingCompleted') });
    expect(first.data.shipBundleSent).toEqual(['SHIPA-1']);
    expect(first.data.shipBundle).toBe('SHIPA-1\nSHIPA-2');
    expect(first.data.recName1).toBe('Erika Muster');
    const repeat = await scan('SHIPA-1');
    expect(repeat.data).toMatchObject({ alreadyScanned: true, shipBundleSent: ['SHIPA-1'], status: code('packingCompleted') });
    const last = await scan('SHIPA-2');
    expect(last.data).toMatchObject({ alreadyScanned: false, shipBundleSent: ['SHIPA-1', 'SHIPA-2'], status: code('readyToShip') });
    expect(last.data.status).toBe(96);
    // The order number after a parcel was sent is a repeat (facts §3.1 rule 2).
    expect((await scan(order.unid)).data).toMatchObject({ alreadyScanned: true, shipBundleSent: ['SHIPA-1', 'SHIPA-2'] });
    expect((await logOf(order.id)).map((r) => r.result)).toEqual(['new', 'already', 'new', 'already']);
    const history = await t.core.db.selectFrom('outbound_history').select(['action', 'to_status']).where('order_id', '=', order.id).execute();
    expect(history).toContainEqual({ action: 'shippingScan', to_status: 96 });
  });

  it('an order-number scan confirms the first parcel', async () => {
    const order = await packedOrder(['SHIPB-1', 'SHIPB-2']);
    const byNumber = await scan(order.unid.toLowerCase());
    expect(byNumber.data).toMatchObject({ alreadyScanned: false, shipBundleSent: ['SHIPB-1'] });
    expect((await scan('SHIPB-1')).data.alreadyScanned).toBe(true);
  });

  it('moves to partial QC (95) when the SKU QC is due', async () => {
    await packedOrder(['SHIPC-1'], ['SKU-B']);
    expect((await scan('SHIPC-1')).data).toMatchObject({ status: code('partialQc'), skuQCRequiredQty: 1, skuQCCompleted: false });
    expect(code('partialQc')).toBe(95);
  });

  it('a canceled order changes nothing: the order comes back for the Attention rule', async () => {
    const answer = await scan('CANCEL1');
    expect(answer.code).toBe('OK');
    expect(answer.data).toMatchObject({ unid: 'MO20260099', status: 120, alreadyScanned: false, shipBundleSent: [] });
    const [row] = await logOf(answer.data.id);
    expect(row).toMatchObject({ result: 'refused', error_code: 'OrderAttention', code: 'CANCEL1' });
  });

  it("the demo's MO20260002 passed its scan (facts §8): its parcel answers alreadyScanned and the order waits for its SKU QC", async () => {
    const answer = await scan('TRK2001');
    expect(answer.data).toMatchObject({ unid: 'MO20260002', alreadyScanned: true, shipBundleSent: ['TRK2001'], status: code('partialQc') });
    const [row] = await logOf(answer.data.id);
    expect(row).toMatchObject({ result: 'already', code: 'TRK2001' });
  });

  it('a repeat with the same Idempotency-Key gets the first answer and logs once', async () => {
    const order = await packedOrder(['SHIPD-1', 'SHIPD-2']);
    const once = await scan('SHIPD-1', { key: 'ship-key-1' });
    const again = await scan('SHIPD-1', { key: 'ship-key-1' });
    expect(again).toEqual(once);
    expect(once.data.alreadyScanned).toBe(false);
    expect(await logOf(order.id)).toHaveLength(1);
  });

  it('refuses unknown codes, unpacked orders and other merchants’ parcels with coded errors, and logs them', async () => {
    expect(await scan('NO-SUCH-PARCEL')).toMatchObject({ code: 'OrderNotFound', data: 'Order not found.' });
    expect(await scan('NO-SUCH-PARCEL-2', { key: 'ship-key-2' })).toMatchObject({ code: 'OrderNotFound' });
    const refused = await t.core.db.selectFrom('shipping_log').selectAll().where('code', 'in', ['NO-SUCH-PARCEL', 'NO-SUCH-PARCEL-2']).execute();
    expect(refused.map((r) => [r.result, r.error_code, r.order_id])).toEqual([
      ['refused', 'OrderNotFound', null],
      ['refused', 'OrderNotFound', null],
    ]);
    const order = await packedOrder(['SHIPE-1']);
    await sql`update outbound_orders set status = ${code('readyToPack')} where id = ${order.id}`.execute(t.core.db);
    expect(await scan('SHIPE-1')).toMatchObject({ code: 'ShipScanNotReady' });
    expect((await logOf(order.id)).map((r) => [r.result, r.error_code])).toEqual([['refused', 'ShipScanNotReady']]);
    await sql`update outbound_orders set status = ${code('packingCompleted')} where id = ${order.id}`.execute(t.core.db);
    const foreign = await scan('SHIPE-1', { token: merchantB });
    expect(foreign.code).not.toBe('OK');
    expect(JSON.stringify(foreign)).not.toContain('SHIPE-1');
    const row = await t.core.db.selectFrom('outbound_orders').select('ship_bundle_sent').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.ship_bundle_sent).toEqual([]);
    expect(await scan('')).toMatchObject({ code: 'IntegrityError' });
  });

  it('concurrent scanners of one order’s parcels lose nothing and double nothing', async () => {
    const parcels = Array.from({ length: 6 }, (_, i) => `SHIPF-${i + 1}`);
    const order = await packedOrder(parcels);
    const answers = await Promise.all([...parcels, ...parcels].map((p, i) => scan(p, { key: `race-${i}` })));
    expect(
      answers.every((a) => a.code === 'OK'),
      JSON.stringify(answers.find((a) => a.code !== 'OK')),
    ).toBe(true);
    expect(answers.filter((a) => !a.data.alreadyScanned)).toHaveLength(6);
    const row = await t.core.db.selectFrom('outbound_orders').select(['ship_bundle_sent', 'status']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect([...(row.ship_bundle_sent as string[])].sort()).toEqual(parcels);
    expect(row.status).toBe(code('readyToShip'));
    const log = await logOf(order.id);
    expect(log.filter((r) => r.result === 'new')).toHaveLength(6);
    expect(log.filter((r) => r.result === 'already')).toHaveLength(6);
  });
});

describe('the shipping log and the floor views', () => {
  it('lists the log with user, station and result, filtered, and exports it', async () => {
    const list = await get('/v0/shippinglog/?result=refused&l=100');
    expect(list.code, JSON.stringify(list)).toBe('OK');
    expect(list.data.data.length).toBeGreaterThan(0);
    const unknown = list.data.data.find((r: { code: string }) => r.code === 'NO-SUCH-PARCEL');
    expect(unknown).toMatchObject({ kind: 'shipping', result: 'refused', errorCode: 'OrderNotFound', userAccount: 'warehouse@demo.local', orderUnid: '' });
    expect(typeof unknown.station).toBe('string');
    const exported = await t.call({ method: 'POST', url: '/v0/shippinglog/export?result=refused', token: floor });
    expect(exported.body.code, JSON.stringify(exported.body)).toBe('OK');
    expect(list.data.data.every((r: { result: string }) => r.result === 'refused')).toBe(true);
    // Merchants see no log (staff privilege) and never another merchant's rows.
    const merchant = await get('/v0/shippinglog/', merchantB);
    expect(merchant.code).not.toBe('OK');
  });

  it('the problematic list holds every exception the floor view names above it (hold and label queue too)', async () => {
    const [held, queued] = [await packedOrder([]), await packedOrder([])];
    await sql`update outbound_orders set status = ${code('hold')}, exception_reason = 'customer asked to wait',
      exception_owner = 'merchant' where id = ${held.id}`.execute(t.core.db);
    await sql`update outbound_orders set status = ${code('transportLabelAwaits')} where id = ${queued.id}`.execute(t.core.db);
    const summary = await get('/v0/outbound/floor/problematic');
    expect(summary.code, JSON.stringify(summary)).toBe('OK');
    const listed = await get('/v0/outbound/lists/problematic/?l=1000');
    expect(listed.code, JSON.stringify(listed)).toBe('OK');
    const unids = listed.data.data.map((o: { unid: string }) => o.unid);
    expect(unids).toEqual(expect.arrayContaining([held.unid, queued.unid]));
    expect(summary.data.exceptions.orders.map((o: { unid: string }) => o.unid)).toEqual(expect.arrayContaining([held.unid, queued.unid]));
    expect(listed.data.data).toHaveLength(summary.data.exceptions.total);
  });

  it('a lead hands an exception from the problematic list to another owner with a comment; it is logged, the state stays', async () => {
    const held = await packedOrder([]);
    await sql`update outbound_orders set status = ${code('problem')}, exception_reason = 'parcel damaged at the gate',
      exception_owner = 'warehouse', exception_note = 'photo taken' where id = ${held.id}`.execute(t.core.db);
    const url = `/v0/outbound/orders/${held.id}/exception`;
    const post = (payload: unknown, token = floor) => t.call({ method: 'POST', url, token, payload: payload as never }).then((r) => r.body);
    // The owner is required and must be one of the owners; a merchant may not reassign staff's exceptions.
    expect((await post({ note: 'no owner' })).code).toBe('IntegrityError');
    expect((await post({ owner: 'nobody' })).code).toBe('IntegrityError');
    expect((await post({ owner: 'merchant' }, merchantA)).code).toBe('NoPermission');

    const done = await post({ owner: 'merchant', note: 'please confirm a replacement' });
    expect(done.code, JSON.stringify(done)).toBe('OK');
    expect(done.data.order).toMatchObject({
      status: code('problem'),
      exceptionReason: 'parcel damaged at the gate',
      exceptionOwner: 'merchant',
      exceptionNote: 'please confirm a replacement',
    });
    // Only an owner, no comment: the note stays.
    expect((await post({ owner: 'carrier' })).data.order).toMatchObject({ exceptionOwner: 'carrier', exceptionNote: 'please confirm a replacement' });
    const history = done.data.history.filter((h: { action: string }) => h.action === 'exceptionUpdate');
    expect(history).toEqual([expect.objectContaining({ owner: 'merchant', note: 'please confirm a replacement', from: code('problem'), to: code('problem') })]);
    const audited = await t.core.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'outboundOrder')
      .where('entity_id', '=', String(held.id))
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(2);
    // The floor panel shows the new owner; an order that is not an exception has no owner to hand over.
    const summary = await get('/v0/outbound/floor/problematic');
    expect(summary.data.exceptions.orders.find((o: { unid: string }) => o.unid === held.unid)?.exceptionOwner).toBe('carrier');
    const plain = await packedOrder([]);
    const refused = await t.call({ method: 'POST', url: `/v0/outbound/orders/${plain.id}/exception`, token: floor, payload: { owner: 'merchant' } });
    expect(refused.body.code).toBe('InvalidState');
  });

  it('counts orders per station, lists late orders and exceptions with their merchant', async () => {
    const late = await packedOrder(['SHIPG-1']);
    await sql`update outbound_orders set rsd = current_date - 2 where id = ${late.id}`.execute(t.core.db);
    const summary = await get('/v0/outbound/floor');
    expect(summary.code, JSON.stringify(summary)).toBe('OK');
    const keys = summary.data.stations.map((s: { key: string }) => s.key);
    expect(keys).toEqual(['readyToPick', 'inPicklist', 'packing', 'labelAwaits', 'awaitingShippingScan', 'qc', 'readyToShip']);
    expect(summary.data.stations.find((s: { key: string }) => s.key === 'readyToPick').count).toBeGreaterThan(0);
    expect(summary.data.late.orders.map((o: { unid: string }) => o.unid)).toContain(late.unid);
    expect(summary.data.exceptions.total).toBeGreaterThan(0);
    expect(summary.data.exceptions.orders[0].merchantName).not.toBe('');
    expect((await get('/v0/outbound/floor/problematic')).code).toBe('OK');
    // A merchant's view is its own: merchant B does not see merchant A's late order.
    const b = await get('/v0/outbound/floor', merchantB);
    if (b.code === 'OK') expect(b.data.late.orders.map((o: { unid: string }) => o.unid)).not.toContain(late.unid);
  });
});
