import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarrierError, registerCarrierDriver, type BoughtParcel, type CarrierDriver, type LabelRequest } from '../src/modules/carriers/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The carriers module (issue 17 items 1, 3, 4, 5, 6) against an in-test fake carrier: a driver that keeps
 * what it sold per parcel key, so a test can tell a label bought twice from one bought once.
 */
let t: TestApp;
let admin: string;
let merchantA: string;
let merchantB: string;
const merchants = { A: 0, B: 0 };
let itemA = 0;
let accountId = 0;
let unregister: () => void;

type Mode = 'ok' | 'timeout' | 'refuseReturn' | 'refuseAddress' | 'revoked';
const fake = {
  mode: 'ok' as Mode,
  sold: new Map<string, BoughtParcel>(),
  buys: 0,
  sales: new Map<string, number>(),
  voids: [] as string[],
  credentials: [] as Array<Record<string, string>>,
  references: [] as string[],
  reset() {
    this.mode = 'ok';
    this.sold.clear();
    this.sales.clear();
    this.buys = 0;
    this.voids = [];
    this.credentials = [];
    this.references = [];
  },
};
let serial = 0;

async function labelPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([283.46, 425.2]);
  page.drawText(text, { x: 20, y: 380, size: 14 });
  return Buffer.from(await doc.save());
}

const fakeDriver: CarrierDriver = {
  code: 'dhl',
  products: [{ code: 'PAK', name: 'Fake Paket', maxWeightKg: 31.5, zones: ['domestic', 'eu', 'world'], services: ['signature'], returnProduct: 'RET' }],
  credentialFields: ['apiKey', 'password'],
  optionFields: ['billingNumber'],
  defaultEndpoint: 'https://carrier.invalid',
  endOfDay: 'none',
  async buy(request: LabelRequest) {
    fake.buys++;
    fake.credentials.push(request.account.credentials);
    fake.references.push(request.reference);
    if (fake.mode === 'refuseReturn' && request.returnLabel) throw new CarrierError('refused', 'return product not booked', { retryable: false });
    if (fake.mode === 'refuseAddress') throw new CarrierError('address', 'Hausnummer fehlt', { retryable: false, field: 'consignee.streetNumber' });
    if (fake.mode === 'revoked') throw new CarrierError('auth', 'DHL: 401 Unauthorized', { retryable: false, httpStatus: 401 });
    const parcels: BoughtParcel[] = [];
    for (const p of request.parcels) {
      const trackingNumber = `00340${String(++serial).padStart(8, '0')}`;
      const bought = {
        key: p.key,
        trackingNumber,
        carrierRef: `REF-${trackingNumber}`,
        label: await labelPdf(trackingNumber),
        format: 'pdf' as const,
        costMinor: 450,
        currency: 'EUR',
      };
      fake.sold.set(p.key, bought);
      fake.sales.set(p.key, (fake.sales.get(p.key) ?? 0) + 1);
      parcels.push(bought);
    }
    // The carrier sold the labels, but the answer is lost on the way back.
    if (fake.mode === 'timeout') throw new CarrierError('timeout', 'read timeout');
    return { parcels };
  },
  async void(_account, parcel) {
    fake.voids.push(parcel.trackingNumber);
  },
  async lookup(_account, key) {
    return fake.sold.get(key) ?? null;
  },
};

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const post = (url: string, payload: unknown, token = admin) => t.call({ method: 'POST', url, token, payload: payload as never }).then((r) => r.body);
const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);

const ADDRESS = {
  name1: 'Eva Muster',
  name2: '',
  streetName: 'Hauptstraße',
  streetNumber: '5',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  phone: '',
  email: '',
  addition: '',
};

