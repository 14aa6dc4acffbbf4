import { GATE_BILL } from '@kontor/contracts';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastMonth, marginOf } from '../src/modules/carrier-gate/index.js';
import { CarrierError, registerCarrierDriver, type BoughtParcel, type CarrierDriver } from '../src/modules/carriers/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The carrier gate's customers (issue 17 item 8; docs/carrier-gate.md): gate users and API keys, label
 * purchase with a key against a fake carrier that counts what it sold per parcel key (a retry must buy
 * nothing twice), voids, and the monthly bills with their margin rounding.
 */
let t: TestApp;
let admin: string;
let merchant: string;
let unregister: () => void;

const fake = {
  mode: 'ok' as 'ok' | 'timeout' | 'refuse',
  sold: new Map<string, BoughtParcel>(),
  buys: 0,
  voids: [] as string[],
  reset() {
    this.mode = 'ok';
    this.sold.clear();
    this.buys = 0;
    this.voids = [];
  },
};
let serial = 0;

async function labelPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([283.46, 425.2]).drawText(text, { x: 20, y: 380, size: 14 });
  return Buffer.from(await doc.save());
}

const fakeDriver: CarrierDriver = {
  code: 'dpd',
  products: [
    { code: 'GATE_CLASSIC', name: 'Gate Classic', maxWeightKg: 31.5, zones: ['domestic', 'eu', 'world'], services: [] },
    { code: 'GATE_SMALL', name: 'Gate Small', maxWeightKg: 2, zones: ['domestic'], services: [] },
  ],
  credentialFields: ['password'],
  optionFields: [],
  defaultEndpoint: 'https://carrier.invalid',
  endOfDay: 'none',
  async buy(request) {
    fake.buys++;
    if (fake.mode === 'refuse') throw new CarrierError('address', 'street unknown', { retryable: false, field: 'receiver.street' });
    const parcels: BoughtParcel[] = [];
    for (const p of request.parcels) {
      const trackingNumber = `0999${String(++serial).padStart(10, '0')}`;
      const bought = {
        key: p.key,
        trackingNumber,
        carrierRef: trackingNumber,
        label: await labelPdf(trackingNumber),
        format: 'pdf' as const,
        costMinor: 495,
        currency: 'EUR',
      };
      fake.sold.set(p.key, bought);
      parcels.push(bought);
    }
    // Sold, but the answer is lost on the way back.
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

const ADDRESS = { name1: 'Gate Sender GmbH', street: 'Hafenstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' };
const RECEIVER = { name1: 'Eva Muster', street: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' };

const post = (url: string, payload: unknown, token = admin) => t.call({ method: 'POST', url, token, payload: payload as never }).then((r) => r.body);
const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const api = (method: 'GET' | 'POST', url: string, key: string | null, payload?: unknown, idem?: string) =>
  t.call({
    method,
    url,
    headers: { ...(key ? { 'x-api-key': key } : {}), ...(idem ? { 'idempotency-key': idem } : {}) },
    ...(payload !== undefined ? { payload: payload as never } : {}),
  });

async function gateUser(extra: Record<string, unknown> = {}): Promise<{ id: number; key: string }> {
  const user = await post('/v0/carriergate/users', { company: `Gate ${++serial}`, address: ADDRESS, carriers: ['dpd'], ...extra });
  expect(user.code).toBe('OK');
  const key = await post(`/v0/carriergate/users/${user.data.id}/keys`, { name: 'shop' });
  expect(key.code).toBe('OK');
  return { id: user.data.id, key: key.data.key };
}

const shipment = (parcels = [{ weightKg: 1.2 }], extra: Record<string, unknown> = {}) => ({
  receiver: RECEIVER,
  parcels,
  product: 'GATE_CLASSIC',
  reference: 'R-1',
  ...extra,
});
const gateLabels = async (gateUserId: number) =>
  (
    await sql<{
      state: string;
      idempotency_key: string;
    }>`select state, idempotency_key from gate_labels where gate_user_id = ${gateUserId} order by id`.execute(t.core.db)
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchant] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local')]);
  unregister = registerCarrierDriver(fakeDriver);
  const account = await post('/v0/carriers/accounts', { name: 'DPD gate test', carrier: 'dpd', credentials: { password: 'x' } });
  expect(account.code).toBe('OK');
});
afterAll(async () => {
  unregister?.();
  await t?.close();
});
beforeEach(() => fake.reset());

describe('gate users and keys', () => {
  it('shows a key once, stores only its hash, and refuses a missing, wrong or revoked key', async () => {
    const { id, key } = await gateUser();
    expect(key).toMatch(/^kgk_/);
    const keys = await get(`/v0/carriergate/users/${id}/keys`);
    expect(keys.data).toHaveLength(1);
    expect(JSON.stringify(keys.data)).not.toContain(key);
    const stored = await sql<{ key_hash: string }>`select key_hash from gate_api_keys where gate_user_id = ${id}`.execute(t.core.db);
    expect(stored.rows[0]!.key_hash).not.toContain(key.slice(4));

    expect((await api('POST', '/v0/gate/shipments', null, shipment(), 'k-none')).body.code).toBe('ApiKeyInvalid');
    expect((await api('POST', '/v0/gate/shipments', 'kgk_wrong', shipment(), 'k-wrong')).body.code).toBe('ApiKeyInvalid');
    const bearer = await t.call({ method: 'GET', url: '/v0/gate/shipments/999999', headers: { authorization: `Bearer ${key}` } });
    expect(bearer.body.code).toBe('NotFound');
    const used = await get(`/v0/carriergate/users/${id}/keys`);
    expect(used.data[0].lastUsedAt).not.toBeNull();

    expect((await post(`/v0/carriergate/keys/${keys.data[0].id}/revoke`, {})).data.revokedAt).not.toBeNull();
    expect((await api('POST', '/v0/gate/shipments', key, shipment(), 'k-revoked')).body.code).toBe('ApiKeyInvalid');
    expect(fake.buys).toBe(0);
  });

  it('lists and changes gate users; a merchant sees none of it', async () => {
    const { id } = await gateUser({ marginBp: 1000 });
    const changed = await t.call({ method: 'PUT', url: `/v0/carriergate/users/${id}`, token: admin, payload: { marginFixedMinor: 25, active: false } });
    expect(changed.body.data).toMatchObject({ marginBp: 1000, marginFixedMinor: 25, active: false });
    const list = await get('/v0/carriergate/users?active=false');
    expect(list.data.data.map((u: { id: number }) => u.id)).toContain(id);
    expect((await get('/v0/carriergate/users', merchant)).code).toBe('NoPermission');
    expect((await get('/v0/carriergate/bills', merchant)).code).toBe('NoPermission');
  });
});

describe('buying labels with a key', () => {
  it('buys once per Idempotency-Key: a retry answers the same labels and buys nothing', async () => {
    const { id, key } = await gateUser();
    const first = await api('POST', '/v0/gate/shipments', key, shipment([{ weightKg: 1.2 }, { weightKg: 3 }]), 'order-1001');
    expect(first.body.code).toBe('OK');
    expect(first.body.data).toMatchObject({ state: 'bought', carrier: 'dpd', product: 'GATE_CLASSIC' });
    expect(first.body.data.trackingNumbers).toHaveLength(2);
    expect(fake.buys).toBe(1);
    const again = await api('POST', '/v0/gate/shipments', key, shipment([{ weightKg: 1.2 }, { weightKg: 3 }]), 'order-1001');
    expect(again.body.data.trackingNumbers).toEqual(first.body.data.trackingNumbers);
    expect(fake.buys).toBe(1);
    expect(await gateLabels(id)).toHaveLength(2);

    const pdf = await t.app.inject({ method: 'GET', url: first.body.data.labelUrl, headers: { 'x-api-key': key } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(2);
    const other = await gateUser();
    expect((await api('GET', first.body.data.labelUrl, other.key)).body.code).toBe('NotFound');
    expect((await api('GET', `/v0/gate/shipments/${first.body.data.id}`, other.key)).body.code).toBe('NotFound');

    const reused = await api('POST', '/v0/gate/shipments', key, shipment([{ weightKg: 5 }]), 'order-1001');
    expect(reused.body.code).toBe('IdempotencyKeyReused');
    expect(fake.buys).toBe(1);
  });

  it('looks an uncertain purchase up on the retry instead of buying it again', async () => {
    const { id, key } = await gateUser();
    fake.mode = 'timeout';
    const first = await api('POST', '/v0/gate/shipments', key, shipment(), 'lost-answer');
    expect(first.body.code).toBe('CarrierTimeout');
    expect((await gateLabels(id))[0]!.state).toBe('uncertain');
    fake.mode = 'ok';
    const retry = await api('POST', '/v0/gate/shipments', key, shipment(), 'lost-answer');
    expect(retry.body.data.state).toBe('bought');
    expect(fake.buys).toBe(1);
  });

  it('answers a refusal with its code and asks again under the same parcel key on the retry', async () => {
    const { id, key } = await gateUser();
    fake.mode = 'refuse';
    const refused = await api('POST', '/v0/gate/shipments', key, shipment(), 'refused-1');
    expect(refused.body.code).toBe('CarrierAddress');
    expect(refused.body.error.fields[0]).toMatchObject({ field: 'receiver.street' });
    const [before] = await gateLabels(id);
    expect(before!.state).toBe('failed');
    fake.mode = 'ok';
    const retry = await api('POST', '/v0/gate/shipments', key, shipment(), 'refused-1');
    expect(retry.body.data.state).toBe('bought');
    expect((await gateLabels(id))[0]!.idempotency_key).toBe(before!.idempotency_key);
  });

  it('refuses bad input with coded errors before calling the carrier', async () => {
    const { key } = await gateUser({ products: ['GATE_CLASSIC', 'GATE_SMALL'] });
    const cases: Array<[unknown, string, string?]> = [
      [shipment([{ weightKg: 40 }]), 'CarrierWeight'],
      [shipment([{ weightKg: 3 }], { product: 'GATE_SMALL' }), 'CarrierWeight'],
      [shipment(undefined, { receiver: { ...RECEIVER, country: 'US', zip: '10001', city: 'New York' } }), 'CarrierCustoms'],
      [shipment(undefined, { product: 'GATE_SMALL', receiver: { ...RECEIVER, country: 'FR', zip: '75001', city: 'Paris' } }), 'CarrierService'],
      [shipment(undefined, { product: 'SBX_PARCEL' }), 'GateProductNotAllowed'],
      [shipment([]), 'IntegrityError'],
      [{ ...shipment(), receiver: { ...RECEIVER, country: 'XX' } }, 'IntegrityError'],
    ];
    for (const [body, code] of cases) expect((await api('POST', '/v0/gate/shipments', key, body, `bad-${code}-${Math.random()}`)).body.code).toBe(code);
    const noKey = await api('POST', '/v0/gate/shipments', key, shipment());
    expect(noKey.status).toBeLessThan(500);
    expect(noKey.body.code).toBe('IntegrityError');
    expect(fake.buys).toBe(0);
  });

  it('voids a shipment at the carrier', async () => {
    const { key } = await gateUser();
    const bought = await api('POST', '/v0/gate/shipments', key, shipment(), 'to-void');
    const voided = await api('POST', `/v0/gate/shipments/${bought.body.data.id}/void`, key);
    expect(voided.body.data.state).toBe('voided');
    expect(fake.voids).toEqual(bought.body.data.trackingNumbers);
    const listed = await get(`/v0/carriergate/shipments?gateUserId=${bought.body.data.gateUserId}`);
    expect(listed.data[0].state).toBe('voided');
    const byStaff = await api('POST', '/v0/gate/shipments', key, shipment(), 'to-void-by-staff');
    expect((await post(`/v0/carriergate/shipments/${byStaff.body.data.id}/void`, {}, merchant)).code).toBe('NoPermission');
    expect((await post(`/v0/carriergate/shipments/${byStaff.body.data.id}/void`, {})).data.state).toBe('voided');
    expect(fake.voids).toHaveLength(2);
  });
});

describe('bills', () => {
  it('rounds the margin half away from zero per label, in whole cents', () => {
    expect(marginOf(495, 1250, 0)).toBe(62); // 61.875
    expect(marginOf(1, 5000, 0)).toBe(1); // 0.5
    expect(marginOf(3, 5000, 10)).toBe(12); // 1.5 + 10
    expect(marginOf(0, 1250, 35)).toBe(35);
    expect(marginOf(-495, 1250, 0)).toBe(-62);
  });

  it("builds a month's bill at cost plus margin, issues it, and never changes it again", async () => {
    const { id, key } = await gateUser({ marginBp: 1250, marginFixedMinor: 10 });
    await api('POST', '/v0/gate/shipments', key, shipment([{ weightKg: 1 }, { weightKg: 2 }]), 'bill-1');
    const voided = await api('POST', '/v0/gate/shipments', key, shipment(), 'bill-2');
    await api('POST', `/v0/gate/shipments/${voided.body.data.id}/void`, key);
    const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(new Date());
    const built = await post('/v0/carriergate/bills/build', { period, gateUserId: id });
    expect(built.code).toBe('OK');
    expect(built.data).toHaveLength(1);
    // Two labels of 4.95 EUR: 12.5 % is 0.61875 → 0.62, plus 0.10 fixed → 5.67 each.
    expect(built.data[0]).toMatchObject({
      period,
      currency: 'EUR',
      status: GATE_BILL.codeOf('draft'),
      lineCount: 2,
      costMinor: 990,
      marginMinor: 144,
      totalMinor: 1134,
    });
    const detail = await get(`/v0/carriergate/bills/${built.data[0].id}`);
    expect(detail.data.lines.map((l: { amountMinor: number }) => l.amountMinor)).toEqual([567, 567]);

    const csv = await t.call({ method: 'GET', url: `/v0/carriergate/bills/${built.data[0].id}/bill.csv`, token: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.body)).toContain('11.34');
    const pdf = await t.call({ method: 'GET', url: `/v0/carriergate/bills/${built.data[0].id}/bill.pdf`, token: admin });
    expect(String(pdf.body).startsWith('%PDF')).toBe(true);

    const issued = await post(`/v0/carriergate/bills/${built.data[0].id}/issue`, {});
    expect(issued.data.status).toBe(GATE_BILL.codeOf('issued'));
    await api('POST', '/v0/gate/shipments', key, shipment(), 'bill-3');
    const rebuilt = await post('/v0/carriergate/bills/build', { period, gateUserId: id });
    expect(rebuilt.data[0]).toMatchObject({ id: built.data[0].id, lineCount: 2, totalMinor: 1134 });
    expect((await post(`/v0/carriergate/bills/${built.data[0].id}/issue`, {})).code).toBe('BillIssued');
    expect((await get(`/v0/carriergate/bills?gateUserId=${id}&period=${period}`)).data).toMatchObject({ total: 1, next: null });
  });

  it('builds last month by default', async () => {
    const built = await post('/v0/carriergate/bills/build', {});
    expect(built.code).toBe('OK');
    for (const bill of built.data) expect(bill.period).toBe(lastMonth());
  });
});
