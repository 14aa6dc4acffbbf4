import { OUTBOUND_ORDER } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billing } from '../src/modules/billing/index.js';
import { carrierDriver } from '../src/modules/carriers/index.js';
import { createDhlDriver } from '../src/modules/carriers/drivers/dhl/index.js';
import { manifestsServices } from '../src/modules/manifests/index.js';
import { TenantScope } from '../src/db/tenant-scope.js';
import { DHL_FAKE_CREDENTIALS, startDhlFake, type DhlFake } from './carrier-drivers/fakes/dhl-fake.js';
import { baseRequest, ctx, parcels } from './carrier-drivers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * End-of-day manifests (issue 19 item 4, docs/manifests.md) and the handover's billing (item 8): the
 * day per carrier account, closing it against the DHL fake's `POST /manifests` (success, a refused
 * number, a 500 and the retry), the idempotent repeat and the next manifest of the same day, parcels
 * labelled outside Kontor (documents only), the PDF and CSV, the cut-off flag, bad input and merchants.
 */
let t: TestApp;
let staff: string;
let merchantA: string;
let fake: DhlFake;
const dhl = createDhlDriver();

beforeAll(async () => {
  fake = await startDhlFake();
  t = await createTestApp();
  [staff, merchantA] = await Promise.all([t.login('warehouse@demo.local'), t.login('merchant-a@demo.local')]);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
});

const get = (url: string, token = staff) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const post = (url: string, payload: unknown, token = staff, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url, token, payload: payload as object, headers }).then((r) => r.body);
const admin = async () => t.login('admin@demo.local');

let serial = 0;
/** A DHL account whose endpoint is the fake. */
async function dhlAccount(): Promise<number> {
  const res = await post(
    '/v0/carriers/accounts',
    {
      name: `DHL manifest test ${++serial}`,
      carrier: 'dhl',
      endpoint: `${fake.url}/parcel/de/shipping/v2`,
      credentials: { ...DHL_FAKE_CREDENTIALS },
      options: { ekp: '3333333333', participation: '01' },
    },
    await admin(),
  );
  expect(res.code, JSON.stringify(res)).toBe('OK');
  return res.data.id as number;
}

/**
 * An order of merchant A, packed, whose parcels' labels were bought at the DHL fake under `accountId`
 * (or, without an account, labelled outside Kontor with the given numbers).
 */
async function packedOrder(accountId: number | null, count = 1, numbers: string[] = []): Promise<{ id: number; unid: string; numbers: string[] }> {
  const created = await post('/v0/outbound/orders', orderBody({ weight: 2, remark: `manifest test ${++serial}` }), merchantA);
  expect(created.code, JSON.stringify(created)).toBe('OK');
  const { id, unid } = created.data as { id: number; unid: string };
  if (accountId !== null) {
    const bought = await dhl.buy(
      {
        account: { carrier: 'dhl', endpoint: `${fake.url}/parcel/de/shipping/v2`, credentials: { ...DHL_FAKE_CREDENTIALS }, options: { ekp: '3333333333' } },
        ...baseRequest('V01PAK', { parcels: parcels(...Array.from({ length: count }, () => 1.25)), reference: unid }),
      },
      ctx(),
    );
    numbers = bought.parcels.map((p) => p.trackingNumber);
    const merchant = await t.database.db.selectFrom('outbound_orders').select('merchant_id').where('id', '=', id).executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('parcel_labels')
      .values(
        numbers.map((no, i) => ({
          order_id: id,
          merchant_id: merchant.merchant_id,
          parcel_index: i,
          idempotency_key: `manifest-test-${id}-${i}`,
          account_id: accountId,
          carrier: 'dhl',
          product: 'V01PAK',
          state: 'bought',
          tracking_number: no,
          carrier_ref: no,
          weight_kg: '1.250',
          bought_at: new Date(),
        })),
      )
      .execute();
  }
  await sql`update outbound_orders set status = ${OUTBOUND_ORDER.codeOf('packingCompleted')}, ship_bundle = ${numbers.join('\n')} where id = ${id}`.execute(
    t.database.db,
  );
  return { id, unid, numbers };
}