async function order(
  o: { merchant?: 'A' | 'B'; state?: OutboundState; weight?: number; boxQty?: number; country?: string; retour?: boolean; line?: boolean } = {},
): Promise<{ id: number; unid: string }> {
  const consignee = { ...ADDRESS, country: o.country ?? 'DE' };
  const row = await sql<{ id: number; unid: string }>`insert into outbound_orders (merchant_id, status, type_of_task, mode_of_transport, pickup_date,
      unit_qty, weight, consignee, consignee_country, carrier, box_qty, auto_retour_label)
    values (${merchants[o.merchant ?? 'A']}, ${code(o.state ?? 'readyToPack')}, 'B2C', 'parcel', '2026-12-01', 1, ${o.weight ?? 2.5},
      ${JSON.stringify(consignee)}::jsonb, ${consignee.country}, 'DHL', ${o.boxQty ?? 0}, ${o.retour ?? false})
    returning id, unid`.execute(t.core.db);
  const created = { id: Number(row.rows[0]!.id), unid: row.rows[0]!.unid };
  if (o.line) await sql`insert into outbound_lines (order_id, item_id, quantity) values (${created.id}, ${itemA}, 1)`.execute(t.core.db);
  return created;
}

const statusOf = async (id: number) =>
  Number((await sql<{ status: number }>`select status from outbound_orders where id = ${id}`.execute(t.core.db)).rows[0]!.status);
const labelsOf = async (id: number) =>
  (
    await sql<{
      state: string;
      is_return: boolean;
      tracking_number: string;
    }>`select state, is_return, tracking_number from parcel_labels where order_id = ${id} order by id`.execute(t.core.db)
  ).rows;
const filesOf = (url: string) => JSON.parse(url.slice(url.indexOf('files=') + 6)) as number[];

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA, merchantB] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
  const rows = await sql<{ code: string; id: number }>`select code, id from merchants where code in ('C001', 'C002')`.execute(t.core.db);
  merchants.A = Number(rows.rows.find((r) => r.code === 'C001')!.id);
  merchants.B = Number(rows.rows.find((r) => r.code === 'C002')!.id);
  itemA = Number((await sql<{ id: number }>`select id from items where merchant_id = ${merchants.A} order by id limit 1`.execute(t.core.db)).rows[0]!.id);
  unregister = registerCarrierDriver(fakeDriver);
  const account = await post('/v0/carriers/accounts', {
    name: 'DHL test',
    carrier: 'dhl',
    endpoint: 'http://127.0.0.1:1/fake',
    credentials: { apiKey: 'SECRET-API-KEY-123', password: 'hunter2-secret' },
    options: { billingNumber: '33333333330101' },
    shipper: { name1: 'Kontor Hamburg', street: 'Lagerstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' },
  });
  expect(account.code).toBe('OK');
  accountId = account.data.id;
  const rule = await post('/v0/carriers/rules', { orderCarrier: 'DHL', accountId, product: 'PAK' });
  expect(rule.code).toBe('OK');
}, 240_000);
afterAll(async () => {
  unregister?.();
  await t?.close();
});
beforeEach(() => fake.reset());

