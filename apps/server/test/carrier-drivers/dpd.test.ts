import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError, type CarrierAccountConfig } from '../../src/modules/carriers/driver.js';
import { createDpdDriver } from '../../src/modules/carriers/drivers/dpd/index.js';
import { el, escapeXml, find, findAll, parseXml, textOf } from '../../src/modules/carriers/drivers/dpd/xml.js';
import { DPD_FAKE_CREDENTIALS, DPD_FAKE_DEPOT, startDpdFake, type DpdFake } from './fakes/dpd-fake.js';
import { CONSIGNEE_CH, CONSIGNEE_DE, baseRequest, caught, ctx, eventually, parcels } from './fixtures.js';

let fake: DpdFake;

function account(over: Partial<CarrierAccountConfig> = {}): CarrierAccountConfig {
  return { carrier: 'dpd', endpoint: `${fake.url}/services`, credentials: { ...DPD_FAKE_CREDENTIALS }, options: { messageLanguage: 'de_DE' }, ...over };
}

const shipmentCalls = () => fake.requests.filter((r) => r.path.endsWith('/ShipmentService/V3_3'));

beforeAll(async () => {
  fake = await startDpdFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
  fake.logins = 0;
  fake.sold.length = 0;
});

describe('DPD driver against the fake', () => {
  it('logs in, stores the order and answers the parcel label number and the PDF label', async () => {
    const driver = createDpdDriver();
    const result = await driver.buy({ account: account(), ...baseRequest('CL', { services: ['PREDICT'] }) }, ctx());
    const [p] = result.parcels;
    expect(p!.trackingNumber).toMatch(/^0163\d{10}$/);
    expect(p!.label.subarray(0, 4).toString()).toBe('%PDF');
    expect(p!.key).toBe('ord-1001-p1');

    const [loginCall, storeCall] = fake.requests;
    expect(loginCall!.path).toBe('/services/LoginService/V2_1');
    expect(loginCall!.body).toContain('<messageLanguage>de_DE</messageLanguage>');
    expect(storeCall!.headers.soapaction).toBe('"http://dpd.com/common/service/types/ShipmentService/3.3/storeOrders"');
    const xml = storeCall!.body;
    expect(xml).toContain('<printerLanguage>PDF</printerLanguage><paperFormat>A6</paperFormat>');
    expect(xml).toContain(`<sendingDepot>${DPD_FAKE_DEPOT}</sendingDepot><product>CL</product>`);
    expect(xml).toContain('<mpsCustomerReferenceNumber1>ORD-1001</mpsCustomerReferenceNumber1>');
    expect(xml).toContain('<weight>250</weight>'); // 2.5 kg in decagrams
    expect(xml).toContain('<volume>030020010</volume>');
    expect(xml).toContain('<recipient><name1>Erika Mustermann</name1><street>Heidestraße</street><houseNo>17</houseNo>');
    expect(xml).toContain('<predict><channel>1</channel><value>erika@example.com</value><language>DE</language></predict>');
  });

  it('asks for ZPL when the station prints on a thermal printer', async () => {
    const driver = createDpdDriver();
    const result = await driver.buy({ account: account(), ...baseRequest('CL', { format: 'zpl' }) }, ctx());
    expect(shipmentCalls()[0]!.body).toContain('<printerLanguage>ZPL</printerLanguage>');
    expect(result.parcels[0]!.label.toString().startsWith('^XA')).toBe(true);
  });

  it('buys each parcel of a multi-parcel order with its own label, logging in once', async () => {
    const driver = createDpdDriver();
    const result = await driver.buy({ account: account(), ...baseRequest('CL', { parcels: parcels(1, 2, 3) }) }, ctx());
    expect(fake.logins).toBe(1);
    expect(shipmentCalls()).toHaveLength(3);
    expect(result.parcels.map((p) => p.key)).toEqual(['ord-1001-p1', 'ord-1001-p2', 'ord-1001-p3']);
    expect(new Set(result.parcels.map((p) => p.trackingNumber)).size).toBe(3);
    expect(shipmentCalls()[1]!.body).toContain('<identificationNumber>ord-1001-p2</identificationNumber>');
  });

  it('maps a refused zip code to an address error with DPD’s words', async () => {
    const driver = createDpdDriver();
    const err = await caught<CarrierError>(() =>
      driver.buy({ account: account(), ...baseRequest('CL', { consignee: { ...CONSIGNEE_DE, zip: '5114' } }) }, ctx()),
    );
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.kind).toBe('address');
    expect(err.carrierMessage).toBe('COMMON_9: Zip code 5114 is not valid for country DE (recipient).');
    expect(err.retryable).toBe(false);
    expect(fake.sold).toHaveLength(0);
  });

  it('maps an overweight parcel to a weight error and missing customs data to a customs error', async () => {
    const driver = createDpdDriver();
    const heavy = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('CL', { parcels: parcels(32) }) }, ctx()));
    expect(heavy.kind).toBe('weight');
    expect(heavy.carrierMessage).toContain('exceeds the maximum weight of 31.5 kg');
    const noCustoms = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('CL', { consignee: CONSIGNEE_CH }) }, ctx()));
    expect(noCustoms.kind).toBe('customs');
  });

  it('sends customs data for a recipient outside the EU', async () => {
    const driver = createDpdDriver();
    await driver.buy(
      {
        account: account(),
        ...baseRequest('CL', {
          consignee: CONSIGNEE_CH,
          customs: {
            exportType: 'COMMERCIAL_GOODS',
            invoiceNo: 'RE-7',
            lines: [{ description: 'Shirt', quantity: 2, unitValueMinor: 2000, currency: 'EUR', weightKg: 0.2, hsCode: '610910', originCountry: 'PT' }],
          },
        }),
      },
      ctx(),
    );
    const xml = shipmentCalls()[0]!.body;
    expect(xml).toContain('<customsAmount>4000</customsAmount><customsCurrency>EUR</customsCurrency>');
    expect(xml).toContain('<customsInvoice>RE-7</customsInvoice>');
    expect(xml).toContain('<commercialInvoiceLine><customsTarif>610910</customsTarif><content>Shirt</content><grossWeight>40</grossWeight>');
    // A line's amount is its units' worth (2 × 20.00 EUR), the parcel's total the sum of its lines.
    expect(xml).toContain('<itemsNumber>2</itemsNumber><amountLine>4000</amountLine>');
  });

  it('maps a wrong password to an auth error that names no secret', async () => {
    const driver = createDpdDriver();
    const err = await caught<CarrierError>(() =>
      driver.buy({ account: account({ credentials: { delisId: 'KD0123', password: 'stolen-password' } }), ...baseRequest('CL') }, ctx()),
    );
    expect(err.kind).toBe('auth');
    expect(err.carrierMessage).toContain('Authentication failure');
    expect(`${err.message} ${err.carrierMessage}`).not.toContain('stolen-password');
    expect(shipmentCalls()).toHaveLength(0);
  });

  it('logs in again once when the token expired, and buys once', async () => {
    const driver = createDpdDriver();
    await driver.buy({ account: account(), ...baseRequest('CL') }, ctx());
    fake.validTokens.clear(); // DPD let the token expire
    const result = await driver.buy({ account: account(), ...baseRequest('CL') }, ctx());
    expect(result.parcels).toHaveLength(1);
    expect(fake.logins).toBe(2);
    expect(fake.sold).toHaveLength(2);
  });

  it('turns a late answer into an uncertain timeout, and 500/503 into unavailable', async () => {
    const driver = createDpdDriver();
    await driver.buy({ account: account(), ...baseRequest('CL') }, ctx()); // log in first
    fake.mode = 'slow';
    fake.slowMs = 1000;
    const late = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('CL') }, ctx(250)));
    expect(late.kind).toBe('timeout');
    expect(late.uncertain).toBe(true);
    await eventually(() => fake.sold.length === 2); // DPD stored the order after the driver gave up
    fake.mode = 'error500';
    const e500 = await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('CL') }, ctx()));
    expect(e500.kind).toBe('unavailable');
    expect(e500.retryable).toBe(true);
    fake.mode = 'unavailable503';
    expect((await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('CL') }, ctx()))).kind).toBe('unavailable');
  });

  it('stores exactly one order when a call refused with 500 is repeated', async () => {
    const driver = createDpdDriver();
    fake.mode = 'error500';
    await caught(() => driver.buy({ account: account(), ...baseRequest('CL') }, ctx()));
    fake.mode = 'ok';
    await driver.buy({ account: account(), ...baseRequest('CL') }, ctx());
    expect(fake.sold).toHaveLength(1);
  });

  it('voids without a call (DPD cannot cancel; unused labels are not billed)', async () => {
    const driver = createDpdDriver();
    const p = (await driver.buy({ account: account(), ...baseRequest('CL') }, ctx())).parcels[0]!;
    const before = fake.requests.length;
    await expect(driver.void(account(), p, ctx())).resolves.toBeUndefined();
    expect(fake.requests).toHaveLength(before);
  });

  it('escapes names with XML characters', async () => {
    const driver = createDpdDriver();
    await driver.buy({ account: account(), ...baseRequest('CL', { consignee: { ...CONSIGNEE_DE, name1: 'Müller & Söhne <GmbH>' } }) }, ctx());
    expect(shipmentCalls()[0]!.body).toContain('<name1>Müller &amp; Söhne &lt;GmbH&gt;</name1>');
  });

  it('refuses Predict without an e-mail or phone, and unknown services, before calling DPD', async () => {
    const driver = createDpdDriver();
    const noContact = { ...CONSIGNEE_DE, email: undefined, phone: undefined };
    expect(
      (await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('CL', { services: ['PREDICT'], consignee: noContact }) }, ctx()))).kind,
    ).toBe('service');
    expect((await caught<CarrierError>(() => driver.buy({ account: account(), ...baseRequest('CL', { services: ['SATURDAY_DELIVERY'] }) }, ctx()))).kind).toBe(
      'service',
    );
    expect(shipmentCalls()).toHaveLength(0);
  });
});