/** Loads the numbers onto a new pallet and hands it over. */
async function handOver(numbers: string[]): Promise<string> {
  const config = await post('/v0/wms/pallets', { pickupCarrier: 'DHL', unitStr: 'Pallet', plateNumber2: '', pickupDate: '', importantNote: '' });
  expect(config.code, JSON.stringify(config)).toBe('OK');
  const code = config.data.palletCode as string;
  const flushed = await post(`/v0/wms/pallets/${code}/tracking/flush`, { reason: 'scan', items: numbers.map((trackingNo) => ({ trackingNo })) });
  expect(flushed.code, JSON.stringify(flushed)).toBe('OK');
  const closed = await post(`/v0/wms/pallets/${code}/close`, {});
  expect(closed.code, JSON.stringify(closed)).toBe('OK');
  return code;
}

async function today(): Promise<string> {
  return (await get('/v0/wms/manifests')).data.day as string;
}
const groupOf = async (day: string, accountKey: string) =>
  ((await get(`/v0/wms/manifests?day=${day}`)).data.groups as Array<Record<string, any>>).find((g) => g.accountKey === accountKey);

describe('the day per carrier account', () => {
  it('lists the parcels handed over today under the account their labels were bought with', async () => {
    const accountId = await dhlAccount();
    const order = await packedOrder(accountId, 2);
    await handOver(order.numbers);
    const day = await today();
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const res = await get(`/v0/wms/manifests?day=${day}`);
    expect(res.code, JSON.stringify(res)).toBe('OK');
    expect(res.data.cutoff).toBe('18:00');
    const group = res.data.groups.find((g: { accountKey: string }) => g.accountKey === `account:${accountId}`);
    expect(group).toMatchObject({
      accountId,
      accountName: `DHL manifest test ${serial - 1}`,
      carrier: 'dhl',
      carrierCall: true,
      handedOver: 2,
      open: 2,
      late: 0,
      manifests: [],
    });
    expect(group.parcels.map((p: { trackingNo: string }) => p.trackingNo)).toEqual(order.numbers);
    expect(group.parcels[0]).toMatchObject({ outboundUNID: order.unid, merchant: 'Anker Innovations DE', weightKg: 1.25, manifestId: null, late: false });
  });
});

