import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError, type CarrierAccountConfig } from '../../src/modules/carriers/driver.js';
import { createUpsDriver, parseTrackAlert } from '../../src/modules/carriers/drivers/ups/index.js';
import { pngToPdf } from '../../src/modules/carriers/drivers/ups/png-pdf.js';
import { makePng } from './fakes/png.js';
import { UPS_FAKE_CREDENTIALS, UPS_FAKE_SHIPPER, startUpsFake, type UpsFake } from './fakes/ups-fake.js';
import { CONSIGNEE_CH, CONSIGNEE_DE, baseRequest, caught, ctx, eventually, parcels } from './fixtures.js';

let fake: UpsFake;

function account(over: Partial<CarrierAccountConfig> = {}): CarrierAccountConfig {
  return { carrier: 'ups', endpoint: fake.url, credentials: { ...UPS_FAKE_CREDENTIALS }, options: { shipperNumber: UPS_FAKE_SHIPPER }, ...over };
}

beforeAll(async () => {
  fake = await startUpsFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.forceGif = false;
  fake.requests.length = 0;
  fake.tokenRequests = 0;
});

describe('UPS driver against the fake', () => {
  it('fetches a token with client credentials, ships, and wraps the PNG label in a PDF', async () => {
    const driver = createUpsDriver();
    const result = await driver.buy({ account: account(), ...baseRequest('11') }, ctx());
    const [p] = result.parcels;
    expect(p!.trackingNumber).toMatch(/^1Z/);
    expect(p!.carrierRef).toBe(p!.trackingNumber);
    expect(p!.label.subarray(0, 4).toString()).toBe('%PDF');
    expect(p!.label.toString('latin1')).toContain('/MediaBox [0 0 283.46 425.2]');
    expect(p!.costMinor).toBe(1235);
    expect(p!.currency).toBe('EUR');

    const [tokenCall, shipCall] = fake.requests;
    expect(tokenCall!.path).toBe('/security/v1/oauth/token');
    expect(tokenCall!.body).toBe('grant_type=client_credentials');
    expect(shipCall!.path).toBe('/api/shipments/v2409/ship');
    expect(shipCall!.headers.authorization).toMatch(/^Bearer /);
    const shipment = JSON.parse(shipCall!.body).ShipmentRequest.Shipment;
    expect(shipment).toMatchObject({
      Shipper: { ShipperNumber: UPS_FAKE_SHIPPER, Address: { AddressLine: ['Lagerstraße 12'], PostalCode: '53113', CountryCode: 'DE' } },
      ShipTo: { Name: 'Erika Mustermann', Address: { City: 'Köln', CountryCode: 'DE' } },
      PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: UPS_FAKE_SHIPPER } }] },
      Service: { Code: '11' },
      Package: [{ Packaging: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '2.5' } }],
    });
    expect(JSON.parse(shipCall!.body).ShipmentRequest.LabelSpecification.LabelImageFormat.Code).toBe('PNG');
  });

  it('asks for ZPL on a 4 × 6 stock for thermal printers', async () => {
    const driver = createUpsDriver();
    const result = await driver.buy({ account: account(), ...baseRequest('65', { format: 'zpl' }) }, ctx());
    expect(result.parcels[0]!.label.toString().startsWith('^XA')).toBe(true);
    const spec = JSON.parse(fake.requests[1]!.body).ShipmentRequest.LabelSpecification;
    expect(spec).toMatchObject({ LabelImageFormat: { Code: 'ZPL' }, LabelStockSize: { Height: '6', Width: '4' } });
  });

  it('fetches the token once and reuses it, also for concurrent calls', async () => {
    const driver = createUpsDriver();
    await Promise.all([1, 2, 3, 4].map(() => driver.buy({ account: account(), ...baseRequest('11') }, ctx())));
    await driver.buy({ account: account(), ...baseRequest('11') }, ctx());
    expect(fake.tokenRequests).toBe(1);
    expect(fake.requests.filter((r) => r.path.endsWith('/ship'))).toHaveLength(5);
  });

  it('fetches a new token once when UPS answers 401 to an expired one', async () => {
    const driver = createUpsDriver();
    await driver.buy({ account: account(), ...baseRequest('11') }, ctx());
    fake.validTokens.clear(); // the token expired at UPS
    const result = await driver.buy({ account: account(), ...baseRequest('11') }, ctx());
    expect(result.parcels).toHaveLength(1);
    expect(fake.tokenRequests).toBe(2);
    // one refused attempt, one bought: nothing was bought twice
    expect(fake.requests.filter((r) => r.path.endsWith('/ship'))).toHaveLength(3);
    expect(fake.shipments.size).toBeGreaterThanOrEqual(2);
  });

  it('buys a multi-package shipment in one request', async () => {
    const driver = createUpsDriver();
    const result = await driver.buy({ account: account(), ...baseRequest('11', { parcels: parcels(1, 2, 3) }) }, ctx());
    expect(fake.requests.filter((r) => r.path.endsWith('/ship'))).toHaveLength(1);
    expect(result.parcels.map((p) => p.key)).toEqual(['ord-1001-p1', 'ord-1001-p2', 'ord-1001-p3']);
    expect(new Set(result.parcels.map((p) => p.trackingNumber)).size).toBe(3);
    expect(new Set(result.parcels.map((p) => p.carrierRef)).size).toBe(1);
    expect(result.parcels.reduce((s, p) => s + (p.costMinor ?? 0), 0)).toBe(3705);
    expect(result.parcels.every((p) => p.label.subarray(0, 4).toString() === '%PDF')).toBe(true);
  });

  it('maps a refused postal code to an address error with UPS’s words', async () => {
    const driver = createUpsDriver();
    const err = await caught<CarrierError>(() =>
      driver.buy({ account: account(), ...baseRequest('11', { consignee: { ...CONSIGNEE_DE, zip: '511' } }) }, ctx()),
    );
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.kind).toBe('address');
    expect(err.carrierMessage).toContain('Missing or invalid ship to postal code');
    expect(err.options.httpStatus).toBe(400);
    expect(err.retryable).toBe(false);
  });

  it('maps an overweight package to a weight error and missing forms to a customs error', async () => {
    const driver = createUpsDriver();
    const heavy = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('11', { parcels: parcels(71) }) }, ctx()));
    expect(heavy.kind).toBe('weight');
    expect(heavy.carrierMessage).toContain('70 KGS');
    const noForms = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('65', { consignee: CONSIGNEE_CH }) }, ctx()));
    expect(noForms.kind).toBe('customs');
  });

  it('sends International Forms for a destination outside the EU', async () => {
    const driver = createUpsDriver();
    await driver.buy(
      {
        account: account(),
        ...baseRequest('65', {
          consignee: CONSIGNEE_CH,
          customs: {
            exportType: 'COMMERCIAL_GOODS',
            invoiceNo: 'RE-1',
            lines: [{ description: 'Shirt', quantity: 2, unitValueMinor: 2000, currency: 'EUR', weightKg: 0.2, hsCode: '610910', originCountry: 'PT' }],
          },
        }),
      },
      ctx(),
    );
    const forms = JSON.parse(fake.requests[1]!.body).ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms;
    expect(forms).toMatchObject({ FormType: '01', InvoiceNumber: 'RE-1', ReasonForExport: 'SALE', CurrencyCode: 'EUR' });
    expect(forms.Product[0]).toMatchObject({ Description: 'Shirt', Unit: { Number: '2', Value: '20.00' }, CommodityCode: '610910', OriginCountryCode: 'PT' });
  });

  it('maps a refused client secret to an auth error that names no secret', async () => {
    const driver = createUpsDriver();
    const err = await caught<CarrierError>(() =>
      driver.buy(
        { account: account({ credentials: { clientId: UPS_FAKE_CREDENTIALS.clientId, clientSecret: 'revoked-secret' } }), ...baseRequest('11') },
        ctx(),
      ),
    );
    expect(err.kind).toBe('auth');
    expect(err.carrierMessage).toContain('ClientId is Invalid');
    expect(`${err.message} ${err.carrierMessage}`).not.toMatch(/revoked-secret|kontor-client/);
    expect(fake.requests.some((r) => r.path.endsWith('/ship'))).toBe(false);
  });

  it('turns a late answer into an uncertain timeout and a 500 into unavailable', async () => {
    const driver = createUpsDriver();
    await driver.buy({ account: account(), ...baseRequest('11') }, ctx()); // token first, so only the ship call is late
    const before = fake.shipments.size;
    fake.mode = 'slow';
    fake.slowMs = 1000;
    const late = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('11') }, ctx(250)));
    expect(late.kind).toBe('timeout');
    expect(late.uncertain).toBe(true);
    await eventually(() => fake.shipments.size === before + 1); // UPS sold it after the driver gave up
    fake.mode = 'error500';
    const down = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('11') }, ctx()));
    expect(down.kind).toBe('unavailable');
    expect(down.retryable).toBe(true);
    expect(down.carrierMessage).toContain('The system is unavailable');
  });

  it('buys exactly one shipment when a call refused with 500 is repeated', async () => {
    const driver = createUpsDriver();
    const before = fake.shipments.size;
    fake.mode = 'error500';
    await caught(() => driver.buy({ account: account(), ...baseRequest('11') }, ctx()));
    fake.mode = 'ok';
    await driver.buy({ account: account(), ...baseRequest('11') }, ctx());
    expect(fake.shipments.size).toBe(before + 1);
  });

  it('voids a label it cannot turn into a PDF and says so', async () => {
    const driver = createUpsDriver();
    fake.forceGif = true;
    const err = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('11') }, ctx()));
    expect(err.kind).toBe('refused');
    expect(err.carrierMessage).toContain('GIF');
    expect(err.uncertain).toBe(false);
    const voidCall = fake.requests.at(-1)!;
    expect(voidCall.method).toBe('DELETE');
    expect(fake.voided.has(decodeURIComponent(voidCall.path.split('/').at(-1)!))).toBe(true);
  });

  it('voids a single label and one package of a multi-package shipment; a second void succeeds', async () => {
    const driver = createUpsDriver();
    const single = (await driver.buy({ account: account(), ...baseRequest('11') }, ctx())).parcels[0]!;
    await driver.void(account(), single, ctx());
    expect(fake.voided.has(single.trackingNumber)).toBe(true);
    expect(fake.requests.at(-1)!.path).toBe(`/api/shipments/v2409/void/cancel/${single.trackingNumber}`);
    await expect(driver.void(account(), single, ctx())).resolves.toBeUndefined();

    const multi = (await driver.buy({ account: account(), ...baseRequest('11', { parcels: parcels(1, 2) }) }, ctx())).parcels;
    await driver.void(account(), multi[1]!, ctx());
    expect(fake.requests.at(-1)!.query.get('trackingnumber')).toBe(multi[1]!.trackingNumber);
    expect(fake.voided.has(multi[1]!.trackingNumber)).toBe(true);
    expect(fake.voided.has(multi[0]!.trackingNumber)).toBe(false);
  });

  it('reads tracking events and maps them to Kontor’s kinds', async () => {
    const driver = createUpsDriver();
    const bought = (await driver.buy({ account: account(), ...baseRequest('11') }, ctx())).parcels[0]!;
    const events = await driver.track!(account(), [bought.trackingNumber, '1Z0000000000000000'], ctx());
    expect(events.map((e) => e.kind)).toEqual(['delivered', 'in_delivery', 'info']);
    expect(events[0]).toMatchObject({ trackingNumber: bought.trackingNumber, at: '2026-11-25T14:30:00', location: 'KOELN, DE' });
  });
});

