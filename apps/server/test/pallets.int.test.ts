import { OUTBOUND_ORDER } from '@kontor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Loading configs and the loading scan (issue 19, facts §2.6, §3.7, docs/loading.md): the original
 * `wms/pallets` calls with their shapes, plate matching, ambiguous plates, idempotent flushes, conflicts
 * between pallets (also concurrent), remove, unknown and closed pallets, the handover's status changes
 * and billing, the PDFs, and merchant users refused.
 */
let t: TestApp;
let staff: string;
let merchantA: string;
beforeAll(async () => {
  t = await createTestApp();
  [staff, merchantA] = await Promise.all([t.login('warehouse@demo.local'), t.login('merchant-a@demo.local')]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = staff) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const post = (url: string, payload: unknown, token = staff, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url, token, payload: payload as object, headers }).then((r) => r.body);
const flush = (code: string, numbers: string[], headers: Record<string, string> = {}) =>
  post(
    `/v0/wms/pallets/${code}/tracking/flush`,
    { reason: 'scan', items: numbers.map((trackingNo) => ({ trackingNo, carrier: '', trackingNoNorm: '' })) },
    staff,
    headers,
  );
const statusOf = async (unid: string) =>
  OUTBOUND_ORDER.stateOf(
    Number((await t.database.db.selectFrom('outbound_orders').select('status').where('unid', '=', unid).executeTakeFirstOrThrow()).status),
  );
const newConfig = async (plateNumber2 = '', pickupCarrier = 'DHL Freight') => {
  const res = await post('/v0/wms/pallets', { pickupCarrier, unitStr: 'Box', plateNumber2, pickupDate: '2026-11-30', importantNote: '' });
  expect(res.code, JSON.stringify(res)).toBe('OK');
  return res.data.palletCode as string;
};

describe('handover/scan (facts §2.6)', () => {
  it('finds the demo pallet by its code, trimmed and upper-cased', async () => {
    const res = await post('/v0/wms/pallets/handover/scan', { scan: '  ld20260001 ' });
    expect(res).toEqual({
      code: 'OK',
      data: {
        scan: 'LD20260001',
        scanType: 'palletCode',
        ambiguous: false,
        pallet: expect.objectContaining({
          guid: expect.any(String),
          palletCode: 'LD20260001',
          pickupCarrier: 'DHL Freight',
          unitStr: 'Pallet',
          plateNumber2: 'B-AB 1234',
          pickupDate: '2026-10-02',
          importantNote: 'Max. 30 Pakete pro Palette',
          trackingCount: 0,
        }),
      },
    });
  });

  it('matches a plate ignoring spaces and case; several configs: the latest, ambiguous', async () => {
    const one = await post('/v0/wms/pallets/handover/scan', { scan: 'b-ab1234' });
    expect(one.data).toMatchObject({ scan: 'B-AB1234', scanType: 'plateNumber', ambiguous: false, pallet: { palletCode: 'LD20260001' } });
    const first = await newConfig('HH XY 77');
    const latest = await newConfig('HHXY77');
    expect(latest).toMatch(/^LD\d{4}\d{4,}$/);
    expect(first).not.toBe(latest);
    const two = await post('/v0/wms/pallets/handover/scan', { scan: 'hh xy 77' });
    expect(two.data).toMatchObject({ scanType: 'plateNumber', ambiguous: true, pallet: { palletCode: latest } });
  });

  it('answers an empty match for an unknown value', async () => {
    expect((await post('/v0/wms/pallets/handover/scan', { scan: 'nothing-here' })).data).toEqual({
      scan: 'NOTHING-HERE',
      scanType: '',
      ambiguous: false,
      pallet: null,
    });
  });
});

describe('tracking, flush, remove', () => {
  it('an unknown pallet is NotFound on every tracking route', async () => {
    const list = await get('/v0/wms/pallets/LD19990001/tracking');
    expect(list.code).toBe('NotFound');
    expect(list.data).toContain('LD19990001');
    expect((await flush('LD19990001', ['X1'])).code).toBe('NotFound');
    expect((await post('/v0/wms/pallets/LD19990001/tracking/remove', { trackingNo: 'X1' })).code).toBe('NotFound');
  });

  it('persists a number with its order, idempotent per pallet and per key', async () => {
    const code = await newConfig();
    const res = await flush(code, ['trk1001']);
    expect(res.code, JSON.stringify(res)).toBe('OK');
    expect(res.data.pairs).toEqual([
      { id: expect.any(Number), palletCode: code, trackingNo: 'TRK1001', outboundUNID: 'MO20260001', carrier: 'DHL', meta: expect.any(String) },
    ]);
    expect(JSON.parse(res.data.pairs[0].meta)).toEqual({ resolveStatus: 'resolved', resolveError: '', rawScan: 'trk1001' });
    expect((await flush(code, ['TRK1001'])).data.pairs[0].id).toBe(res.data.pairs[0].id);
    const key = { 'Idempotency-Key': `pallet-${code}-1` };
    const a = await flush(code, ['NOPE-1'], key);
    const b = await flush(code, ['NOPE-1'], key);
    expect(b).toEqual(a);
    expect(JSON.parse(a.data.pairs[0].meta).resolveStatus).toBe('not_found');
    const rows = (await get(`/v0/wms/pallets/${code}/tracking`)).data;
    expect(rows.map((r: { trackingNo: string }) => r.trackingNo)).toEqual(['TRK1001', 'NOPE-1']);
    expect((await post('/v0/wms/pallets/handover/scan', { scan: code })).data.pallet.trackingCount).toBe(2);
  });

  it('a number on another pallet is a TrackingConflictError and nothing of the call is kept', async () => {
    const first = await newConfig();
    const second = await newConfig();
    expect((await flush(first, ['CONFLICT-1'])).code).toBe('OK');
    const res = await flush(second, ['FRESH-1', 'CONFLICT-1']);
    expect(res.code).toBe('TrackingConflictError');
    expect(res.data).toBe(`CONFLICT-1 is already on pallet ${first}.`);
    expect((await get(`/v0/wms/pallets/${second}/tracking`)).data).toEqual([]);
  });

  it('remove takes a number off; it may then go onto another pallet', async () => {
    const first = await newConfig();
    const second = await newConfig();
    await flush(first, ['MOVE-1']);
    expect(await post(`/v0/wms/pallets/${first}/tracking/remove`, { trackingNo: 'move-1' })).toEqual({ code: 'OK', data: null });
    expect((await get(`/v0/wms/pallets/${first}/tracking`)).data).toEqual([]);
    expect((await flush(second, ['MOVE-1'])).code).toBe('OK');
  });

  it('concurrent flushes of one number to several pallets: exactly one wins', async () => {
    const pallets = await Promise.all(Array.from({ length: 8 }, () => newConfig()));
    // Every pallet is flushed twice at once (two scanners each), with different keys.
    const answers = await Promise.all([...pallets, ...pallets].map((code) => flush(code, ['RACE-1'])));
    const winners = new Set(answers.filter((a) => a.code === 'OK').map((a) => a.data.pairs[0].palletCode));
    expect(winners.size).toBe(1);
    expect(answers.filter((a) => a.code === 'OK')).toHaveLength(2);
    expect(answers.filter((a) => a.code === 'TrackingConflictError')).toHaveLength(14);
    const rows = await t.database.db.selectFrom('pallet_tracking').select('pallet_code').where('tracking_no', '=', 'RACE-1').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('handover', () => {
  it('ships orders: partially while parcels are missing, then fully; the pallet closes', async () => {
    // MO20260001's second parcel is not on the first pallet: partially shipped.
    const a = await newConfig();
    await t.database.db.deleteFrom('pallet_tracking').where('tracking_no', '=', 'TRK1001').execute();
    expect((await flush(a, ['TRK1001', 'UNKNOWN-77'])).code).toBe('OK');
    const closedA = await post(`/v0/wms/pallets/${a}/close`, {});
    expect(closedA.code, JSON.stringify(closedA)).toBe('OK');
    expect(closedA.data).toMatchObject({ pallet: { palletCode: a, state: 'closed' }, shipped: [], partiallyShipped: ['MO20260001'], parcels: 2, unmatched: 1 });
    expect(await statusOf('MO20260001')).toBe('partiallyShipped');
    const b = await newConfig();
    await flush(b, ['TRK1002']);
    const closedB = await post(`/v0/wms/pallets/${b}/close`, {});
    expect(closedB.data).toMatchObject({ shipped: ['MO20260001'], partiallyShipped: [] });
    expect(await statusOf('MO20260001')).toBe('shipped');
    const billed = await t.database.db
      .selectFrom('billing_activity')
      .select(['kind', 'quantity'])
      .where('ref_type', '=', 'pallet')
      .where('ref_id', '=', a)
      .execute();
    expect(billed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'handover.parcel', quantity: 1 }),
        expect.objectContaining({ kind: 'handover.pallet', quantity: 1 }),
      ]),
    );
  });

  it('a closed pallet takes nothing more; a repeated close with its key answers the same', async () => {
    const code = await newConfig();
    const key = { 'Idempotency-Key': `close-${code}` };
    const first = await post(`/v0/wms/pallets/${code}/close`, {}, staff, key);
    expect(first.code).toBe('OK');
    expect(await post(`/v0/wms/pallets/${code}/close`, {}, staff, key)).toEqual(first);
    for (const res of [
      await flush(code, ['LATE-1']),
      await post(`/v0/wms/pallets/${code}/tracking/remove`, { trackingNo: 'LATE-1' }),
      await post(`/v0/wms/pallets/${code}/close`, {}),
      await t.call({ method: 'PUT', url: `/v0/wms/pallets/${code}`, token: staff, payload: { pickupCarrier: 'X' } }).then((r) => r.body),
    ])
      expect(res.code).toBe('PalletClosed');
  });

  it('an order still in its SKU QC (MO20260002) cannot be handed over', async () => {
    const code = await newConfig();
    expect(JSON.parse((await flush(code, ['TRK2001'])).data.pairs[0].meta).resolveStatus).toBe('pending');
    expect((await post(`/v0/wms/pallets/${code}/close`, {})).code).toBe('PalletOrderNotPacked');
  });

  it('an order that has not passed packing stops the handover', async () => {
    const order = await t.database.db
      .selectFrom('outbound_orders')
      .select(['id', 'unid'])
      .where('status', '=', OUTBOUND_ORDER.codeOf('readyToPick'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('outbound_orders').set({ ship_bundle: 'NOTPACKED-1' }).where('id', '=', order.id).execute();
    const code = await newConfig();
    const res = await flush(code, ['NOTPACKED-1']);
    expect(JSON.parse(res.data.pairs[0].meta)).toMatchObject({ resolveStatus: 'pending', resolveError: 'readyToPick' });
    const closed = await post(`/v0/wms/pallets/${code}/close`, {});
    expect(closed.code).toBe('PalletOrderNotPacked');
    expect(closed.data).toContain(order.unid);
    expect((await post('/v0/wms/pallets/handover/scan', { scan: code })).data.pallet.state).toBe('open');
  });

  it('the loading sheet and the handover document are PDFs', async () => {
    for (const url of ['/v0/wms/pallets/LD20260001/pdf', '/v0/wms/pallets/LD20260001/handover.pdf']) {
      const res = await t.call({ method: 'GET', url, token: staff });
      expect(res.headers['content-type']).toBe('application/pdf');
    }
  });
});

describe('configs and tenants', () => {
  it('lists, edits and keeps a signed copy', async () => {
    const code = await newConfig('M-KL 5');
    const edited = await t.call({
      method: 'PUT',
      url: `/v0/wms/pallets/${code}`,
      token: staff,
      payload: { pickupCarrier: 'DB Schenker', unitStr: 'Pallet', plateNumber2: 'M-KL 6' },
    });
    expect(edited.body.data).toMatchObject({ pickupCarrier: 'DB Schenker', plateNumber2: 'M-KL 6', pickupDate: '' });
    const list = await get(`/v0/wms/pallets?q=${code}`);
    expect(list.data).toMatchObject({ total: 1, data: [{ palletCode: code }] });
    expect((await post(`/v0/wms/pallets/${code}/signed`, { files: [{ id: '0'.repeat(32) }] })).code).toBe('IntegrityError');
  });

  it('merchant users are refused', async () => {
    expect((await post('/v0/wms/pallets/handover/scan', { scan: 'LD20260001' }, merchantA)).code).toBe('NoPermission');
    expect((await get('/v0/wms/pallets/LD20260001/tracking', merchantA)).code).toBe('NoPermission');
    expect((await get('/v0/wms/pallets', merchantA)).code).toBe('NoPermission');
  });
});