describe('closing a day (POST /v0/wms/manifests/close)', () => {
  it("manifests the account's parcels with DHL; a repeat answers the same manifest; later parcels go into the next one", async () => {
    const accountId = await dhlAccount();
    const first = await packedOrder(accountId, 2);
    await handOver(first.numbers);
    const day = await today();
    const accountKey = `account:${accountId}`;
    const before = fake.requests.length;
    const closed = await post('/v0/wms/manifests/close', { day, accountKey });
    expect(closed.code, JSON.stringify(closed)).toBe('OK');
    expect(closed.data).toMatchObject({ accountKey, accountId, carrier: 'dhl', day, seq: 1, parcels: 2, carrierState: 'done', carrierMessage: '' });
    const calls = fake.requests.slice(before).filter((r) => r.path.endsWith('/manifests'));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({ profile: 'STANDARD_GRUPPENPROFIL', shipmentNumbers: first.numbers });
    for (const no of first.numbers) expect(fake.manifested.has(no)).toBe(true);

    // The same call again: the same manifest, DHL is not asked again.
    const again = await post('/v0/wms/manifests/close', { day, accountKey });
    expect(again.data).toEqual(closed.data);
    expect(fake.requests.slice(before).filter((r) => r.path.endsWith('/manifests'))).toHaveLength(1);

    // A parcel handed over after the close goes into manifest 2 of the same day.
    const later = await packedOrder(accountId, 1);
    await handOver(later.numbers);
    const second = await post('/v0/wms/manifests/close', { day, accountKey });
    expect(second.data).toMatchObject({ seq: 2, parcels: 1, carrierState: 'done' });
    expect(second.data.id).not.toBe(closed.data.id);
    const group = await groupOf(day, accountKey);
    expect(group).toMatchObject({ handedOver: 3, open: 0 });
    expect(group!.manifests.map((m: { seq: number }) => m.seq)).toEqual([1, 2]);
    expect(group!.parcels.find((p: { trackingNo: string }) => p.trackingNo === later.numbers[0]).manifestId).toBe(second.data.id);
  });

  it('two staff closing the same day at once make one manifest', async () => {
    const accountId = await dhlAccount();
    const order = await packedOrder(accountId, 1);
    await handOver(order.numbers);
    const day = await today();
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('/v0/wms/manifests/close', { day, accountKey: `account:${accountId}` })));
    expect(answers.every((a) => a.code === 'OK')).toBe(true);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
  });

  it('a retried close, with or without an Idempotency-Key, answers the same manifest', async () => {
    const accountId = await dhlAccount();
    const order = await packedOrder(accountId, 1);
    await handOver(order.numbers);
    const day = await today();
    const key = { 'Idempotency-Key': `manifest-close-${accountId}` };
    const a = await post('/v0/wms/manifests/close', { day, accountKey: `account:${accountId}` }, staff, key);
    const b = await post('/v0/wms/manifests/close', { day, accountKey: `account:${accountId}` }, staff, key);
    expect(a.code).toBe('OK');
    expect(b).toEqual(a);
    expect(await post('/v0/wms/manifests/close', { day, accountKey: `account:${accountId}` })).toEqual(a);
  });

  it('DHL down (500): the manifest is kept as failed with the reason; closing again retries the call and it is done', async () => {
    const accountId = await dhlAccount();
    const order = await packedOrder(accountId, 1);
    await handOver(order.numbers);
    const day = await today();
    fake.mode = 'error500';
    const failed = await post('/v0/wms/manifests/close', { day, accountKey: `account:${accountId}` });
    expect(failed.code).toBe('OK');
    expect(failed.data).toMatchObject({ seq: 1, parcels: 1, carrierState: 'failed', carrierErrorKind: 'unavailable' });
    expect(failed.data.carrierMessage).toContain('unexpected error');
    expect(fake.manifested.has(order.numbers[0]!)).toBe(false);
    fake.mode = 'ok';
    const retried = await post('/v0/wms/manifests/close', { day, accountKey: `account:${accountId}` });
    expect(retried.data).toMatchObject({ id: failed.data.id, seq: 1, carrierState: 'done', carrierErrorKind: '', carrierMessage: '' });
    expect(fake.manifested.has(order.numbers[0]!)).toBe(true);
  });

  it('DHL refuses a shipment it no longer has (deleted): failed with its words, the documents are still made', async () => {
    const accountId = await dhlAccount();
    const order = await packedOrder(accountId, 1);
    await handOver(order.numbers);
    // The label was cancelled at DHL behind Kontor's back.
    await dhl.void(
      { carrier: 'dhl', endpoint: `${fake.url}/parcel/de/shipping/v2`, credentials: { ...DHL_FAKE_CREDENTIALS }, options: {} },
      { trackingNumber: order.numbers[0]!, carrierRef: order.numbers[0]! },
      ctx(),
    );
    const day = await today();
    const res = await post('/v0/wms/manifests/close', { day, accountKey: `account:${accountId}` });
    expect(res.data).toMatchObject({ carrierState: 'failed', carrierErrorKind: 'refused' });
    expect(res.data.carrierMessage).toContain(order.numbers[0]);
    const pdf = await t.call({ method: 'GET', url: `/v0/wms/manifests/${res.data.id}/manifest.pdf`, token: staff });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('parcels labelled outside Kontor are manifested by their carrier without a call (documents only)', async () => {
    const order = await packedOrder(null, 1, [`EXT-MANIFEST-${Date.now()}`]);
    await handOver(order.numbers);
    const day = await today();
    const group = await groupOf(day, 'carrier:dhl');
    expect(group).toMatchObject({ accountId: null, carrierCall: false });
    const before = fake.requests.length;
    const res = await post('/v0/wms/manifests/close', { day, accountKey: 'carrier:dhl' });
    expect(res.code, JSON.stringify(res)).toBe('OK');
    expect(res.data).toMatchObject({ accountId: null, carrierState: 'none' });
    expect(fake.requests.length).toBe(before);
  });

  it('DPD and UPS have no manifest call: their drivers say so', () => {
    for (const code of ['dpd', 'ups']) {
      expect(carrierDriver(code)?.endOfDay).toBe('none');
      expect(carrierDriver(code)?.manifest).toBeUndefined();
    }
    expect(carrierDriver('dhl')?.endOfDay).toBe('manifest-call');
    expect(carrierDriver('sandbox')?.endOfDay).toBe('manifest-call');
  });
});

