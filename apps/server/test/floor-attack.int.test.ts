import { OUTBOUND_ORDER, PRIVILEGES, type OutboundState } from '@kontor/contracts';
import { warehouseDay } from '@kontor/contracts/dates';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParcelOrder } from './helpers/orders.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { outboundServices } from '../src/modules/outbound/index.js';
import { GoodsIssue, ReservationService, StockService } from '../src/modules/inventory/index.js';
import { TenantScope } from '../src/db/tenant-scope.js';

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
  const tokens = await Promise.all(['warehouse', 'admin', 'merchant-a', 'merchant-b'].map((name) => t.login(`${name}@demo.local`)));
  [staff, admin, merchantA, merchantB] = tokens as [string, string, string, string];
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
    // On-hand never negative, reserved within on-hand, every row the sum of its ledger.
    expect(await checkStockInvariants(t.core.db)).toEqual([]);
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
    const stock = new StockService({ db: t.core.db });
    await t.core.db
      .transaction()
      .execute((trx) =>
        new GoodsIssue(stock, new ReservationService({ db: t.core.db }, stock)).issueReserved(
          trx,
          { userId: null, merchantScope: TenantScope.all },
          { type: 'outbound', id: String(packed.id) },
        ),
      );
    const ledgerBefore = (await books(packed.id)).ledger;
    const pallet = await newPallet();
    await flush(pallet, ['STOCK-PACKED-1']);
    expect((await close(pallet)).code).toBe('OK');
    expect((await books(packed.id)).ledger).toEqual(ledgerBefore);
  });

  it('an order finished before it left gives its reserved stock back to the other orders', async () => {
    const order = await createParcelOrder(t, merchantA, { carrier: 'DHL', remark: 'finished unshipped' });
    expect((await orderRow(order.id)).status).toBe(code('readyToPick'));
    const before = await books(order.id);
    expect(before.ledger.map((r) => r.reason)).toEqual(['reserve']);
    const finished = await call('POST', `/v0/outbound/orders/${order.id}/status`, { to: 'finish' }, admin);
    expect(finished.code, JSON.stringify(finished)).toBe('OK');
    const after = await books(order.id);
    expect(after.ledger.map((r) => r.reason)).toEqual(['reserve', 'release']);
    expect(after.stock).toEqual({ quantity: before.stock.quantity, reserved: before.stock.reserved - 1 });
    expect((await orderRow(order.id)).reserved_units).toBe(0);
    expect(await checkStockInvariants(t.core.db)).toEqual([]);
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

describe('bad input on the floor routes', () => {
  /** What a refused call must leave as it was. */
  const counts = async () =>
    (
      await sql<Record<string, number>>`select (select count(*) from pallets)::int as pallets, (select count(*) from pallet_tracking)::int as tracking,
        (select count(*) from shipping_log)::int as log, (select count(*) from inventory_log)::int as ledger, (select count(*) from outbound_history)::int as history,
        (select count(*) from carrier_manifests)::int as manifests, (select coalesce(sum(tracking_count), 0)::int from pallets) as loaded`.execute(t.core.db)
    ).rows[0];

  it('answers every malformed call with a coded error in the user’s language and changes nothing', async () => {
    const L = '/v0/wms/pallets/LD20260001';
    const de = { 'x-lang': 'de' };
    const before = await counts();
    const cases: Array<[string, 'GET' | 'POST' | 'PUT', string, unknown, string, string | null]> = [
      ['scan without q', 'GET', '/v0/p11yorders/scanShipSN', undefined, 'IntegrityError', 'q'],
      ['scan of blanks', 'GET', '/v0/p11yorders/scanShipSN?q=%20%20', undefined, 'IntegrityError', 'q'],
      ['scan too long', 'GET', `/v0/p11yorders/scanShipSN?q=${'A'.repeat(150)}`, undefined, 'IntegrityError', 'q'],
      ['scan of two codes', 'GET', '/v0/p11yorders/scanShipSN?q=TRK1001&q=TRK1002', undefined, 'IntegrityError', 'q'],
      ['scan of control characters only', 'GET', '/v0/p11yorders/scanShipSN?q=%1D%0D', undefined, 'IntegrityError', 'q'],
      ['scan of a NUL', 'GET', '/v0/p11yorders/scanShipSN?q=TRK%001001', undefined, 'IntegrityError', 'q'],
      ['handover scan without scan', 'POST', '/v0/wms/pallets/handover/scan', {}, 'IntegrityError', 'scan'],
      ['handover scan of a number', 'POST', '/v0/wms/pallets/handover/scan', { scan: 12 }, 'IntegrityError', 'scan'],
      ['handover scan of a list', 'POST', '/v0/wms/pallets/handover/scan', { scan: ['LD20260001'] }, 'IntegrityError', 'scan'],
      ['handover scan too long', 'POST', '/v0/wms/pallets/handover/scan', { scan: 'X'.repeat(201) }, 'IntegrityError', 'scan'],
      ['handover scan of malformed JSON', 'POST', '/v0/wms/pallets/handover/scan', '{"scan": ', 'IntegrityError', null],
      ['tracking of a blank pallet code', 'GET', '/v0/wms/pallets/%20/tracking', undefined, 'IntegrityError', 'palletCode'],
      ['tracking of a too long pallet code', 'GET', `/v0/wms/pallets/${'L'.repeat(50)}/tracking`, undefined, 'IntegrityError', 'palletCode'],
      ['tracking of an unknown pallet', 'GET', `/v0/wms/pallets/${encodeURIComponent('LD😀')}/tracking`, undefined, 'NotFound', null],
      ['flush of no numbers', 'POST', `${L}/tracking/flush`, { reason: 'scan', items: [] }, 'IntegrityError', 'items'],
      ['flush of a text for items', 'POST', `${L}/tracking/flush`, { items: 'TRK1001' }, 'IntegrityError', 'items'],
      ['flush of a blank number', 'POST', `${L}/tracking/flush`, { items: [{ trackingNo: '   ' }] }, 'IntegrityError', 'items.0.trackingNo'],
      ['flush of a control character', 'POST', `${L}/tracking/flush`, { items: [{ trackingNo: '\u001d' }] }, 'IntegrityError', 'items.0.trackingNo'],
      ['flush of a number for a number', 'POST', `${L}/tracking/flush`, { items: [{ trackingNo: 1234 }] }, 'IntegrityError', 'items.0.trackingNo'],
      ['flush of a too long number', 'POST', `${L}/tracking/flush`, { items: [{ trackingNo: 'A'.repeat(101) }] }, 'IntegrityError', 'items.0.trackingNo'],
      [
        'flush of 201 numbers',
        'POST',
        `${L}/tracking/flush`,
        { items: Array.from({ length: 201 }, (_, i) => ({ trackingNo: `Z${i}` })) },
        'IntegrityError',
        'items',
      ],
      ['flush of two numbers as one', 'POST', `${L}/tracking/flush`, { items: [{ trackingNo: 'TRK1001 TRK1002' }] }, 'IntegrityError', 'items.0.trackingNo'],
      ['flush of a list as one', 'POST', `${L}/tracking/flush`, { items: [{ trackingNo: 'TRK1001,TRK1002' }] }, 'IntegrityError', 'items.0.trackingNo'],
      [
        'flush normalised to two',
        'POST',
        `${L}/tracking/flush`,
        { items: [{ trackingNo: 'X', trackingNoNorm: 'TRK1001;TRK1002' }] },
        'IntegrityError',
        'items.0.trackingNoNorm',
      ],
      ['flush of null', 'POST', `${L}/tracking/flush`, { items: [null] }, 'IntegrityError', 'items.0'],
      ['remove of a blank number', 'POST', `${L}/tracking/remove`, { trackingNo: '   ' }, 'IntegrityError', 'trackingNo'],
      ['remove of a list', 'POST', `${L}/tracking/remove`, { trackingNo: ['X'] }, 'IntegrityError', 'trackingNo'],
      ['a config on 30 February', 'POST', '/v0/wms/pallets', { pickupDate: '2026-02-30' }, 'IntegrityError', 'pickupDate'],
      ['a config in year 0', 'POST', '/v0/wms/pallets', { pickupDate: '0000-00-00' }, 'IntegrityError', 'pickupDate'],
      ['a config edited to month 13', 'PUT', L, { pickupDate: '2026-13-01' }, 'IntegrityError', 'pickupDate'],
      ['a config with a truck for a unit', 'POST', '/v0/wms/pallets', { unitStr: 'Truck' }, 'IntegrityError', 'unitStr'],
      ['a config with an unknown field', 'POST', '/v0/wms/pallets', { foo: 1 }, 'IntegrityError', 'foo'],
      ['configs paged by -1', 'GET', '/v0/wms/pallets?o=-1', undefined, 'IntegrityError', 'o'],
      ['configs 10^20 a page', 'GET', '/v0/wms/pallets?l=99999999999999999999', undefined, 'IntegrityError', 'l'],
      ['close of an unknown pallet', 'POST', '/v0/wms/pallets/LD19990001/close', {}, 'NotFound', null],
      ['signed copy of nothing', 'POST', `${L}/signed`, { files: [] }, 'IntegrityError', 'files'],
      ['signed copy of an unknown upload', 'POST', `${L}/signed`, { files: [{ id: '0'.repeat(32) }] }, 'IntegrityError', null],
      ['manifests of 30 February', 'GET', '/v0/wms/manifests?day=2026-02-30', undefined, 'IntegrityError', 'day'],
      ['manifests of day 99', 'GET', '/v0/wms/manifests?day=9999-99-99', undefined, 'IntegrityError', 'day'],
      ['a manifest closed on 30 February', 'POST', '/v0/wms/manifests/close', { day: '2026-02-30', accountKey: 'carrier:dhl' }, 'IntegrityError', 'day'],
      [
        'a manifest of an unknown account',
        'POST',
        '/v0/wms/manifests/close',
        { day: '2026-02-03', accountKey: 'account:999999999999999999' },
        'ManifestNothingToClose',
        null,
      ],
      ['an unknown manifest', 'GET', '/v0/wms/manifests/999999/manifest.pdf', undefined, 'NotFound', null],
      ['a manifest of id 10^20', 'GET', '/v0/wms/manifests/99999999999999999999/manifest.csv', undefined, 'IntegrityError', 'id'],
      ['a partial finish of an unknown order', 'POST', '/v0/outbound/orders/999999/partialFinish', { reason: 'x' }, 'NotFound', null],
      ['a partial finish of order -1', 'POST', '/v0/outbound/orders/-1/partialFinish', { reason: 'x' }, 'IntegrityError', 'id'],
      ['a partial finish without a reason', 'POST', '/v0/outbound/orders/1/partialFinish', { reason: '   ' }, 'IntegrityError', 'reason'],
      ['a partial finish of a packed order', 'POST', '/v0/outbound/orders/1/partialFinish', { reason: 'x' }, 'InvalidState', 'status'],
      ['tracking of an unknown order', 'GET', '/v0/outbound/orders/999999/tracking', undefined, 'NotFound', null],
    ];
    const failures: string[] = [];
    for (const [name, method, url, payload, expected, field] of cases) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-token': admin, ...de, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      const body = JSON.parse(res.body) as Envelope;
      const fields = body.error?.fields?.map((f) => f.field) ?? [];
      if (res.statusCode !== 200 || body.code !== expected) failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (field && !fields.includes(field)) failures.push(`${name}: no field ${field} in ${res.body.slice(0, 200)}`);
      // German, never the English catalogue text, a stack or SQL.
      else if (!/[äöüß]|ungültig|nicht|erforderlich|kurz|lang|höchstens|mindestens|Keine|Unbekannt/i.test(String(body.data)))
        failures.push(`${name}: not German: ${body.data}`);
      if (/select |relation |node_modules|\.ts:\d+|Error: /i.test(res.body)) failures.push(`${name}: leaks ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('a refused scan code is not logged as an internal error; a wedge’s control characters are dropped', async () => {
    const before = await t.core.db.selectFrom('shipping_log').select(['code', 'error_code']).where('error_code', '=', 'InternalError').execute();
    await call('GET', `/v0/p11yorders/scanShipSN?q=${'B'.repeat(150)}`);
    expect(await t.core.db.selectFrom('shipping_log').select(['code', 'error_code']).where('error_code', '=', 'InternalError').execute()).toEqual(before);
    // A GS1 separator before the code and CR/LF after it, as a keyboard wedge may send them (facts §9).
    const order = await packedOrder(['WEDGE-1']);
    const scanned = await call('GET', `/v0/p11yorders/scanShipSN?q=${encodeURIComponent('\u001dWEDGE-1\r\n')}`);
    expect(scanned.code, JSON.stringify(scanned).slice(0, 300)).toBe('OK');
    expect(scanned.data).toMatchObject({ unid: order.unid, alreadyScanned: false, shipBundleSent: ['WEDGE-1'] });
  });
});

describe('orders that have left already', () => {
  it('a parcel of an order gone already or held by an exception is a match error, and stops the handover as such', async () => {
    const states: OutboundState[] = ['inTransit', 'delivered', 'partiallyFinish', 'shipped', 'problem', 'hold'];
    const pallet = await newPallet();
    const orders = [];
    for (const [i, state] of states.entries()) {
      const order = await packedOrder([`LEFT-${i}`]);
      // An exception remembers where the order was (packed): it may resume there, but not leave before that.
      await sql`update outbound_orders set status = ${code(state)}, status_before = ${code('packingCompleted')} where id = ${order.id}`.execute(t.core.db);
      orders.push(order);
    }
    const flushed = await flush(
      pallet,
      states.map((_, i) => `LEFT-${i}`),
    );
    expect(flushed.code, JSON.stringify(flushed)).toBe('OK');
    expect(flushed.data.pairs.map((p: { meta: string }) => JSON.parse(p.meta))).toEqual(
      states.map((state, i) => ({ resolveStatus: 'error', resolveError: state, rawScan: `LEFT-${i}` })),
    );
    const refused = await close(pallet);
    expect((await Promise.all(orders.map((o) => orderRow(o.id)))).map((o) => o.status)).toEqual(states.map(code));
    expect(refused).toMatchObject({
      code: 'PalletOrderCannotShip',
      data: `Order ${orders[0]!.unid} cannot be handed over: it is In transit. Take its parcels off the loading.`,
    });
  });
});

describe('races on the floor (real concurrency on PostgreSQL)', () => {
  it('two handovers of one pallet at once: one ships, the other is told the pallet is closed', async () => {
    const order = await packedOrder(['RACE-CLOSE-1']);
    const pallet = await newPallet();
    await flush(pallet, ['RACE-CLOSE-1']);
    const answers = await Promise.all([close(pallet), close(pallet), close(pallet, { 'Idempotency-Key': `race-close-${pallet}` })]);
    expect(answers.map((a) => a.code).sort()).toEqual(['OK', 'PalletClosed', 'PalletClosed']);
    expect((await historyOf(order.id)).filter((h) => h.action === 'handover')).toEqual([{ action: 'handover', to_status: code('shipped') }]);
    const billed = await t.core.db
      .selectFrom('billing_activity')
      .select(['kind', 'quantity'])
      .where('ref_type', '=', 'pallet')
      .where('ref_id', '=', pallet)
      .orderBy('kind')
      .execute();
    expect(billed).toEqual([
      { kind: 'handover.pallet', quantity: 1 },
      { kind: 'handover.parcel', quantity: 1 },
    ]);
  });

  it('a flush racing the pallet’s handover is either on the closed pallet and shipped, or refused and untouched', async () => {
    for (let i = 0; i < 4; i++) {
      const [first, second] = [await packedOrder([`RACE-FC-${i}-A`]), await packedOrder([`RACE-FC-${i}-B`])];
      const pallet = await newPallet();
      await flush(pallet, [`RACE-FC-${i}-A`]);
      const [flushed, closed] = await Promise.all([flush(pallet, [`RACE-FC-${i}-B`], { 'Idempotency-Key': `race-fc-${pallet}` }), close(pallet)]);
      expect(closed.code, JSON.stringify(closed)).toBe('OK');
      expect((await orderRow(first.id)).status).toBe(code('shipped'));
      const rows = await t.core.db.selectFrom('pallet_tracking').select('tracking_no').where('pallet_code', '=', pallet).orderBy('id').execute();
      if (flushed.code === 'OK') {
        expect(closed.data.shipped).toEqual([first.unid, second.unid]);
        expect((await orderRow(second.id)).status).toBe(code('shipped'));
        expect(rows).toHaveLength(2);
      } else {
        expect(flushed.code).toBe('PalletClosed');
        expect((await orderRow(second.id)).status).toBe(code('packingCompleted'));
        expect(rows).toEqual([{ tracking_no: `RACE-FC-${i}-A` }]);
      }
      expect(closed.data.pallet.trackingCount).toBe(rows.length);
    }
  });

  it('one number flushed onto two pallets at once by two screens (each with its key): one pallet holds it', async () => {
    await packedOrder(['RACE-TWO-1']);
    const pallets = [await newPallet(), await newPallet()];
    const answers = await Promise.all(pallets.map((p) => flush(p, ['RACE-TWO-1'], { 'Idempotency-Key': `race-two-${p}` })));
    expect(answers.map((a) => a.code).sort()).toEqual(['OK', 'TrackingConflictError']);
    const rows = await t.core.db.selectFrom('pallet_tracking').select('pallet_code').where('tracking_no', '=', 'RACE-TWO-1').execute();
    expect(rows).toHaveLength(1);
    const counts = await t.core.db.selectFrom('pallets').select(['pallet_code', 'tracking_count']).where('pallet_code', 'in', pallets).execute();
    expect(counts.map((c) => c.tracking_count).sort()).toEqual([0, 1]);
  });

  it('a handover racing a cancel request never ships a canceled order and names the order to take off', async () => {
    for (let i = 0; i < 4; i++) {
      const order = await packedOrder([`RACE-CX-${i}`]);
      const pallet = await newPallet();
      await flush(pallet, [`RACE-CX-${i}`]);
      const [closed, requested] = await Promise.all([
        call('POST', `/v0/wms/pallets/${pallet}/close`, {}, staff, { 'x-lang': 'de' }),
        call('POST', `/v0/outbound/orders/${order.id}/status`, { to: 'cancelRequested', reason: 'customer' }, admin),
      ]);
      const { status } = await orderRow(order.id);
      if (closed.code === 'OK') {
        // The handover came first: the order left; a cancel request of a shipped order is refused.
        expect(status).toBe(code('shipped'));
        expect(requested.code).toBe('InvalidState');
      } else {
        expect(requested.code).toBe('OK');
        expect(status).toBe(code('cancelRequested'));
        expect(closed).toMatchObject({ code: 'PalletOrderCannotShip' });
        expect(closed.data).toBe(`Auftrag ${order.unid} kann nicht übergeben werden: er ist Stornierung angefragt. Nehmen Sie seine Pakete von der Beladung.`);
        expect((await call('POST', '/v0/wms/pallets/handover/scan', { scan: pallet })).data.pallet.state).toBe('open');
      }
    }
  });

  it('a shipping scan racing a cancel request confirms the parcel or refuses it, never both', async () => {
    for (let i = 0; i < 4; i++) {
      const order = await packedOrder([`RACE-SX-${i}`]);
      const [scanned, requested] = await Promise.all([
        call('GET', `/v0/p11yorders/scanShipSN?q=RACE-SX-${i}`),
        call('POST', `/v0/outbound/orders/${order.id}/status`, { to: 'cancelRequested', reason: 'customer' }, admin),
      ]);
      expect([scanned.code, requested.code]).toEqual(['OK', 'OK']);
      const row = await orderRow(order.id);
      expect(row.status).toBe(code('cancelRequested'));
      const log = await t.core.db.selectFrom('shipping_log').select(['result', 'error_code']).where('order_id', '=', order.id).execute();
      if ((row.ship_bundle_sent as string[]).length === 1) expect(log).toEqual([{ result: 'new', error_code: '' }]);
      else {
        expect(row.ship_bundle_sent).toEqual([]);
        expect(log).toEqual([{ result: 'refused', error_code: 'OrderAttention' }]);
        expect(scanned.data).toMatchObject({ status: code('cancelRequested'), alreadyScanned: false });
      }
    }
  });
});

describe('finishing racing a return', () => {
  it('a delivered order is either finished or returned, its return booked once either way', async () => {
    const item = (await call('GET', '/v0/item/any?q=SKU-B')).data.guid as string;
    const compartment = (await call('GET', '/v0/compartment/any?q=RET-01')).data.guid as string;
    const returned = async () =>
      (
        await sql<{ n: number }>`select coalesce(sum(l.delta), 0)::int as n from inventory_log l join items i on i.id = l.item_id
          where i.sku = 'SKU-B' and l.ref_type <> 'outbound' and l.delta > 0`.execute(t.core.db)
      ).rows[0]!.n;
    for (let i = 0; i < 3; i++) {
      const order = await packedOrder([`RACE-FIN-${i}`]);
      await sql`update outbound_orders set status = ${code('delivered')}, delivered_at = now() - interval '30 days' where id = ${order.id}`.execute(t.core.db);
      const shipSN = `RT-FIN-000${i}`;
      expect((await call('POST', '/v0/r7greceiving/', { shipSN, originSN: order.unid, agentGUID: 'C001' })).code).toBe('OK');
      const list = (await call('GET', `/v0/r7greceiving/list?l=10&q=${shipSN}`)).data.data as Array<{ id: number; shipSN: string }>;
      const id = list.find((r) => r.shipSN === shipSN)!.id;
      const items = JSON.stringify([{ itemId: item, itemBatch: '', qty: 1, valid: 1, remark: '', compartmentGUID: compartment }]);
      const before = await returned();
      const [inbound, finished] = await Promise.all([
        call('POST', '/v0/r7greceiving/inbound', { id, items }, staff, { 'Idempotency-Key': `fin-race-${i}` }),
        outboundServices(t.core).tracking.finishDelivered(),
      ]);
      expect(inbound.code, JSON.stringify(inbound).slice(0, 300)).toBe('OK');
      expect(await returned()).toBe(before + 1);
      const { status } = await orderRow(order.id);
      // Finished first: the return is booked all the same; returned first: nothing is left to finish.
      expect([code('finish'), code('retourReceived')]).toContain(status);
      expect(finished).toBeGreaterThanOrEqual(status === code('finish') ? 1 : 0);
      const moves = (await historyOf(order.id)).filter((h) => h.action === 'autoFinish' || h.action === 'return');
      expect(moves).toHaveLength(1);
    }
  });
});

describe('tenant scope of the floor', () => {
  it('a merchant’s home figures and floor lists hold only its own orders', async () => {
    const figures = async (token: string) => (await call('GET', '/v0/home/floor', undefined, token)).data;
    const toShip = (data: { states: Array<{ key: string; count: number }> }) => data.states.find((s) => s.key === 'toShip')!.count;
    const [a, b, all] = [await figures(merchantA), await figures(merchantB), await figures(staff)];
    await packedOrder(['SCOPE-1']);
    const [a2, b2, all2] = [await figures(merchantA), await figures(merchantB), await figures(staff)];
    expect([toShip(a2) - toShip(a), toShip(b2) - toShip(b), toShip(all2) - toShip(all)]).toEqual([1, 0, 1]);
    expect(b2).toEqual(b);
    // Merchant users are refused on every pallet, loading and manifest route, and see no shipping log.
    for (const [method, url, payload] of [
      ['POST', '/v0/wms/pallets/handover/scan', { scan: 'LD20260001' }],
      ['GET', '/v0/wms/pallets/LD20260001/tracking', undefined],
      ['POST', '/v0/wms/pallets/LD20260001/tracking/flush', { items: [{ trackingNo: 'SCOPE-1' }] }],
      ['POST', '/v0/wms/pallets/LD20260001/tracking/remove', { trackingNo: 'SCOPE-1' }],
      ['POST', '/v0/wms/pallets/LD20260001/close', {}],
      ['GET', '/v0/wms/pallets/LD20260001/handover.pdf', undefined],
      ['GET', '/v0/wms/manifests', undefined],
      ['GET', '/v0/shippinglog/', undefined],
      ['GET', '/v0/p11yorders/scanShipSN?q=SCOPE-1', undefined],
      ['POST', '/v0/outbound/tracking/poll', {}],
    ] as const)
      expect({ url, code: (await call(method, url, payload, merchantB)).code }).toEqual({ url, code: 'NoPermission' });
    expect(await t.core.db.selectFrom('pallet_tracking').select('id').where('tracking_no', '=', 'SCOPE-1').execute()).toEqual([]);
  });

  it('a merchant user whose role holds every privilege still reads and changes nothing of the floor’s or another merchant’s', async () => {
    const merchants = (await call('GET', '/v0/merchants/opts', undefined, admin)).data as Array<{ id: number; code: string }>;
    expect((await call('POST', '/v0/roles/', { name: 'floor-everything', privileges: [...PRIVILEGES] }, admin)).code).toBe('OK');
    const account = { account: 'floor-b-everything@demo.local', type: 10, roles: ['floor-everything'], password: 'Intruder-12345' };
    const user = await call('POST', '/v0/users/', { ...account, merchantId: merchants.find((m) => m.code === 'C002')!.id }, admin);
    expect(user.code, JSON.stringify(user)).toBe('OK');
    const intruder = await t.login(account.account, account.password);
    // Merchant A's order scanned, loaded, handed over and manifested by staff.
    const order = await packedOrder(['SCOPE-ALL-1']);
    expect((await call('GET', '/v0/p11yorders/scanShipSN?q=SCOPE-ALL-1')).data.status).toBe(code('readyToShip'));
    const pallet = await newPallet();
    await flush(pallet, ['SCOPE-ALL-1']);
    expect((await close(pallet)).code).toBe('OK');
    const manifest = await call('POST', '/v0/wms/manifests/close', { day: warehouseDay(), accountKey: 'carrier:dhl' });
    expect(manifest.code, JSON.stringify(manifest)).toBe('OK');
    const before = JSON.stringify([await orderRow(order.id), await historyOf(order.id)]);
    const probes: Array<[method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, codes: string[]]> = [
      ['POST', '/v0/wms/pallets/handover/scan', { scan: pallet }, ['NoPermission']],
      ['GET', `/v0/wms/pallets/${pallet}/tracking`, undefined, ['NoPermission']],
      ['POST', `/v0/wms/pallets/${pallet}/tracking/remove`, { trackingNo: 'SCOPE-ALL-1' }, ['NoPermission']],
      ['POST', `/v0/wms/pallets/${pallet}/signed`, { files: [{ id: '0'.repeat(32) }] }, ['NoPermission']],
      ['PUT', `/v0/wms/pallets/${pallet}`, { pickupCarrier: 'intruder' }, ['NoPermission']],
      ['GET', `/v0/wms/pallets/${pallet}/pdf`, undefined, ['NoPermission']],
      ['GET', `/v0/wms/pallets/${pallet}/handover.pdf`, undefined, ['NoPermission']],
      ['GET', '/v0/wms/pallets', undefined, ['NoPermission']],
      ['GET', `/v0/wms/manifests?day=${warehouseDay()}`, undefined, ['NoPermission']],
      ['GET', `/v0/wms/manifests/${manifest.data.id}/manifest.csv`, undefined, ['NoPermission']],
      ['GET', `/v0/wms/manifests/${manifest.data.id}/manifest.pdf`, undefined, ['NoPermission']],
      ['GET', '/v0/p11yorders/scanShipSN?q=SCOPE-ALL-1', undefined, ['OrderNotFound']],
      ['GET', `/v0/p11yorders/scanShipSN?q=${order.unid}`, undefined, ['OrderNotFound']],
      ['GET', `/v0/outbound/orders/${order.id}/tracking`, undefined, ['NotFound']],
      ['POST', `/v0/outbound/orders/${order.id}/partialFinish`, { reason: 'intruder' }, ['NotFound']],
      ['POST', '/v0/outbound/tracking/poll', {}, ['NoPermission']],
    ];
    for (const [method, url, payload, codes] of probes) {
      const answer = await call(method, url, payload, intruder);
      expect({ url, code: answer.code }).toEqual({ url, code: expect.toBeOneOf(codes) });
      expect(JSON.stringify(answer)).not.toContain(order.unid);
    }
    // The shipping log and the floor views: nothing of A's order.
    const log = await call('GET', '/v0/shippinglog/?l=1000', undefined, intruder);
    expect(log.code).toBe('OK');
    expect(JSON.stringify(log.data)).not.toContain(order.unid);
    expect(JSON.stringify(log.data)).not.toContain('SCOPE-ALL-1');
    for (const url of ['/v0/outbound/floor', '/v0/outbound/floor/problematic', '/v0/home/floor']) {
      const answer = await call('GET', url, undefined, intruder);
      expect(answer.code).toBe('OK');
      expect(JSON.stringify(answer.data)).not.toContain(order.unid);
    }
    expect((await call('GET', '/v0/home/floor', undefined, intruder)).data.states).toEqual(
      (await call('GET', '/v0/home/floor', undefined, merchantB)).data.states,
    );
    expect(JSON.stringify([await orderRow(order.id), await historyOf(order.id)])).toBe(before);
  });

  it('a user without the floor’s privileges is refused in the language the client asks for, and nothing changes', async () => {
    const carrierUser = await t.login('carrier@demo.local');
    const pallet = await newPallet();
    await packedOrder(['NOPRIV-1']);
    for (const [method, url, payload] of [
      ['GET', '/v0/p11yorders/scanShipSN?q=NOPRIV-1', undefined],
      ['POST', '/v0/wms/pallets/handover/scan', { scan: pallet }],
      ['POST', `/v0/wms/pallets/${pallet}/tracking/flush`, { items: [{ trackingNo: 'NOPRIV-1' }] }],
      ['POST', `/v0/wms/pallets/${pallet}/close`, {}],
      ['GET', '/v0/wms/manifests', undefined],
      ['POST', '/v0/wms/manifests/flagLate', {}],
      ['GET', '/v0/home/floor', undefined],
      ['GET', '/v0/outbound/floor', undefined],
      ['GET', '/v0/shippinglog/', undefined],
    ] as const) {
      const answer = await call(method, url, payload, carrierUser, { 'accept-language': 'de-DE,de;q=0.9' });
      expect({ url, answer }).toEqual({ url, answer: { code: 'NoPermission', data: 'Sie haben keine Berechtigung für diese Aktion.' } });
    }
    expect((await call('POST', '/v0/wms/pallets/handover/scan', { scan: pallet })).data.pallet).toMatchObject({ state: 'open', trackingCount: 0 });
    expect(await t.core.db.selectFrom('shipping_log').select('id').where('code', '=', 'NOPRIV-1').execute()).toEqual([]);
  });
});
