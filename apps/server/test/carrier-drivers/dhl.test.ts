import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError, type CarrierAccountConfig } from '../../src/modules/carriers/driver.js';
import { createDhlDriver } from '../../src/modules/carriers/drivers/dhl/index.js';
import { DHL_FAKE_CREDENTIALS, startDhlFake, type DhlFake } from './fakes/dhl-fake.js';
import { CONSIGNEE_CH, CONSIGNEE_DE, baseRequest, caught, ctx, eventually, parcels } from './fixtures.js';

let fake: DhlFake;
const driver = createDhlDriver();

function account(over: Partial<CarrierAccountConfig> = {}): CarrierAccountConfig {
  return {
    carrier: 'dhl',
    endpoint: `${fake.url}/parcel/de/shipping/v2`,
    credentials: { ...DHL_FAKE_CREDENTIALS },
    options: { ekp: '3333333333', participation: '01' },
    ...over,
  };
}

beforeAll(async () => {
  fake = await startDhlFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.refuseDeletes = false;
  fake.requests.length = 0;
  fake.live.clear();
  fake.deleted.clear();
  fake.tracking.clear();
  fake.manifested.clear();
  fake.returns.clear();
});

describe('DHL Parcel DE driver against the fake', () => {
  it('buys a DHL Paket label as PDF with the documented request', async () => {
    const result = await driver.buy({ account: account(), ...baseRequest('V01PAK', { services: ['preferredNeighbour=Nachbar Meier', 'goGreenPlus'] }) }, ctx());
    expect(result.parcels).toHaveLength(1);
    const [p] = result.parcels;
    expect(p!.key).toBe('ord-1001-p1');
    expect(p!.trackingNumber).toMatch(/^\d{18}$/);
    expect(p!.carrierRef).toBe(p!.trackingNumber);
    expect(p!.label.subarray(0, 4).toString()).toBe('%PDF');

    const seen = fake.requests[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.path).toBe('/parcel/de/shipping/v2/orders');
    expect(seen.query.get('docFormat')).toBe('PDF');
    expect(seen.headers['dhl-api-key']).toBe('test-api-key');
    const body = JSON.parse(seen.body);
    expect(body.profile).toBe('STANDARD_GRUPPENPROFIL');
    expect(body.shipments[0]).toMatchObject({
      product: 'V01PAK',
      billingNumber: '33333333330101',
      refNo: 'ORD-1001',
      shipper: { name1: 'Kontor Fulfilment GmbH', addressStreet: 'Lagerstraße', addressHouse: '12', country: 'DEU' },
      consignee: { postalCode: '51147', city: 'Köln', country: 'DEU' },
      details: { weight: { uom: 'kg', value: 2.5 }, dim: { uom: 'cm', length: 30, width: 20, height: 10 } },
      services: { preferredNeighbour: 'Nachbar Meier', goGreenPlus: true },
    });
  });

  it('asks for ZPL2 and answers the ZPL text', async () => {
    const result = await driver.buy({ account: account(), ...baseRequest('V01PAK', { format: 'zpl' }) }, ctx());
    expect(fake.requests[0]!.query.get('docFormat')).toBe('ZPL2');
    expect(result.parcels[0]!.label.toString().startsWith('^XA')).toBe(true);
    expect(result.parcels[0]!.format).toBe('zpl');
  });

  it('buys every parcel of a multi-parcel order in one call, one shipment each', async () => {
    const result = await driver.buy({ account: account(), ...baseRequest('V01PAK', { parcels: parcels(1, 2, 3) }) }, ctx());
    expect(fake.requests).toHaveLength(1);
    expect(JSON.parse(fake.requests[0]!.body).shipments).toHaveLength(3);
    expect(result.parcels.map((p) => p.key)).toEqual(['ord-1001-p1', 'ord-1001-p2', 'ord-1001-p3']);
    expect(new Set(result.parcels.map((p) => p.trackingNumber)).size).toBe(3);
    expect(result.parcels.every((p) => p.label.subarray(0, 4).toString() === '%PDF')).toBe(true);
  });

  it('maps a refused postal code to an address error with DHL’s own words', async () => {
    const err = await caught<CarrierError>(() =>
      driver.buy({ account: account(), ...baseRequest('V01PAK', { consignee: { ...CONSIGNEE_DE, zip: '5114' } }) }, ctx()),
    );
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.kind).toBe('address');
    expect(err.carrierMessage).toContain('The postal code is invalid for Germany');
    expect(err.options.field).toBe('consignee.postalCode');
    expect(err.retryable).toBe(false);
    expect(err.uncertain).toBe(false);
  });

  it('maps a weight above the product’s limit to a weight error', async () => {
    const err = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('V62KP', { parcels: parcels(2) }) }, ctx()));
    expect(err.kind).toBe('weight');
    expect(err.carrierMessage).toContain('exceeds the maximum of 1 kg');
  });

  it('maps missing customs data for Switzerland to a customs error', async () => {
    const err = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('V53WPAK', { consignee: CONSIGNEE_CH }) }, ctx()));
    expect(err.kind).toBe('customs');
    expect(err.carrierMessage).toContain('Customs details are mandatory');
  });

  it('sends customs lines for a non-EU destination and returns the customs document', async () => {
    const result = await driver.buy(
      {
        account: account(),
        ...baseRequest('V53WPAK', {
          consignee: CONSIGNEE_CH,
          customs: {
            exportType: 'COMMERCIAL_GOODS',
            invoiceNo: 'RE-1001',
            lines: [{ description: 'T-Shirt', quantity: 2, unitValueMinor: 1999, currency: 'EUR', weightKg: 0.2, hsCode: '610910', originCountry: 'PT' }],
          },
        }),
      },
      ctx(),
    );
    const sent = JSON.parse(fake.requests[0]!.body).shipments[0];
    expect(sent.consignee.country).toBe('CHE');
    expect(sent.customs.items[0]).toMatchObject({ countryOfOrigin: 'PRT', itemValue: { currency: 'EUR', value: 19.99 }, packagedQuantity: 2 });
    expect(result.documents?.[0]?.kind).toBe('customs');
    expect(result.documents?.[0]?.content.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('declares on each parcel its own share of the customs data, one shipment per parcel', async () => {
    const share = (quantity: number) => ({
      exportType: 'COMMERCIAL_GOODS',
      lines: [{ description: 'T-Shirt', quantity, unitValueMinor: 1999, currency: 'EUR', weightKg: 0.2, originCountry: 'PT' }],
    });
    const [first, second] = parcels(1, 1);
    await driver.buy(
      {
        account: account(),
        ...baseRequest('V53WPAK', {
          consignee: CONSIGNEE_CH,
          customs: share(5),
          parcels: [
            { ...first!, customs: share(3) },
            { ...second!, customs: share(2) },
          ],
        }),
      },
      ctx(),
    );
    const sent = JSON.parse(fake.requests[0]!.body).shipments as Array<{ customs: { items: Array<{ packagedQuantity: number }> } }>;
    expect(sent.map((s) => s.customs.items[0]!.packagedQuantity)).toEqual([3, 2]);
  });

  it('buys a return label through the Returns API when the account names its receiver; voiding it calls nothing', async () => {
    const retoure = account({ options: { ...account().options, returnReceiverId: 'deu' } });
    const result = await driver.buy({ account: retoure, ...baseRequest('V01PAK', { returnLabel: true }) }, ctx());
    const [sent] = [...fake.returns.values()];
    expect(sent).toMatchObject({ receiverId: 'deu', shipper: { name1: CONSIGNEE_DE.name1, country: 'DEU' }, itemWeight: { uom: 'kg', value: 2.5 } });
    expect(fake.requests[0]!.path).toMatch(/\/returns\/v1\/orders$/);
    expect(result.parcels[0]!.trackingNumber).toBe([...fake.returns.keys()][0]);
    expect(result.parcels[0]!.label.subarray(0, 4).toString()).toBe('%PDF');
    expect(fake.live.size).toBe(0); // no outbound shipment was sold
    await driver.void(retoure, result.parcels[0]!, ctx());
    expect(fake.requests).toHaveLength(1);
  });

  it('maps an unknown returns receiver to a service error at its field, and buys the swapped Paket without one', async () => {
    const wrong = account({ options: { ...account().options, returnReceiverId: 'xyz' } });
    const err = await caught<CarrierError>(() => driver.buy({ account: wrong, ...baseRequest('V01PAK', { returnLabel: true }) }, ctx()));
    expect(err.kind).toBe('service');
    expect(err.options.field).toBe('returnReceiverId');
    expect(fake.returns.size).toBe(0);
    await driver.buy({ account: account(), ...baseRequest('V01PAK', { returnLabel: true }) }, ctx());
    expect(JSON.parse(fake.requests.at(-1)!.body).shipments[0].shipper.name1).toBe(CONSIGNEE_DE.name1);
  });

  it('deletes the parcels it bought when another parcel of the order is refused', async () => {
    const err = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('V01PAK', { parcels: parcels(2, 40) }) }, ctx()));
    expect(err.kind).toBe('weight');
    expect(fake.live.size).toBe(0);
    expect(fake.deleted.size).toBe(1);
    expect(fake.requests.map((r) => r.method)).toEqual(['POST', 'DELETE']);
  });

  it('says which labels stay bought, and that the outcome is uncertain, when undoing them fails', async () => {
    fake.refuseDeletes = true;
    const err = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('V01PAK', { parcels: parcels(2, 40) }) }, ctx()));
    expect(err.kind).toBe('weight');
    expect(err.uncertain).toBe(true);
    const [left] = [...fake.live];
    expect(err.carrierMessage).toContain(`still bought, delete failed: ${left}`);
  });

  it('maps wrong credentials to an auth error that names no secret', async () => {
    const err = await caught<CarrierError>(() =>
      driver.buy({ account: account({ credentials: { ...DHL_FAKE_CREDENTIALS, password: 'wrong-secret-pw' } }), ...baseRequest('V01PAK') }, ctx()),
    );
    expect(err.kind).toBe('auth');
    expect(err.options.httpStatus).toBe(401);
    expect(err.carrierMessage).toContain('Unauthorized');
    expect(`${err.message} ${err.carrierMessage}`).not.toMatch(/wrong-secret-pw|test-api-key|user-valid/);
  });

  it('turns an answer later than timeoutMs into an uncertain timeout', async () => {
    fake.mode = 'slow';
    fake.slowMs = 1000;
    const err = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('V01PAK') }, ctx(250)));
    expect(err.kind).toBe('timeout');
    expect(err.uncertain).toBe(true);
    expect(err.retryable).toBe(true);
    // DHL did sell the label after the driver gave up: that is why the error is uncertain
    await eventually(() => fake.live.size === 1);
  });

  it('buys exactly one label when a call refused with 500 is repeated', async () => {
    fake.mode = 'error500';
    await caught(() => driver.buy({ account: account(), ...baseRequest('V01PAK') }, ctx()));
    fake.mode = 'ok';
    await driver.buy({ account: account(), ...baseRequest('V01PAK') }, ctx());
    expect(fake.live.size).toBe(1);
  });

  it('maps 500 and 429 to unavailable (retryable)', async () => {
    fake.mode = 'error500';
    const e500 = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('V01PAK') }, ctx()));
    expect(e500.kind).toBe('unavailable');
    expect(e500.retryable).toBe(true);
    expect(e500.options.httpStatus).toBe(500);
    fake.mode = 'rateLimit';
    const e429 = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('V01PAK') }, ctx()));
    expect(e429.kind).toBe('unavailable');
  });

  it('voids a label, and voiding it again succeeds', async () => {
    const { parcels: bought } = await driver.buy({ account: account(), ...baseRequest('V01PAK') }, ctx());
    const p = bought[0]!;
    await driver.void(account(), p, ctx());
    expect(fake.deleted.has(p.trackingNumber)).toBe(true);
    const del = fake.requests.find((r) => r.method === 'DELETE')!;
    expect(del.query.get('profile')).toBe('STANDARD_GRUPPENPROFIL');
    expect(del.query.get('shipment')).toBe(p.trackingNumber);
    await expect(driver.void(account(), p, ctx())).resolves.toBeUndefined();
  });

  it('refuses a service the product does not offer before calling DHL', async () => {
    const err = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('V54EPAK', { services: ['visualCheckOfAge=A18'] }) }, ctx()));
    expect(err.kind).toBe('service');
    expect(fake.requests).toHaveLength(0);
  });

  it('describes its products, fields and production endpoint', () => {
    expect(driver.code).toBe('dhl');
    expect(driver.defaultEndpoint).toBe('https://api-eu.dhl.com/parcel/de/shipping/v2');
    expect(driver.credentialFields).toEqual(['apiKey', 'username', 'password']);
    expect(driver.products.find((p) => p.code === 'V01PAK')?.maxWeightKg).toBe(31.5);
    expect(driver.lookup).toBeUndefined();
  });

  it('manifests the day: POST /manifests with the profile and the shipment numbers', async () => {
    const { parcels: bought } = await driver.buy({ account: account(), ...baseRequest('V01PAK', { parcels: parcels(1, 2) }) }, ctx());
    expect(driver.endOfDay).toBe('manifest-call');
    await driver.manifest!(account(), bought, ctx());
    const seen = fake.requests.find((r) => r.path.endsWith('/manifests'))!;
    expect(seen.method).toBe('POST');
    expect(seen.path).toBe('/parcel/de/shipping/v2/manifests');
    expect(seen.headers['dhl-api-key']).toBe('test-api-key');
    expect(JSON.parse(seen.body)).toEqual({ profile: 'STANDARD_GRUPPENPROFIL', shipmentNumbers: bought.map((p) => p.trackingNumber) });
    expect([...fake.manifested].sort()).toEqual(bought.map((p) => p.trackingNumber).sort());
    // A repeat is harmless: DHL answers OK for numbers it manifested before.
    await expect(driver.manifest!(account(), bought, ctx())).resolves.toMatchObject({ reference: '' });
  });

  it("a refused shipment number is a 'refused' error with DHL's words; 401 and 500 are auth and unavailable", async () => {
    const { parcels: bought } = await driver.buy({ account: account(), ...baseRequest('V01PAK') }, ctx());
    const err = await caught<CarrierError>(() => driver.manifest!(account(), [...bought, { trackingNumber: '00340434999999999999', carrierRef: '' }], ctx()));
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.kind).toBe('refused');
    expect(err.carrierMessage).toContain('00340434999999999999');
    expect(err.options.httpStatus).toBe(207);
    const auth = await caught<CarrierError>(() => driver.manifest!(account({ credentials: { ...DHL_FAKE_CREDENTIALS, password: 'wrong' } }), bought, ctx()));
    expect(auth.kind).toBe('auth');
    fake.mode = 'error500';
    const down = await caught<CarrierError>(() => driver.manifest!(account(), bought, ctx()));
    expect(down.kind).toBe('unavailable');
    expect(down.retryable).toBe(true);
  });
});