describe('documents', () => {
  it('the PDF is an A4 manifest and the CSV lists every parcel', async () => {
    const accountId = await dhlAccount();
    const order = await packedOrder(accountId, 2);
    await handOver(order.numbers);
    const day = await today();
    const m = (await post('/v0/wms/manifests/close', { day, accountKey: `account:${accountId}` })).data;
    const pdf = await t.call({ method: 'GET', url: `/v0/wms/manifests/${m.id}/manifest.pdf`, token: staff });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF')).toBe(true);
    const csv = await t.call({ method: 'GET', url: `/v0/wms/manifests/${m.id}/manifest.csv`, token: staff });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['content-disposition'])).toContain('attachment');
    const lines = String(csv.body)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Manifest,Day,Carrier,Account,Tracking No.,Order,Merchant,Loading,Handed over,Weight (kg)');
    expect(lines).toHaveLength(3);
    for (const [i, no] of order.numbers.entries()) expect(lines[i + 1]).toContain(`,${no},${order.unid},Anker Innovations DE,`);
    const de = await t.call({ method: 'GET', url: `/v0/wms/manifests/${m.id}/manifest.csv?lang=de`, token: staff, headers: { 'accept-language': 'de' } });
    expect(String(de.body)).toContain('Sendungsnr.');
    expect((await get('/v0/wms/manifests/999999/manifest.csv')).code).toBe('NotFound');
  });
});

describe('the cut-off flag', () => {
  it('flags parcels not manifested once the cut-off has passed; the view shows them', async () => {
    const accountId = await dhlAccount();
    const order = await packedOrder(accountId, 1);
    await handOver(order.numbers);
    const day = await today();
    const { manifests } = manifestsServices(t.core);
    // Before the cut-off of today (the day before), nothing of today is flagged.
    const yesterdayEvening = new Date(Date.now() - 36 * 3_600_000);
    await manifests.flagLate(yesterdayEvening);
    expect((await groupOf(day, `account:${accountId}`))!.late).toBe(0);
    // Two days on, today's cut-off has passed: the open parcel is flagged (once).
    const later = new Date(Date.now() + 48 * 3_600_000);
    expect(await manifests.flagLate(later)).toBeGreaterThanOrEqual(1);
    expect(await manifests.flagLate(later)).toBe(0);
    const group = await groupOf(day, `account:${accountId}`);
    expect(group).toMatchObject({ late: 1, open: 1 });
    expect(group!.parcels[0]).toMatchObject({ trackingNo: order.numbers[0], late: true, manifestId: null });
    // The route runs the same check with the current time.
    const res = await post('/v0/wms/manifests/flagLate', {});
    expect(res.code).toBe('OK');
    expect(typeof res.data.flagged).toBe('number');
  });

  it('a day in the past has its cut-off passed', async () => {
    expect((await get('/v0/wms/manifests?day=2020-01-02')).data).toEqual({ day: '2020-01-02', cutoff: '18:00', cutoffPassed: true, groups: [] });
  });
});