describe('carrier accounts', () => {
  it('seals credentials and never answers them, only which fields are set', async () => {
    const list = await t.call({ method: 'GET', url: '/v0/carriers/accounts', token: admin });
    expect(list.body.code).toBe('OK');
    const mine = list.body.data.find((a: { id: number }) => a.id === accountId);
    expect(mine.credentialsSet).toEqual(['apiKey', 'password']);
    expect(JSON.stringify(list.body)).not.toMatch(/SECRET-API-KEY|hunter2/);
    const stored = await sql<{ credentials: string }>`select credentials from carrier_accounts where id = ${accountId}`.execute(t.core.db);
    expect(stored.rows[0]!.credentials).toMatch(/^v1:/);
    expect(stored.rows[0]!.credentials).not.toContain('SECRET');

    const changed = await t.call({
      method: 'PUT',
      url: `/v0/carriers/accounts/${accountId}`,
      token: admin,
      payload: { credentials: { password: '' }, options: { billingNumber: '1' } },
    });
    expect(changed.body.data.credentialsSet).toEqual(['apiKey']);
    expect(JSON.stringify(changed.body)).not.toContain('SECRET');
    await t.call({ method: 'PUT', url: `/v0/carriers/accounts/${accountId}`, token: admin, payload: { credentials: { password: 'hunter2-secret' } } });

    const drivers = await get('/v0/carriers/drivers');
    expect(drivers.data.map((d: { code: string }) => d.code)).toContain('dhl');
    const resolution = await get(`/v0/carriers/orders/${(await order()).id}/resolution`);
    expect(resolution.data).toMatchObject({ accountId, carrier: 'dhl', product: 'PAK' });
    expect(JSON.stringify(resolution)).not.toContain('SECRET');
  });

  it('resolves an order to the most specific rule: per merchant and per country before the general one', async () => {
    const account = async (name: string) =>
      (await post('/v0/carriers/accounts', { name, carrier: 'dhl', endpoint: 'http://127.0.0.1:1/fake', options: { billingNumber: '33333333330101' } })).data
        .id as number;
    const [forB, forAustria] = [await account('DHL merchant B'), await account('DHL Austria')];
    const rules = [
      (await post('/v0/carriers/rules', { orderCarrier: 'DHL', merchantId: merchants.B, accountId: forB, product: 'PAK' })).data.id,
      (await post('/v0/carriers/rules', { orderCarrier: 'dhl', country: 'AT', accountId: forAustria, product: 'PAK', priority: 5 })).data.id,
    ];
    try {
      const resolved = async (o: Parameters<typeof order>[0]) => (await get(`/v0/carriers/orders/${(await order(o)).id}/resolution`)).data.accountId;
      expect(await resolved({})).toBe(accountId); // merchant A to Germany: the general rule
      expect(await resolved({ merchant: 'B' })).toBe(forB);
      expect(await resolved({ country: 'AT' })).toBe(forAustria);
      expect(await resolved({ merchant: 'B', country: 'AT' })).toBe(forAustria); // one point each: the higher priority
    } finally {
      for (const id of rules) await t.call({ method: 'DELETE', url: `/v0/carriers/rules/${id}`, token: admin });
      for (const id of [forB, forAustria]) await t.call({ method: 'DELETE', url: `/v0/carriers/accounts/${id}`, token: admin });
    }
  });

  it('keeps account settings to administrators', async () => {
    expect((await t.call({ method: 'GET', url: '/v0/carriers/accounts', token: merchantA })).body.code).toBe('NoPermission');
  });
});