describe('DPD tracking', () => {
  it('reads the reached status entries of a parcel', async () => {
    const driver = createDpdDriver();
    const p = (await driver.buy({ account: account(), ...baseRequest('CL') }, ctx())).parcels[0]!;
    const events = await driver.track!(account(), [p.trackingNumber, '01639999999999'], ctx());
    expect(events).toEqual([
      {
        trackingNumber: p.trackingNumber,
        at: '2026-11-24T15:57:33',
        kind: 'in_transit',
        carrierCode: 'PickedUp',
        text: 'DPD has received your parcel.',
        location: 'Köln (DE)',
      },
      {
        trackingNumber: p.trackingNumber,
        at: '2026-11-25T08:15:00',
        kind: 'in_delivery',
        carrierCode: 'Courier',
        text: 'The parcel is on its way to the consignee.',
        location: 'Köln (DE)',
      },
    ]);
    const trackCall = fake.requests.find((r) => r.path.endsWith('/ParcelLifeCycleService/V2_0'))!;
    expect(trackCall.headers.soapaction).toBe('"http://dpd.com/common/service/types/ParcelLifeCycleService/2.0/getTrackingData"');
  });
});

describe('DPD XML helpers', () => {
  it('writes elements in order, leaving out empty ones', () => {
    expect(
      el([
        ['a', 'x&y'],
        ['b', undefined],
        ['c', [['d', 1]]],
        ['e', []],
      ]),
    ).toBe('<a>x&amp;y</a><c><d>1</d></c>');
    expect(escapeXml(`"it's"`)).toBe('&quot;it&apos;s&quot;');
  });

  it('reads namespaced answers, CDATA and entities', () => {
    const doc = parseXml(
      '<?xml version="1.0"?><soap:Envelope xmlns:soap="x"><soap:Body><r:res xmlns:r="y"><!-- note --><a>1 &amp; 2</a><a><![CDATA[<b>]]></a><c/><d attr="v">&#228;</d></r:res></soap:Body></soap:Envelope>',
    );
    expect(find(doc, 'res')?.name).toBe('res');
    expect(findAll(doc, 'a').map((n) => n.text)).toEqual(['1 & 2', '<b>']);
    expect(textOf(doc, 'd')).toBe('ä');
    expect(find(doc, 'c')?.children).toEqual([]);
    expect(textOf(parseXml('<a><b>unclosed'), 'b')).toBe('unclosed');
  });
});