describe('bad input and permissions', () => {
  it('refuses a bad day or account key with a coded error; nothing to close is ManifestNothingToClose', async () => {
    expect((await get('/v0/wms/manifests?day=yesterday')).code).not.toBe('OK');
    const bad = await post('/v0/wms/manifests/close', { day: '2026-13', accountKey: 'account:1' });
    expect(bad.code).not.toBe('OK');
    expect(bad.code).not.toBe('common');
    expect((await post('/v0/wms/manifests/close', { day: '2026-01-01', accountKey: 'nonsense' })).code).not.toBe('OK');
    const none = await post('/v0/wms/manifests/close', { day: '2020-01-02', accountKey: 'account:424242' });
    expect(none.code).toBe('ManifestNothingToClose');
    expect(none.data).toContain('2020-01-02');
    expect(await t.database.db.selectFrom('carrier_manifests').select('id').where('account_key', '=', 'account:424242').execute()).toEqual([]);
  });

  it('merchant users are refused', async () => {
    expect((await get('/v0/wms/manifests', merchantA)).code).toBe('NoPermission');
    expect((await post('/v0/wms/manifests/close', { day: '2026-01-01', accountKey: 'carrier:dhl' }, merchantA)).code).toBe('NoPermission');
    expect((await post('/v0/wms/manifests/flagLate', {}, merchantA)).code).toBe('NoPermission');
  });
});

describe('billing of the handover (issue 19 item 8)', () => {
  it('records parcels and the pallet per merchant on the warehouse day, listed through the billing module', async () => {
    const a = await packedOrder(null, 1, [`BILL-A-${Date.now()}`]);
    const b = await packedOrder(null, 1, [`BILL-B-${Date.now()}`, `BILL-B2-${Date.now()}`]);
    const merchantB = await t.database.db.selectFrom('merchants').select('id').where('code', '=', 'C002').executeTakeFirstOrThrow();
    await t.database.db.updateTable('outbound_orders').set({ merchant_id: merchantB.id }).where('id', '=', b.id).execute();
    const code = await handOver([...a.numbers, ...b.numbers]);
    const day = await today();
    const rows = await billing.list(t.database.db, { refTypes: ['pallet'], from: day, to: day, scope: TenantScope.all, after: ['', 0, ''], limit: 1000 });
    const ofPallet = await t.database.db.selectFrom('billing_activity').select(['merchant_id', 'kind', 'quantity']).where('ref_id', '=', code).execute();
    expect(
      ofPallet
        .map((r) => ({ merchant: Number(r.merchant_id), kind: r.kind, quantity: r.quantity }))
        .sort((x, y) => x.merchant - y.merchant || x.kind.localeCompare(y.kind)),
    ).toEqual(
      [
        {
          merchant: Number((await t.database.db.selectFrom('merchants').select('id').where('code', '=', 'C001').executeTakeFirstOrThrow()).id),
          kind: 'handover.pallet',
          quantity: 1,
        },
        {
          merchant: Number((await t.database.db.selectFrom('merchants').select('id').where('code', '=', 'C001').executeTakeFirstOrThrow()).id),
          kind: 'handover.parcel',
          quantity: 1,
        },
        { merchant: Number(merchantB.id), kind: 'handover.pallet', quantity: 1 },
        { merchant: Number(merchantB.id), kind: 'handover.parcel', quantity: 2 },
      ].sort((x, y) => x.merchant - y.merchant || x.kind.localeCompare(y.kind)),
    );
    // The billing list sums the day per merchant and kind: merchant B's parcels of this pallet are in it.
    const bParcels = rows.find((r) => Number(r.merchantId) === Number(merchantB.id) && r.kind === 'handover.parcel');
    expect(bParcels).toMatchObject({ day, merchant: 'EcoFlow Europe' });
    expect(bParcels!.quantity).toBeGreaterThanOrEqual(2);
    // A merchant's scope sees only its own activity.
    const scoped = await billing.list(t.database.db, {
      refTypes: ['pallet'],
      from: day,
      to: day,
      scope: TenantScope.merchant(Number(merchantB.id)),
      after: ['', 0, ''],
      limit: 1000,
    });
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((r) => Number(r.merchantId) === Number(merchantB.id))).toBe(true);
  });
});