describe('DHL tracking (unified Shipment Tracking API) against the fake', () => {
  const event = (timestamp: string, statusCode: string, description: string, city = 'Köln') => ({
    timestamp,
    statusCode,
    status: description,
    description,
    location: { address: { addressLocality: city } },
  });

  it('reads a parcel’s events, newest first as DHL answers them, and maps them to Kontor’s kinds', async () => {
    fake.tracking.set('00340434161094042557', [
      event('2026-11-25T14:30:00', 'delivered', 'The shipment has been successfully delivered'),
      event('2026-11-25T08:10:00', 'transit', 'The shipment has been loaded onto the delivery vehicle'),
      event('2026-11-24T21:05:00', 'transit', 'The shipment has been processed in the parcel center', 'Hamburg'),
      event('2026-11-24T12:00:00', 'pre-transit', 'The instruction data for this shipment have been provided by the sender to DHL electronically', ''),
    ]);
    const events = await driver.track!(account(), ['00340434161094042557'], ctx());
    expect(events.map((e) => e.kind)).toEqual(['delivered', 'in_delivery', 'in_transit', 'info']);
    expect(events[0]).toMatchObject({ trackingNumber: '00340434161094042557', at: '2026-11-25T14:30:00', carrierCode: 'delivered', location: 'Köln' });
    expect(events[3]!.location).toBeUndefined();
    expect(new Set(events.map((e) => e.eventId)).size).toBe(4);

    const seen = fake.requests.at(-1)!;
    expect(seen.method).toBe('GET');
    expect(seen.path).toBe('/track/shipments');
    expect(seen.query.get('trackingNumber')).toBe('00340434161094042557');
    expect(seen.query.get('service')).toBe('parcel-de');
    expect(seen.headers['dhl-api-key']).toBe('test-api-key');
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('tells delivery failures apart: address unknown, damaged, returned to sender', async () => {
    fake.tracking.set('1', [event('2026-11-25T10:00:00', 'failure', 'The recipient could not be found at the address given')]);
    fake.tracking.set('2', [event('2026-11-25T10:00:00', 'failure', 'The shipment was damaged')]);
    fake.tracking.set('3', [event('2026-11-25T10:00:00', 'failure', 'The shipment is being returned to the sender')]);
    const events = await driver.track!(account(), ['1', '2', '3'], ctx());
    expect(events.map((e) => [e.kind, e.exception])).toEqual([
      ['exception', 'addressUnknown'],
      ['exception', 'damaged'],
      ['returned', undefined],
    ]);
  });

  it('answers no events for a number DHL does not know yet (404 No result found)', async () => {
    fake.tracking.set('known', [event('2026-11-25T10:00:00', 'transit', 'In transit')]);
    const events = await driver.track!(account(), ['unknown-number', 'known'], ctx());
    expect(events.map((e) => e.trackingNumber)).toEqual(['known']);
    expect(fake.requests).toHaveLength(2);
  });

  it('maps a wrong API key to auth, and 500 or 429 to unavailable', async () => {
    const auth = await caught<CarrierError>(() => driver.track!(account({ credentials: { ...DHL_FAKE_CREDENTIALS, apiKey: 'nope' } }), ['x'], ctx()));
    expect(auth.kind).toBe('auth');
    fake.mode = 'error500';
    expect((await caught<CarrierError>(() => driver.track!(account(), ['x'], ctx()))).kind).toBe('unavailable');
    fake.mode = 'rateLimit';
    const limited = await caught<CarrierError>(() => driver.track!(account(), ['x'], ctx()));
    expect(limited.kind).toBe('unavailable');
    expect(limited.retryable).toBe(true);
  });

  it('asks the tracking address an account names instead of the shipping API’s origin', async () => {
    fake.tracking.set('n1', [event('2026-11-25T10:00:00', 'transit', 'In transit')]);
    const other = account({ endpoint: 'https://api-eu.dhl.com/parcel/de/shipping/v2', options: { trackingEndpoint: `${fake.url}/track/shipments/` } });
    expect(await driver.track!(other, ['n1'], ctx())).toHaveLength(1);
  });
});
