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
  type CarrierAddress,
  type CarrierDriver,
  type CarrierErrorKind,
  type CarrierProductDef,
  type CustomsData,
  type DriverContext,
  type LabelRequest,
  type LabelResult,
  type ParcelSpec,
  type TrackingEvent,
} from '../../driver.js';
import { httpCall } from '../../driver-http.js';
import { el, find, findAll, parseXml, textOf, type XmlChild, type XmlNode } from './xml.js';

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

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MC MT NL PL PT RO SE SI SK'.split(' '));

interface Token {
  value: string;
  depot: string;
  expiresAt: number;
}

/** A DPD refusal read from an answer: its code, the carrier's message, and whether it is about the login. */
interface DpdFault {
  code: string;
  message: string;
  authentication: boolean;
}

function soap(header: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:ns="${AUTH_NS}" xmlns:log="${LOGIN_NS}" xmlns:ship="${SHIPMENT_NS}" xmlns:track="${TRACKING_NS}">` +
    `<soapenv:Header>${header}</soapenv:Header><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

function address(a: CarrierAddress): XmlChild[] {
  return [
    ['name1', a.name1.slice(0, 50)],
    ['name2', a.name2?.slice(0, 35)],
    ['street', a.street.slice(0, 50)],
    ['houseNo', a.streetNumber.slice(0, 8)],
    ['street2', a.addition?.slice(0, 35)],
    ['country', a.country.toUpperCase()],
    ['zipCode', a.zip.replace(/\s+/g, '')],
    ['city', a.city.slice(0, 50)],
    ['phone', a.phone?.slice(0, 30)],
    ['email', a.email?.slice(0, 100)],
  ];
}

function volume(p: ParcelSpec): string | undefined {
  if (!p.lengthCm || !p.widthCm || !p.heightCm) return undefined;
  const d = (n: number) => String(Math.min(999, Math.ceil(n))).padStart(3, '0');
  return `${d(p.lengthCm)}${d(p.widthCm)}${d(p.heightCm)}`;
}

/** Decagrams, DPD's unit of parcel weight (3 kg = 300). */
function dag(kg: number): number {
  return Math.max(1, Math.round(kg * 100));
}

function international(customs: CustomsData, consignee: CarrierAddress): XmlChild[] {
  const total = customs.lines.reduce((s, l) => s + l.unitValueMinor * l.quantity, 0);
  const currency = customs.lines[0]?.currency ?? 'EUR';
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return [
    ['parcelType', 'false'],
    ['customsAmount', total],
    ['customsCurrency', currency],
    ['customsAmountEx', total],
    ['customsCurrencyEx', currency],
    ['clearanceCleared', 'N'],
    ['prealertStatus', 'S03'],
    ['exportReason', customs.exportType === 'RETURN_OF_GOODS' ? '03' : customs.exportType === 'GIFT' ? '02' : '01'],
    ['customsTerms', '06'],
    [
      'customsContent',
      customs.lines
        .map((l) => l.description)
        .join(', ')
        .slice(0, 35),
    ],
    ['customsPaper', 'A'],
    ['customsInvoice', customs.invoiceNo],
    ['customsInvoiceDate', today],
    ['commercialInvoiceConsignee', address(consignee)],
    ...customs.lines.map((l, i): XmlChild => [
      'commercialInvoiceLine',
      [
        ['customsTarif', l.hsCode],
        ['content', l.description.slice(0, 200)],
        ['grossWeight', dag(l.weightKg * l.quantity)],
        ['itemsNumber', l.quantity],
        ['amountLine', l.unitValueMinor * l.quantity],
        ['customsOrigin', l.originCountry.toUpperCase()],
        ['invoicePosition', i + 1],
      ],
    ]),
  ];
}

function faultOf(doc: XmlNode): DpdFault | undefined {
  const fault = find(doc, 'Fault');
  if (fault) {
    const detail = find(fault, 'detail');
    const authNode = find(detail, 'authenticationFault');
    const code = textOf(detail, 'errorCode') || textOf(fault, 'faultcode');
    const message = textOf(detail, 'errorMessage') || textOf(fault, 'faultstring') || 'DPD refused the request';
    return { code, message, authentication: !!authNode || /^LOGIN_|AUTHENTICATION/i.test(code) };
  }
  const faults = findAll(doc, 'faults');
  const first = faults[0];
  if (!first) return undefined;
  return {
    code: textOf(first, 'faultCode'),
    message:
      faults
        .map((f) => textOf(f, 'message'))
        .filter(Boolean)
        .join('; ') || 'DPD refused the order',
    authentication: false,
  };
}

export function kindOfFault(code: string, message: string): CarrierErrorKind {
  const text = `${code} ${message}`.toLowerCase();
  if (/customs|zoll|invoice|rechnung|commercial|tarif/.test(text)) return 'customs';
  if (/weight|gewicht/.test(text)) return 'weight';
  if (/volume|dimension|größe|length/.test(text)) return 'dimensions';
  if (/zip|post ?code|postal|plz|postleitzahl|city|ort\b|street|straße|strasse|address|adresse|country|land\b|recipient|empfänger/.test(text)) {
    return 'address';
  }
  if (/product|produkt|service|depot|predict/.test(text)) return 'service';
  return 'refused';
}

function faultError(fault: DpdFault, httpStatus: number): CarrierError {
  const text = fault.code ? `${fault.code}: ${fault.message}` : fault.message;
  if (fault.authentication) return new CarrierError('auth', text, { httpStatus });
  return new CarrierError(kindOfFault(fault.code, fault.message), text, { httpStatus });
}

/** DPD's tracking statuses as Kontor's event kinds. */
export function trackKind(status: string): TrackingEvent['kind'] {
  if (status === 'Delivered') return 'delivered';
  if (status === 'Courier' || status === 'ParcelShop') return 'in_delivery';
  if (status === 'DeliveryFailure' || status === 'Problem') return 'exception';
  if (/^Return(ed)?$|BackToSender/i.test(status)) return 'returned';
  if (['PickedUp', 'Accepted', 'AtSendingDepot', 'BetweenDepots', 'Depot', 'OnTheRoad', 'AtDeliveryDepot', 'ReturningFromDelivery'].includes(status)) {
    return 'in_transit';
  }
  return 'info';
}

/** DPD writes `8/17/2021 7:11:26 PM` (local time); answered as ISO local time without a zone. */
export function dpdTime(text: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ?(AM|PM)?$/i.exec(text.trim());
  if (!m) return text.trim();
  let hour = Number(m[4]) % 12;
  if ((m[7] ?? '').toUpperCase() === 'PM') hour += 12;
  else if (!m[7]) hour = Number(m[4]);
  const p = (n: number | string) => String(n).padStart(2, '0');
  return `${m[3]}-${p(m[1]!)}-${p(m[2]!)}T${p(hour)}:${m[5]}:${m[6]}`;
}

function statusError(httpStatus: number): CarrierError {
  if (httpStatus === 401 || httpStatus === 403) return new CarrierError('auth', `DPD: HTTP ${httpStatus}`, { httpStatus });
  if (httpStatus === 429 || httpStatus >= 500) return new CarrierError('unavailable', `DPD: HTTP ${httpStatus}`, { httpStatus });
  return new CarrierError('refused', `DPD: HTTP ${httpStatus}`, { httpStatus });
}

export function createDpdDriver(): CarrierDriver {
  const tokens = new Map<string, Token>();
  const pending = new Map<string, Promise<Token>>();

  const base = (account: CarrierAccountConfig) => account.endpoint.replace(/\/+$/, '');
  const language = (account: CarrierAccountConfig) => account.options.messageLanguage || 'en_EN';
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

  function orderXml(request: LabelRequest, parcel: ParcelSpec, depot: string): string {
    const sender = request.returnLabel ? request.consignee : request.shipper;
    const recipient = request.returnLabel ? request.shipper : request.consignee;
    const predict = request.services.includes('PREDICT');
    if (predict && !recipient.email && !recipient.phone) {
      throw new CarrierError('service', 'DPD Predict needs the recipient’s e-mail or mobile number', { field: 'consignee.email' });
    }
    const needsCustoms = !EU.has(recipient.country.toUpperCase()) || !EU.has(sender.country.toUpperCase());
    return `<order>${el([
      [
        'generalShipmentData',
        [
          ['mpsCustomerReferenceNumber1', request.reference.slice(0, 35)],
          ['identificationNumber', parcel.key.slice(0, 35)],
          ['sendingDepot', request.account.options.sendingDepot || depot],
          ['product', request.product],
          ['sender', address(sender)],
          ['recipient', address(recipient)],
        ],
      ],
      [
        'parcels',
        [
          ['customerReferenceNumber1', parcel.key.slice(0, 35)],
          ['volume', volume(parcel)],
          ['weight', dag(parcel.weightKg)],
          // One DPD order per parcel: each declares its own units (label-plan.ts customsShares).
          ['international', needsCustoms && (parcel.customs ?? request.customs) ? international((parcel.customs ?? request.customs)!, recipient) : undefined],
        ],
      ],
      [
        'productAndServiceData',
        [
          ['orderType', 'consignment'],
          ['saturdayDelivery', request.services.includes('SATURDAY_DELIVERY') ? 'true' : undefined],
          [
            'predict',
            predict
              ? [
                  ['channel', recipient.email ? 1 : 3],
                  ['value', recipient.email || recipient.phone],
                  ['language', (language(request.account).split('_')[0] ?? 'en').toUpperCase()],
                ]
              : undefined,
          ],
        ],
      ],
    ])}</order>`;
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
        for (const info of findAll(find(doc, 'trackingresult'), 'statusInfo')) {
          if (textOf(info, 'statusHasBeenReached') !== 'true') continue;
          const status = info.children.find((c) => c.name === 'status')?.text.trim() ?? '';
          const description = findAll(find(info, 'description'), 'content')
            .filter((c) => c.children.length === 0)
            .map((c) => c.text.trim())
            .filter(Boolean)
            .join(' ');
          const location = textOf(find(info, 'location'), 'content');
          events.push({
            trackingNumber: number,
            at: dpdTime(textOf(find(info, 'date'), 'content')),
            kind: trackKind(status),
            carrierCode: status,
            text: description || textOf(find(info, 'label'), 'content'),
            ...(location ? { location } : {}),
          });
        }
      }
      return events;
    },
  };
}

export const dpdDriver = createDpdDriver();