describe('the handover activity of a day (issue 19 item 8, the manifests screen)', () => {
  type Activity = { day: string; rows: Array<{ merchantId: number; merchant: string; pallets: number; parcels: number }>; pallets: number; parcels: number };
  const activity = async (day: string): Promise<Activity> => {
    const res = await get(`/v0/wms/manifests/activity?day=${day}`);
    expect(res.code, JSON.stringify(res)).toBe('OK');
    return res.data as Activity;
  };
  const rowOf = (a: Activity, merchant: string) => a.rows.find((r) => r.merchant === merchant) ?? { pallets: 0, parcels: 0 };
  const csvOf = async (day: string, lang: 'en' | 'de' = 'en') => {
    const res = await t.call({ method: 'GET', url: `/v0/wms/manifests/activity.csv?day=${day}`, token: staff, headers: { 'accept-language': lang } });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain(`handover-activity-${day}.csv`);
    return String(res.body)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
  };

  it('shows staff, per merchant, the pallets and parcels handed over that day, and the same as CSV', async () => {
    const day = await today();
    const before = await activity(day);
    // Merchant A: 1 parcel on the first pallet, 2 on the second; merchant B: 3 parcels on the second.
    const stamp = Date.now();
    const a1 = await packedOrder(null, 1, [`ACT-A1-${stamp}`]);
    const a2 = await packedOrder(null, 1, [`ACT-A2-${stamp}`, `ACT-A3-${stamp}`]);
    const b = await packedOrder(null, 1, [`ACT-B1-${stamp}`, `ACT-B2-${stamp}`, `ACT-B3-${stamp}`]);
    const merchantB = await t.database.db.selectFrom('merchants').select('id').where('code', '=', 'C002').executeTakeFirstOrThrow();
    await t.database.db.updateTable('outbound_orders').set({ merchant_id: merchantB.id }).where('id', '=', b.id).execute();
    await handOver(a1.numbers);
    await handOver([...a2.numbers, ...b.numbers]);

    const after = await activity(day);
    expect(after.day).toBe(day);
    const delta = (merchant: string) => ({
      pallets: rowOf(after, merchant).pallets - rowOf(before, merchant).pallets,
      parcels: rowOf(after, merchant).parcels - rowOf(before, merchant).parcels,
    });
    expect(delta('Anker Innovations DE')).toEqual({ pallets: 2, parcels: 3 });
    expect(delta('EcoFlow Europe')).toEqual({ pallets: 1, parcels: 3 });
    expect(after.pallets - before.pallets).toBe(3);
    expect(after.parcels - before.parcels).toBe(6);
    expect(after.rows.reduce((n, r) => n + r.parcels, 0)).toBe(after.parcels);
    // Another day has none of it.
    expect(await activity('2020-01-01')).toEqual({ day: '2020-01-01', rows: [], pallets: 0, parcels: 0 });

    // The CSV answers the same rows.
    const lines = await csvOf(day);
    expect(lines[0]).toBe('Day,Merchant,Pallets handed over,Parcels handed over');
    expect(lines.slice(1)).toEqual(after.rows.map((r) => `${day},${r.merchant},${r.pallets},${r.parcels}`));
    expect((await csvOf(day, 'de'))[0]).toBe('Tag,Händler,Übergebene Paletten,Übergebene Pakete');
  });

  it('is refused to a merchant user and checks the day', async () => {
    const day = await today();
    expect((await get(`/v0/wms/manifests/activity?day=${day}`, merchantA)).code).toBe('NoPermission');
    const csv = await t.call({ method: 'GET', url: `/v0/wms/manifests/activity.csv?day=${day}`, token: merchantA });
    expect(csv.body.code).toBe('NoPermission');
    expect((await get('/v0/wms/manifests/activity?day=2026-13-40')).code).toBe('IntegrityError');
    // Without a day: the warehouse's today, the manifests' day.
    expect((await get('/v0/wms/manifests/activity')).data.day).toBe(day);
  });
});