describe('UPS Track Alert subscription', () => {
  const destination = { url: 'https://kontor.example/v0/carriers/webhooks/ups', credential: 'track-alert-secret' };

  it('subscribes bought numbers with the webhook address and credential, and names the numbers UPS refused', async () => {
    const driver = createUpsDriver();
    const bought = (await driver.buy({ account: account(), ...baseRequest('11', { parcels: parcels(1, 2) }) }, ctx())).parcels;
    const numbers = bought.map((p) => p.trackingNumber);
    const result = await driver.subscribe!(account(), [...numbers, '1Z0000000000000000'], destination, ctx());
    expect(result).toEqual({ subscribed: numbers, refused: ['1Z0000000000000000'] });
    const call = fake.requests.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/api/track/v1/subscription/standard/package');
    expect(call.headers.authorization).toMatch(/^Bearer /);
    expect(JSON.parse(call.body)).toMatchObject({
      locale: 'en_US',
      trackingNumberList: [...numbers, '1Z0000000000000000'],
      destination: { url: destination.url, credentialType: 'Bearer', credential: destination.credential },
    });
    expect(fake.subscriptions.get(numbers[0]!)).toEqual(destination);
  });

  it('sends at most 100 numbers per request', async () => {
    const numbers = Array.from({ length: 150 }, (_, i) => `1ZTA${String(i).padStart(14, '0')}`);
    for (const n of numbers) fake.trackable.add(n);
    const result = await createUpsDriver().subscribe!(account(), numbers, destination, ctx());
    expect(result.subscribed).toHaveLength(150);
    const calls = fake.requests.filter((r) => r.path === '/api/track/v1/subscription/standard/package');
    expect(calls.map((c) => JSON.parse(c.body).trackingNumberList.length)).toEqual([100, 50]);
  });

  it('answers an unavailable UPS as a retryable error', async () => {
    const driver = createUpsDriver();
    await driver.subscribe!(account(), ['1Z0000000000000001'], destination, ctx()); // the token first
    fake.mode = 'error500';
    const err = await caught<CarrierError>(() => driver.subscribe!(account(), ['1Z0000000000000001'], destination, ctx()));
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.kind).toBe('unavailable');
    expect(err.retryable).toBe(true);
  });
});

