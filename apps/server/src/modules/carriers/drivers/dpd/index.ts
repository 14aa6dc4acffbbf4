/**
 * DPD's shipping web service (SOAP 1.1), issue 17 item 2.
 *
 * - LoginService 2.1 `getAuth` (delisId, password, messageLanguage) answers an `authToken` and the
 *   account's depot. The token is kept per account until `authTokenExpires` (DPD: about a day) and
 *   shared by concurrent calls; when the ShipmentService answers an authentication fault (an expired or
 *   revoked token) the driver logs in again once and repeats the call.
 * - ShipmentService 3.3 `storeOrders` with the token in the SOAP header, `printOptions` (PDF or ZPL on
 *   A6) and one `order` per parcel: `generalShipmentData` (sending depot, product, sender, recipient,
 *   `mpsCustomerReferenceNumber1` = the order's reference, `identificationNumber` = the parcel key),
 *   `parcels` (weight in decagrams, volume LLLWWWHHH in cm, customs for destinations outside the EU) and
 *   `productAndServiceData` (orderType consignment, predict, Saturday delivery). DPD answers one merged
 *   label document per call (`orderResult.parcellabelsPDF`), so each parcel is its own call and gets
 *   exactly its own label; the tracking number is `parcelInformation.parcelLabelNumber`.
 * - Refusals come as `faults` (faultCode, message) inside `shipmentResponses`, or as a SOAP Fault with
 *   `detail` (errorCode, errorMessage). The web service has no cancellation: a DPD label that is never
 *   handed over is not billed, so `void` records nothing at DPD and succeeds.
 * - Tracking: ParcelLifeCycleService 2.0 `getTrackingData` per parcel label number (the reached
 *   `statusInfo` entries). No `lookup`: the web service cannot search by reference.
 */
import {
  CarrierError,
  type BoughtParcel,
  type CarrierAccountConfig,
  type CarrierDriver,
  type CarrierProductDef,
  type DriverContext,
  type LabelRequest,
  type LabelResult,
  type ParcelSpec,
  type TrackingEvent,
} from '../../driver.js';
import { httpCall } from '../../driver-http.js';
import { faultError, faultOf, statusError } from './faults.js';
import { language, orderXml } from './order.js';
import { trackingEvents } from './tracking.js';
import { el, find, parseXml, textOf, type XmlNode } from './xml.js';

export { kindOfFault } from './faults.js';
export { dpdTime, trackKind } from './tracking.js';

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const LOGIN_NS = 'http://dpd.com/common/service/types/LoginService/2.1';
const AUTH_NS = 'http://dpd.com/common/service/types/Authentication/2.0';
const SHIPMENT_NS = 'http://dpd.com/common/service/types/ShipmentService/3.3';
const TRACKING_NS = 'http://dpd.com/common/service/types/ParcelLifeCycleService/2.0';

export const DPD_PRODUCTS: CarrierProductDef[] = [
  { code: 'CL', name: 'DPD Classic', maxWeightKg: 31.5, zones: ['domestic', 'eu', 'world'], services: ['PREDICT'], returnProduct: 'CL' },
  { code: 'E10', name: 'DPD Express 10:00', maxWeightKg: 31.5, zones: ['domestic', 'eu'], services: ['PREDICT', 'SATURDAY_DELIVERY'] },
  { code: 'E12', name: 'DPD Express 12:00', maxWeightKg: 31.5, zones: ['domestic', 'eu'], services: ['PREDICT', 'SATURDAY_DELIVERY'] },
  { code: 'E18', name: 'DPD Express 18:00', maxWeightKg: 31.5, zones: ['domestic', 'eu'], services: ['PREDICT'] },
  { code: 'IE2', name: 'DPD Express International', maxWeightKg: 31.5, zones: ['eu', 'world'], services: ['PREDICT'] },
];

interface Token {
  value: string;
  depot: string;
  expiresAt: number;
}

