import { OUTBOUND_ORDER } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCarrierDriver, type CarrierDriver, type LabelRequest } from '../src/modules/carriers/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The routes behind the issue 17 screens: the labels of a carrier list's page
 * (`GET /v0/carriers/labels?orderIds=`, bought through the seeded sandbox account) and the accounts'
 * price lists (`/v0/carriers/accounts/{id}/prices`), which cost a label its carrier answered no cost for.
 */
let t: TestApp;
let admin: string;
let merchantA: string;
let merchantB: string;
let merchantAId = 0;

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const post = (url: string, payload: unknown, token = admin) => t.call({ method: 'POST', url, token, payload: payload as never }).then((r) => r.body);

/** A carrier that sells labels without saying what they cost (as some contracts' APIs do). */
let sold = 0;
const requests: LabelRequest[] = [];
const silentUps: CarrierDriver = {
  code: 'ups',
  products: [{ code: 'STD', name: 'Silent Standard', maxWeightKg: 30, zones: ['domestic', 'eu', 'world'], services: [] }],
  credentialFields: [],
  optionFields: [],
  defaultEndpoint: 'https://carrier.invalid',
  endOfDay: 'none',
  async buy(request) {
    requests.push(request);
    return {
      parcels: request.parcels.map((p) => ({
        key: p.key,
        trackingNumber: `1ZSILENT${String(++sold).padStart(6, '0')}`,
        carrierRef: 'S',
        label: Buffer.from('%PDF-1.4\n%%EOF\n'),
        format: 'pdf' as const,
      })),
    };
  },
  async void() {},
};

async function order(
  o: { zip?: string; weight?: number; carrier?: string; country?: string; itemId?: number; quantity?: number; boxQty?: number } = {},
): Promise<number> {
  const country = o.country ?? 'DE';
  const consignee = { name1: 'Eva Muster', streetName: 'Hauptstraße', streetNumber: '5', zip: o.zip ?? '10115', city: 'Berlin', country };
  const row = await sql<{ id: number }>`insert into outbound_orders (merchant_id, status, type_of_task, mode_of_transport, pickup_date,
      unit_qty, weight, consignee, consignee_country, carrier, box_qty)
    values (${merchantAId}, ${OUTBOUND_ORDER.codeOf('readyToPack')}, 'B2C', 'parcel', '2026-12-01', 1, ${o.weight ?? 2},
      ${JSON.stringify(consignee)}::jsonb, ${country}, ${o.carrier ?? 'DHL'}, ${o.boxQty ?? 1})
    returning id`.execute(t.core.db);
  const id = Number(row.rows[0]!.id);
  if (o.itemId) await sql`insert into outbound_lines (order_id, item_id, quantity) values (${id}, ${o.itemId}, ${o.quantity ?? 2})`.execute(t.core.db);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA, merchantB] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
  merchantAId = Number((await sql<{ id: number }>`select id from merchants where code = 'C001'`.execute(t.core.db)).rows[0]!.id);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('labels of a carrier list page (GET /v0/carriers/labels)', () => {
  it('answers the live labels of the orders asked, with tracking and state', async () => {
    const [one, two, none] = [await order(), await order(), await order()];
    for (const id of [one, two]) expect((await post(`/v0/carriers/orders/${id}/labels`, {})).data.complete).toBe(true);
    const res = await get(`/v0/carriers/labels?orderIds=${one},${two},${none}`);
    expect(res.code).toBe('OK');
    expect(res.data.map((l: { orderId: number }) => l.orderId).sort()).toEqual([one, two].sort());
    expect(res.data.every((l: { state: string; trackingNumber: string }) => l.state === 'bought' && l.trackingNumber)).toBe(true);
    // A voided label is no longer shown.
    await post(`/v0/carriers/labels/${res.data[0].id}/void`, {});
    expect((await get(`/v0/carriers/labels?orderIds=${res.data[0].orderId}`)).data).toEqual([]);
  });

  it('answers a merchant only its own orders’ labels', async () => {
    const id = await order();
    await post(`/v0/carriers/orders/${id}/labels`, {});
    expect((await get(`/v0/carriers/labels?orderIds=${id}`, merchantA)).data).toHaveLength(1);
    expect((await get(`/v0/carriers/labels?orderIds=${id}`, merchantB)).data).toEqual([]);
  });

  it('refuses a list that is not one of ids as bad input, not an error', async () => {
    for (const q of ['', '?orderIds=', '?orderIds=1,,2', '?orderIds=abc', `?orderIds=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`]) {
      const res = await t.call({ method: 'GET', url: `/v0/carriers/labels${q}`, token: admin });
      expect(res.status, q).toBeLessThan(500);
      expect(res.body.code, q).toBe('IntegrityError');
    }
  });
});