describe('PNG label to PDF', () => {
  it('embeds gray PNG data as is and turns a landscape label upright', () => {
    const png = makePng(60, 40, 0, true);
    const pdf = pngToPdf(png).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('/Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns 60');
    expect(pdf).toMatch(/q 0 [\d.]+ -[\d.]+ 0 [\d.]+ [\d.]+ cm \/Im1 Do Q/);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('drops the alpha channel of an RGBA PNG, undoing its row filters', () => {
    const pdf = pngToPdf(makePng(8, 12, 6, true));
    const text = pdf.toString('latin1');
    expect(text).toContain('/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode');
    const start = text.indexOf('stream\n', text.indexOf('/Subtype /Image')) + 7;
    const end = text.indexOf('\nendstream', start);
    const pixels = inflateSync(pdf.subarray(start, end));
    expect(pixels).toHaveLength(8 * 12 * 3);
    // stripes of four pixels: black, then white
    expect([...pixels.subarray(0, 3)]).toEqual([0, 0, 0]);
    expect([...pixels.subarray(12, 15)]).toEqual([255, 255, 255]);
  });
});

describe('UPS Track Alert messages (webhook)', () => {
  const message = (type: string, code: string, description: string) => ({
    trackingNumber: '1Z204W4R0308071865',
    localActivityDate: '20240423',
    localActivityTime: '091519',
    activityLocation: { city: 'Charlotte', stateProvince: 'NC', postalCode: '', country: 'US' },
    activityStatus: { type, code, description, descriptionCode: '021' },
    gmtActivityDate: '20240423',
    gmtActivityTime: '131519',
  });

  it('reads one event per message as the tracking call reads it, and declares the credential header', () => {
    const driver = createUpsDriver();
    expect(driver.webhook).toMatchObject({ scheme: 'credential', header: 'credential' });
    expect(driver.credentialFields).toContain('webhookSecret');
    expect(parseTrackAlert(message('I', 'OT', 'Out for Delivery'))).toEqual([
      {
        trackingNumber: '1Z204W4R0308071865',
        at: '2024-04-23T09:15:19',
        kind: 'in_delivery',
        carrierCode: 'OT',
        text: 'Out for Delivery',
        location: 'Charlotte, US',
      },
    ]);
    // Type D is delivery information: loaded on the vehicle is not yet delivered.
    expect(parseTrackAlert(message('D', 'OF', 'Loaded on Delivery Vehicle'))[0]!.kind).toBe('in_delivery');
    expect(parseTrackAlert(message('D', 'FS', 'Delivered'))[0]!.kind).toBe('delivered');
    expect(parseTrackAlert(message('M', 'MP', 'Shipment Ready for UPS'))[0]!.kind).toBe('info');
    expect(parseTrackAlert(message('X', 'X1', 'The address is incorrect'))[0]!.kind).toBe('exception');
    expect(parseTrackAlert({ trackingNumber: '1Z', localActivityDate: '' })).toEqual([]);
    expect(parseTrackAlert(null)).toEqual([]);
  });
});