function soap(header: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:ns="${AUTH_NS}" xmlns:log="${LOGIN_NS}" xmlns:ship="${SHIPMENT_NS}" xmlns:track="${TRACKING_NS}">` +
    `<soapenv:Header>${header}</soapenv:Header><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

export function createDpdDriver(): CarrierDriver {
  const tokens = new Map<string, Token>();
  const pending = new Map<string, Promise<Token>>();

  const base = (account: CarrierAccountConfig) => account.endpoint.replace(/\/+$/, '');
  const cacheKey = (account: CarrierAccountConfig) => `${base(account)}|${account.credentials.delisId ?? ''}`;

  async function login(account: CarrierAccountConfig, ctx: DriverContext): Promise<Token> {
    const { delisId, password } = account.credentials;
    if (!delisId || !password) throw new CarrierError('auth', 'DPD: the account has no delis id or password');
    const body = soap(
      '',
      `<log:getAuth>${el([
        ['delisId', delisId],
        ['password', password],
        ['messageLanguage', language(account)],
      ])}</log:getAuth>`,
    );
    const res = await httpCall(
      'DPD',
      ctx,
      `${base(account)}/LoginService/V2_1`,
      { method: 'POST', headers: { 'content-type': 'text/xml; charset=UTF-8', soapaction: `"${LOGIN_NS}/getAuth"` }, body },
      { mayHaveActed: false },
    );
    const doc = parseXml(res.text);
    const fault = faultOf(doc);
    if (fault) {
      const err = faultError(fault, res.status);
      // A refused login is a credentials problem whatever words DPD chose.
      throw err.kind === 'auth' ? err : new CarrierError('auth', err.carrierMessage, { httpStatus: res.status });
    }
    if (res.status !== 200) throw statusError(res.status);
    const ret = find(doc, 'return');
    const value = textOf(ret, 'authToken');
    if (!value) throw new CarrierError('unavailable', 'DPD: the login answered no token', { httpStatus: res.status });
    const expires = Date.parse(textOf(ret, 'authTokenExpires'));
    return {
      value,
      depot: textOf(ret, 'depot'),
      expiresAt: Number.isFinite(expires) ? expires - 5 * 60_000 : Date.now() + 20 * 3600_000,
    };
  }

  async function token(account: CarrierAccountConfig, ctx: DriverContext): Promise<Token> {
    const key = cacheKey(account);
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    let p = pending.get(key);
    if (!p) {
      p = login(account, ctx).finally(() => pending.delete(key));
      pending.set(key, p);
    }
    const t = await p;
    tokens.set(key, t);
    return t;
  }

  /**
   * One SOAP call with the account's token in the header. An authentication fault (expired or revoked
   * token) drops the token, logs in again and repeats the call once: DPD refused it before acting.
   */
  async function authedCall(
    account: CarrierAccountConfig,
    ctx: DriverContext,
    service: string,
    action: string,
    bodyOf: (token: Token) => string,
    mayHaveActed: boolean,
  ): Promise<{ doc: XmlNode; status: number }> {
    for (let attempt = 0; ; attempt++) {
      const t = await token(account, ctx);
      const header = `<ns:authentication>${el([
        ['delisId', account.credentials.delisId],
        ['authToken', t.value],
        ['messageLanguage', language(account)],
      ])}</ns:authentication>`;
      const res = await httpCall(
        'DPD',
        ctx,
        `${base(account)}/${service}`,
        { method: 'POST', headers: { 'content-type': 'text/xml; charset=UTF-8', soapaction: `"${action}"` }, body: soap(header, bodyOf(t)) },
        { mayHaveActed },
      );
      const doc = parseXml(res.text);
      const fault = faultOf(doc);
      if (fault?.authentication && attempt === 0) {
        tokens.delete(cacheKey(account));
        continue;
      }
      if (fault) throw faultError(fault, res.status);
      if (res.status !== 200) throw statusError(res.status);
      return { doc, status: res.status };
    }
  }

  async function storeOrder(request: LabelRequest, parcel: ParcelSpec, ctx: DriverContext): Promise<BoughtParcel> {
    const { doc, status } = await authedCall(
      request.account,
      ctx,
      'ShipmentService/V3_3',
      `${SHIPMENT_NS}/storeOrders`,
      (t) =>
        `<ship:storeOrders>${el([
          [
            'printOptions',
            [
              ['printerLanguage', request.format === 'zpl' ? 'ZPL' : 'PDF'],
              ['paperFormat', 'A6'],
            ],
          ],
        ])}${orderXml(request, parcel, t.depot)}</ship:storeOrders>`,
      true,
    );
    const result = find(doc, 'orderResult');
    const label = textOf(result, 'parcellabelsPDF');
    const trackingNumber = textOf(find(result, 'parcelInformation'), 'parcelLabelNumber');
    if (!label || !trackingNumber) {
      throw new CarrierError('refused', 'DPD answered no parcel label number or no label', { uncertain: true, httpStatus: status });
    }
    return {
      key: parcel.key,
      trackingNumber,
      carrierRef: textOf(result, 'mpsId') || trackingNumber,
      label: Buffer.from(label.replace(/\s+/g, ''), 'base64'),
      format: request.format,
    };
  }

  return {
    code: 'dpd',
    products: DPD_PRODUCTS,
    credentialFields: ['delisId', 'password'],
    optionFields: ['sendingDepot', 'messageLanguage'],
    defaultEndpoint: 'https://public-ws.dpd.com/services',
    // DPD's Shipping Service transmits each parcel's data with storeOrders; it has no end-of-day
    // manifest or close-out call (Karrio's DPD connector has none either): documents only.
    endOfDay: 'none',

    async buy(request: LabelRequest, ctx: DriverContext): Promise<LabelResult> {
      if (request.parcels.length === 0) throw new CarrierError('refused', 'DPD: no parcel to label');
      const product = DPD_PRODUCTS.find((p) => p.code === request.product);
      if (!product) throw new CarrierError('service', `DPD: unknown product ${request.product}`, { field: 'product' });
      for (const s of request.services) {
        if (!product.services.includes(s)) throw new CarrierError('service', `DPD: service ${s} is not offered with ${product.name}`, { field: 'services' });
      }
      const parcels: BoughtParcel[] = [];
      for (const parcel of request.parcels) parcels.push(await storeOrder(request, parcel, ctx));
      return { parcels };
    },

    /** DPD's web service cannot cancel a stored order; a label never handed over is not billed. */
    async void(): Promise<void> {},

    async track(account, trackingNumbers, ctx): Promise<TrackingEvent[]> {
      const events: TrackingEvent[] = [];
      for (const number of trackingNumbers) {
        const { doc } = await authedCall(
          account,
          ctx,
          'ParcelLifeCycleService/V2_0',
          `${TRACKING_NS}/getTrackingData`,
          () => `<track:getTrackingData>${el([['parcelLabelNumber', number]])}</track:getTrackingData>`,
          false,
        );
        events.push(...trackingEvents(doc, number));
      }
      return events;
    },
  };
}

export const dpdDriver = createDpdDriver();