describe('price lists (GET/PUT /v0/carriers/accounts/{id}/prices)', () => {
  let unregister: () => void;
  let accountId = 0;
  beforeAll(async () => {
    unregister = registerCarrierDriver(silentUps);
    const account = await post('/v0/carriers/accounts', {
      name: 'UPS without costs',
      carrier: 'ups',
      shipper: { name1: 'Kontor', street: 'Lagerstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' },
    });
    accountId = account.data.id;
    expect((await post('/v0/carriers/rules', { orderCarrier: 'UPS', accountId, product: 'STD' })).code).toBe('OK');
  });
  afterAll(() => unregister?.());
  const put = (payload: unknown, token = admin) =>
    t.call({ method: 'PUT', url: `/v0/carriers/accounts/${accountId}/prices`, token, payload: payload as never });

  it('replaces the bands and answers them lightest first per product', async () => {
    const res = await put({
      bands: [
        { product: 'STD', maxWeightKg: 5, priceMinor: 590 },
        { product: 'STD', maxWeightKg: 1, priceMinor: 390, currency: 'EUR' },
      ],
    });
    expect(res.body.code).toBe('OK');
    expect(res.body.data).toEqual([
      { product: 'STD', maxWeightKg: 1, priceMinor: 390, currency: 'EUR' },
      { product: 'STD', maxWeightKg: 5, priceMinor: 590, currency: 'EUR' },
    ]);
    expect((await get(`/v0/carriers/accounts/${accountId}/prices`)).data).toHaveLength(2);
  });

  it('costs a label the carrier answered no cost for at the lightest band it fits, and bills it', async () => {
    const id = await order({ carrier: 'UPS', weight: 2 });
    const bought = await post(`/v0/carriers/orders/${id}/labels`, {});
    expect(bought.data.complete).toBe(true);
    expect(bought.data.labels[0]).toMatchObject({ costMinor: 590, currency: 'EUR' });
    const billed = await sql<{ kind: string; quantity: number }>`select kind, quantity from billing_activity
      where ref_type = 'parcel_label' and ref_id = ${String(bought.data.labels[0].id)} order by kind`.execute(t.core.db);
    expect(billed.rows.map((r) => [r.kind, Number(r.quantity)])).toEqual([
      ['label.cost.EUR', 590],
      ['label.ups.STD', 1],
    ]);
    // Heavier than every band: no cost, as before the price list.
    const heavy = await post(`/v0/carriers/orders/${await order({ carrier: 'UPS', weight: 12 })}/labels`, {});
    expect(heavy.data.labels[0]).toMatchObject({ costMinor: null, currency: null });
  });

  it('refuses a product the carrier does not sell and a band listed twice, at their fields', async () => {
    const res = await put({
      bands: [
        { product: 'NOPE', maxWeightKg: 1, priceMinor: 100 },
        { product: 'STD', maxWeightKg: 2, priceMinor: 100 },
        { product: 'STD', maxWeightKg: 2.0, priceMinor: 200 },
      ],
    });
    expect(res.body.code).toBe('IntegrityError');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['bands.0.product', 'bands.2.maxWeightKg']);
    for (const bad of [{ bands: [{ product: 'STD', maxWeightKg: 0, priceMinor: 1 }] }, { bands: [{ product: 'STD', maxWeightKg: 1, priceMinor: -1 }] }, {}]) {
      const refused = await put(bad);
      expect(refused.status).toBeLessThan(500);
      expect(refused.body.code).toBe('IntegrityError');
    }
    expect((await get(`/v0/carriers/accounts/${accountId}/prices`)).data).toHaveLength(2);
  });

  it('keeps price lists to the company: merchants are refused, an unknown account is not found', async () => {
    expect((await get(`/v0/carriers/accounts/${accountId}/prices`, merchantA)).code).toBe('NoPermission');
    expect((await put({ bands: [] }, merchantA)).body.code).toBe('NoPermission');
    expect((await get('/v0/carriers/accounts/999999/prices')).code).toBe('NotFound');
  });
});