describe('buying labels', () => {
  it('buys the label with the decrypted credentials, stores the tracking number on the order and bills it', async () => {
    const o = await order();
    const answer = await post(`/v0/carriers/orders/${o.id}/labels`, {});
    expect(answer.code).toBe('OK');
    expect(answer.data.complete).toBe(true);
    expect(answer.data.labels).toHaveLength(1);
    expect(answer.data.labels[0]).toMatchObject({ state: 'bought', carrier: 'dhl', product: 'PAK', costMinor: 450 });
    expect(answer.data.shipBundle).toBe(answer.data.labels[0].trackingNumber);
    expect(fake.credentials[0]).toEqual({ apiKey: 'SECRET-API-KEY-123', password: 'hunter2-secret' });
    expect(JSON.stringify(answer)).not.toContain('SECRET');
    expect(await statusOf(o.id)).toBe(code('packingCompleted'));
    const billed = await sql<{ kind: string; quantity: number }>`select kind, quantity from billing_activity where ref_type = 'parcel_label'
      and ref_id = ${String(answer.data.labels[0].id)} order by kind`.execute(t.core.db);
    expect(billed.rows).toEqual([
      { kind: 'label.cost.EUR', quantity: 450 },
      { kind: 'label.dhl.PAK', quantity: 1 },
    ]);
  });

  it('buys nothing the second time: the bought labels are reused', async () => {
    const o = await order({ boxQty: 2 });
    const first = await post('/v0/order/batchPrintLabel', [{ id: o.id }]);
    const second = await post('/v0/order/batchPrintLabel', [{ UNID: o.unid }]);
    expect(first.code).toBe('OK');
    expect(filesOf(first.data)).toHaveLength(2);
    expect(second.data).toBe(first.data);
    expect(fake.buys).toBe(1);
    expect([...fake.sales.values()]).toEqual([1, 1]);
  });

  it('after a timeout, the retry looks the label up and buys it once', async () => {
    const o = await order();
    fake.mode = 'timeout';
    const failed = await post(`/v0/carriers/orders/${o.id}/labels`, {});
    expect(failed.code).toBe('CarrierTimeout');
    expect(await statusOf(o.id)).toBe(code('transportLabelAwaits'));
    expect((await labelsOf(o.id)).map((l) => l.state)).toEqual(['uncertain']);
    const queued = await get('/v0/outbound/lists/transportLabelAwaits/?l=25');
    expect(queued.data.data.find((r: { id: number }) => r.id === o.id)).toMatchObject({ labelErrorKind: 'timeout', labelErrorText: 'read timeout' });

    fake.mode = 'ok';
    const retried = await post('/v0/carriers/queue/retry', { orderIds: [o.id] });
    expect(retried.code).toBe('OK');
    expect(retried.data[0].complete).toBe(true);
    expect(fake.buys).toBe(1);
    expect([...fake.sales.values()]).toEqual([1]);
    expect(await statusOf(o.id)).toBe(code('packingCompleted'));
    expect((await get('/v0/outbound/lists/transportLabelAwaits/?l=25')).data.data.some((r: { id: number }) => r.id === o.id)).toBe(false);
  });

  it('retries a carrier that was unavailable from the label queue’s job, with back-off', async () => {
    const o = await order();
    const unavailable = fakeDriver.buy;
    fakeDriver.buy = async () => {
      fake.buys++;
      throw new CarrierError('unavailable', 'HTTP 503');
    };
    try {
      expect((await post(`/v0/carriers/orders/${o.id}/labels`, {})).code).toBe('CarrierUnavailable');
    } finally {
      fakeDriver.buy = unavailable;
    }
    expect((await labelsOf(o.id)).map((l) => l.state)).toEqual(['failed']);
    const job = await sql<{ id: number; due: boolean }>`select id, run_after > now() + interval '30 seconds' as due from jobs
      where kind = 'carriers.labelRetry' and payload->>'orderId' = ${String(o.id)}`.execute(t.core.db);
    expect(job.rows).toHaveLength(1);
    expect(job.rows[0]!.due).toBe(true);
    await sql`update jobs set run_after = now() where id = ${job.rows[0]!.id}`.execute(t.core.db);
    await t.core.jobs!.runner!.drain();
    expect(await statusOf(o.id)).toBe(code('packingCompleted'));
    expect((await labelsOf(o.id)).map((l) => l.state)).toEqual(['bought']);
  });

  it('voids the parcels already bought when another label of the order fails', async () => {
    const o = await order({ boxQty: 2, retour: true });
    fake.mode = 'refuseReturn';
    const failed = await post(`/v0/carriers/orders/${o.id}/labels`, {});
    expect(failed.code).toBe('CarrierRefused');
    const labels = await labelsOf(o.id);
    expect(labels.filter((l) => !l.is_return).map((l) => l.state)).toEqual(['voided', 'voided']);
    expect(fake.voids.sort()).toEqual(
      labels
        .filter((l) => !l.is_return)
        .map((l) => l.tracking_number)
        .sort(),
    );
    expect(await statusOf(o.id)).toBe(code('transportLabelAwaits'));
    const net = await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from billing_activity where ref_type = 'parcel_label'
      and kind like 'label.dhl.%' and ref_id in (select id::text from parcel_labels where order_id = ${o.id})`.execute(t.core.db);
    expect(net.rows[0]!.n).toBe(0);
    const shipBundle = await sql<{ ship_bundle: string }>`select ship_bundle from outbound_orders where id = ${o.id}`.execute(t.core.db);
    expect(shipBundle.rows[0]!.ship_bundle).toBe('');
  });

  it('refuses a parcel above the product’s weight limit before calling the carrier', async () => {
    const o = await order({ weight: 40 });
    const answer = await post(`/v0/carriers/orders/${o.id}/labels`, {});
    expect(answer.code).toBe('CarrierWeight');
    expect(fake.buys).toBe(0);
    expect(await statusOf(o.id)).toBe(code('transportLabelAwaits'));
  });

  it('refuses a non-EU destination without customs values', async () => {
    await sql`update items set customs_value = null where id = ${itemA}`.execute(t.core.db);
    const o = await order({ country: 'CH', line: true });
    const answer = await post(`/v0/carriers/orders/${o.id}/labels`, {});
    expect(answer.code).toBe('CarrierCustoms');
    expect(fake.buys).toBe(0);
    await sql`update items set customs_value = 1999, customs_currency = 'EUR' where id = ${itemA}`.execute(t.core.db);
    expect((await post('/v0/carriers/queue/retry', { orderIds: [o.id] })).data[0].complete).toBe(true);
  });

  it('answers a refused address and a revoked credential coded in three languages, queues the order with the reason, logs no secret', async () => {
    const logged: string[] = [];
    const spies = (['info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(t.core.log, level).mockImplementation(((...args: unknown[]) => void logged.push(JSON.stringify(args))) as never),
    );
    try {
      for (const [mode, errorCode, texts] of [
        ['refuseAddress', 'CarrierAddress', { en: 'refused the address', de: 'Adresse abgelehnt', cn: '拒绝了该地址' }],
        ['revoked', 'CarrierAuth', { en: 'credentials', de: 'Zugangsdaten', cn: '凭据' }],
      ] as const) {
        fake.mode = mode;
        const o = await order();
        for (const lang of ['en', 'de', 'cn'] as const) {
          const res = await t.call({ method: 'POST', url: `/v0/carriers/orders/${o.id}/labels`, token: admin, payload: {}, headers: { 'x-lang': lang } });
          expect(res.status, `${mode} ${lang}`).toBeLessThan(500);
          expect(res.body.code).toBe(errorCode);
          expect(res.body.data).toContain(texts[lang]);
          expect(JSON.stringify(res.body)).not.toMatch(/SECRET-API-KEY|hunter2/);
        }
        expect(await statusOf(o.id)).toBe(code('transportLabelAwaits'));
        const queued = await get('/v0/outbound/lists/transportLabelAwaits/?l=100');
        expect(queued.data.data.find((r: { id: number }) => r.id === o.id)).toMatchObject({ labelErrorKind: mode === 'revoked' ? 'auth' : 'address' });
        expect((await labelsOf(o.id)).map((l) => l.state)).toEqual(['failed']); // one row, reopened on each try: nothing bought
        expect(fake.sold.size).toBe(0);
      }
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    expect(logged.join('\n')).not.toMatch(/SECRET-API-KEY|hunter2/);
  });

  it('voids a label on request and reverses its billing', async () => {
    const o = await order();
    const bought = await post(`/v0/carriers/orders/${o.id}/labels`, {});
    const voided = await post(`/v0/carriers/labels/${bought.data.labels[0].id}/void`, {});
    expect(voided.code).toBe('OK');
    expect(voided.data.state).toBe('voided');
    expect(fake.voids).toEqual([bought.data.labels[0].trackingNumber]);
  });

  it('relabels exactly the listed parcels of a label swap, naming the other shipper’s tracking number', async () => {
    const o = await order({ boxQty: 5 });
    const parcels = [
      { trackingNo: 'OTHER-1Z999', weight: 1.2 },
      { trackingNo: 'OTHER-1Z998', weight: 0.8 },
    ];
    await sql`update outbound_orders set label_swap = true, parcels = ${JSON.stringify(parcels)}::jsonb where id = ${o.id}`.execute(t.core.db);
    const answer = await post(`/v0/carriers/orders/${o.id}/labels`, {});
    expect(answer.data.complete).toBe(true);
    expect(answer.data.labels).toHaveLength(2); // the two listed parcels, not the five boxes
    expect(fake.references).toEqual([`${o.unid} OTHER-1Z999`]);
    const weights = await sql<{ w: number }>`select weight_kg::float8 as w from parcel_labels where order_id = ${o.id} order by parcel_index`.execute(
      t.core.db,
    );
    expect(weights.rows.map((r) => r.w)).toEqual([1.2, 0.8]);
  });

  it('buys the labels of an order flagged forceShipLabel although it waits on hold, and leaves its status', async () => {
    const o = await order({ state: 'hold' });
    await sql`update outbound_orders set force_ship_label = true where id = ${o.id}`.execute(t.core.db);
    const answer = await post(`/v0/carriers/orders/${o.id}/labels`, {}, merchantA);
    expect(answer.code).toBe('OK');
    expect(answer.data.complete).toBe(true);
    expect(await statusOf(o.id)).toBe(code('hold'));
  });

  it('keeps force ship label to administrators', async () => {
    const o = await order({ state: 'hold' });
    expect((await post(`/v0/carriers/orders/${o.id}/labels`, {})).code).toBe('InvalidState');
    expect((await post(`/v0/carriers/orders/${o.id}/labels`, { force: true }, merchantA)).code).toBe('NoPermission');
    expect((await post(`/v0/carriers/orders/${o.id}/labels`, { force: true })).code).toBe('OK');
  });
});

describe('the carrier gate calls (facts §2.8)', () => {
  it('answers one merged PDF of 100 × 150 mm pages and moves the orders to packing completed', async () => {
    const a = await order({ state: 'inPicklist' });
    const b = await order({ state: 'readyToPick', boxQty: 2 });
    const answer = await post('/v0/order/batchPrintLabel', [
      { UNID: a.unid, id: a.id, packSKU: 'X', lblIdx: [0], packingMaterials: [], initiator: 'packScanBatch' },
      { id: b.id, packServices: [], baseUrl: 'x' },
    ]);
    expect(answer.code).toBe('OK');
    expect(answer.data).toMatch(/^\/v0\/labels\/merged\.pdf\?files=\[\d+,\d+,\d+\]$/);
    expect(await statusOf(a.id)).toBe(code('packingCompleted'));
    expect(await statusOf(b.id)).toBe(code('packingCompleted'));
    const pdf = await t.call({ method: 'GET', url: answer.data, token: merchantA });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const res = await t.app.inject({ method: 'GET', url: answer.data, headers: { 'x-token': admin } });
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(3);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round((width / 72) * 25.4), Math.round((height / 72) * 25.4)]).toEqual([100, 150]);
  });

  it('prints nothing and buys nothing when an order of the request is cancelled', async () => {
    const open = await order();
    for (const state of ['canceled', 'cancelRequested'] as const) {
      const canceled = await order({ state });
      const answer = await post('/v0/order/batchPrintLabel', [{ id: open.id }, { id: canceled.id }]);
      expect(answer.data).toBe('/v0/labels/merged.pdf?files=[]');
    }
    expect(fake.buys).toBe(0);
    expect(await statusOf(open.id)).toBe(code('readyToPack'));
  });

  it('lets a merchant print only its own orders', async () => {
    const own = await order({ merchant: 'A' });
    const other = await order({ merchant: 'B' });
    expect((await post('/v0/order/batchPrintLabel', [{ id: other.id }], merchantA)).code).toBe('NotFound');
    expect((await post('/v0/order/batchPrintLabel', [{ UNID: other.unid }], merchantA)).code).toBe('NotFound');
    const mine = await post('/v0/order/batchPrintLabel', [{ id: own.id }], merchantA);
    expect(filesOf(mine.data)).toHaveLength(1);
    const theirs = await t.call({ method: 'GET', url: mine.data, token: merchantB });
    expect(theirs.body.code).toBe('NotFound');
    expect(fake.buys).toBe(1);
  });

  it('names the stations’ label call in mask oms.outbound.list and answers it like batchPrintLabel', async () => {
    const mask = JSON.parse((await get('/v0/masken/?q=oms.outbound.list')).data.mask);
    expect(mask.printShipmentLabelAtScan).toMatchObject({ api: '@carrier-gate/v0/order/printShipmentLabelAtScan', method: 'post' });
    const o = await order();
    const answer = await post('/v0/order/printShipmentLabelAtScan', [{ id: o.id, packServices: ['BOX-S'], ...mask.printShipmentLabelAtScan.constant }]);
    expect(filesOf(answer.data)).toHaveLength(1);
    expect(await statusOf(o.id)).toBe(code('packingCompleted'));
  });

  it('answers the label of a serial or tracking number as base64 PDF', async () => {
    const answer = await get('/v0/utils/labelSNBase64?q=SN-0001', merchantA);
    expect(answer.code).toBe('OK');
    expect(Buffer.from(answer.data.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