describe('customs of a non-EU parcel: the export reason of the rule', () => {
  let unregister: () => void;
  let itemId = 0;
  beforeAll(async () => {
    unregister = registerCarrierDriver(silentUps);
    itemId = Number((await sql<{ id: number }>`select id from items where merchant_id = ${merchantAId} order by id limit 1`.execute(t.core.db)).rows[0]!.id);
    await sql`update items set customs_value = 1250, customs_currency = 'EUR', hs_code = '85176200', origin_country = 'CN' where id = ${itemId}`.execute(
      t.core.db,
    );
    const account = await post('/v0/carriers/accounts', {
      name: 'UPS customs',
      carrier: 'ups',
      shipper: { name1: 'Kontor', street: 'Lagerstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' },
    });
    const rule = await post('/v0/carriers/rules', { orderCarrier: 'UPS', country: 'CH', accountId: account.data.id, product: 'STD', exportReason: 'GIFT' });
    expect(rule.data).toMatchObject({ country: 'CH', exportReason: 'GIFT' });
  });
  afterAll(() => unregister?.());

  it('declares the lines with value, HS code and origin, and the reason the rule names', async () => {
    requests.length = 0;
    const id = await order({ carrier: 'UPS', country: 'CH', zip: '8001', itemId });
    expect((await post(`/v0/carriers/orders/${id}/labels`, {})).data.complete).toBe(true);
    expect(requests[0]!.customs).toMatchObject({
      exportType: 'GIFT',
      lines: [{ quantity: 2, unitValueMinor: 1250, currency: 'EUR', hsCode: '85176200', originCountry: 'CN' }],
    });
  });

  it('declares on each parcel only its own units, so the parcels add up to the order', async () => {
    requests.length = 0;
    const id = await order({ carrier: 'UPS', country: 'CH', zip: '8001', itemId, quantity: 5, boxQty: 2, weight: 4 });
    expect((await post(`/v0/carriers/orders/${id}/labels`, {})).data.complete).toBe(true);
    const shares = requests[0]!.parcels.map((p) => p.customs!.lines.map((l) => [l.quantity, l.unitValueMinor]));
    expect(shares).toEqual([[[3, 1250]], [[2, 1250]]]);
    // The request (one shipment of both packages) declares the order once, not once per parcel.
    expect(requests[0]!.customs!.lines.map((l) => l.quantity)).toEqual([5]);
  });

  it('refuses, before any carrier call, more parcels than units to declare', async () => {
    requests.length = 0;
    const id = await order({ carrier: 'UPS', country: 'CH', zip: '8001', itemId, quantity: 1, boxQty: 2 });
    const res = await t.call({ method: 'POST', url: `/v0/carriers/orders/${id}/labels`, token: admin, payload: {} });
    expect(res.body.code).toBe('CarrierCustoms');
    expect(requests).toHaveLength(0);
    const queued = await sql<{ error_kind: string }>`select error_kind from label_queue where order_id = ${id}`.execute(t.core.db);
    expect(queued.rows[0]?.error_kind).toBe('customs');
  });

  it('refuses an unknown export reason at its field', async () => {
    const rules = (await get('/v0/carriers/rules')).data as Array<{ id: number; accountId: number; exportReason: string }>;
    const rule = rules.find((r) => r.exportReason === 'GIFT')!;
    const res = await t.call({
      method: 'PUT',
      url: `/v0/carriers/rules/${rule.id}`,
      token: admin,
      payload: { accountId: rule.accountId, exportReason: 'BRIBE' },
    });
    expect(res.body.code).toBe('IntegrityError');
    expect(res.body.error.fields[0].field).toBe('exportReason');
  });

  it('answers the coded customs error, in the user’s language, when a line has no customs value', async () => {
    await sql`update items set customs_value = null where id = ${itemId}`.execute(t.core.db);
    const id = await order({ carrier: 'UPS', country: 'CH', zip: '8001', itemId });
    const res = await t.call({ method: 'POST', url: `/v0/carriers/orders/${id}/labels`, token: admin, payload: {}, headers: { 'x-lang': 'de' } });
    expect(res.body.code).toBe('CarrierCustoms');
    expect(res.body.data).toContain('Zolldaten fehlen');
    expect(JSON.stringify(res.body.error.fields)).toContain('customs value');
    await sql`update items set customs_value = 1250 where id = ${itemId}`.execute(t.core.db);
  });
});
