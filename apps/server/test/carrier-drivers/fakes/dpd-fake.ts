/**
 * A local stand-in for DPD's shipping web service (SOAP 1.1): LoginService 2.1 `getAuth` and
 * ShipmentService 3.3 `storeOrders` (and ParcelLifeCycleService 2.0 `getTrackingData`). It checks what DPD checks: content type and SOAPAction, the delis id
 * and password at login, the authentication header (delis id and a token it issued and has not expired),
 * print options, sending depot, product, sender and recipient (German zip codes of five digits), the
 * parcel weight as whole decagrams up to 31.5 kg, the order type, and customs data (`international`) for
 * recipients outside the EU. It answers as DPD does: a token with depot and expiry; `orderResult` with
 * `parcellabelsPDF` (base64 PDF, or ZPL when asked) and `shipmentResponses.parcelInformation`; refusals as
 * `faults` (faultCode, message) in the answer, and login or token problems as a SOAP Fault (HTTP 500) with
 * an `authenticationFault` detail.
 */
import type { ServerResponse } from 'node:http';
import { fakePdf, fakeZpl, later, sendText, startFakeServer, type FakeServer, type SeenRequest } from './fake-server.js';

export const DPD_FAKE_CREDENTIALS = { delisId: 'KD0123', password: 'dpd-sandbox-pw' };
export const DPD_FAKE_DEPOT = '0163';

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MC MT NL PL PT RO SE SI SK'.split(' '));

export interface DpdFake extends FakeServer {
  mode: 'ok' | 'slow' | 'error500' | 'unavailable503';
  slowMs: number;
  logins: number;
  validTokens: Set<string>;
  /** Parcel label numbers sold. */
  sold: string[];
}

/** The text of the first element of that local name (namespace prefixes ignored). */
function tag(xml: string, name: string): string | undefined {
  const m = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml);
  return m ? m[1] : undefined;
}

/** Every inner XML of elements of that local name. */
function sections(xml: string, name: string): string[] {
  const re = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1]!);
}

const ENVELOPE = (body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body>${body}</soap:Body></soap:Envelope>`;

function authFault(res: ServerResponse, code: string, message: string) {
  sendText(
    res,
    500,
    ENVELOPE(
      `<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Fault occured</faultstring><detail>` +
        `<ns:authenticationFault xmlns:ns="http://dpd.com/common/service/types/Authentication/2.0"><errorCode>${code}</errorCode><errorMessage>${message}</errorMessage></ns:authenticationFault>` +
        `</detail></soap:Fault>`,
    ),
    'text/xml; charset=utf-8',
  );
}

function clientFault(res: ServerResponse, message: string) {
  sendText(res, 500, ENVELOPE(`<soap:Fault><faultcode>soap:Client</faultcode><faultstring>${message}</faultstring></soap:Fault>`), 'text/xml; charset=utf-8');
}

function checkOrder(order: string): { code: string; message: string } | null {
  const general = sections(order, 'generalShipmentData')[0] ?? '';
  if (!/^\d{4}$/.test(tag(general, 'sendingDepot') ?? '')) return { code: 'COMMON_4', message: 'The sending depot is missing or invalid.' };
  if (!['CL', 'E10', 'E12', 'E18', 'IE2'].includes(tag(general, 'product') ?? '')) return { code: 'COMMON_5', message: 'The product is not valid.' };
  for (const who of ['sender', 'recipient']) {
    const a = sections(general, who)[0];
    if (!a) return { code: 'COMMON_6', message: `The ${who} is missing.` };
    if (!tag(a, 'name1')) return { code: 'COMMON_7', message: `${who}.name1 is mandatory.` };
    if (!tag(a, 'street')) return { code: 'COMMON_7', message: `${who}.street is mandatory.` };
    if (!tag(a, 'city')) return { code: 'COMMON_7', message: `${who}.city is mandatory.` };
    const country = tag(a, 'country') ?? '';
    if (!/^[A-Z]{2}$/.test(country)) return { code: 'COMMON_8', message: `${who}.country must be an ISO 3166-1 alpha-2 code.` };
    const zip = tag(a, 'zipCode') ?? '';
    if (country === 'DE' && !/^\d{5}$/.test(zip)) return { code: 'COMMON_9', message: `Zip code ${zip} is not valid for country ${country} (${who}).` };
  }
  for (const parcel of sections(order, 'parcels')) {
    const weight = tag(parcel, 'weight') ?? '';
    if (!/^\d+$/.test(weight)) return { code: 'COMMON_10', message: 'Parcel weight must be given in decagrams without decimals.' };
    if (Number(weight) > 3150) return { code: 'SHIPMENT_12', message: `Parcel weight ${Number(weight) / 100} kg exceeds the maximum weight of 31.5 kg.` };
    const recipientCountry = tag(sections(general, 'recipient')[0] ?? '', 'country') ?? '';
    if (!EU.has(recipientCountry) && !sections(parcel, 'international').length) {
      return { code: 'SHIPMENT_40', message: 'Customs data (international) is mandatory for destinations outside the EU.' };
    }
  }
  if (tag(sections(order, 'productAndServiceData')[0] ?? '', 'orderType') !== 'consignment') {
    return { code: 'COMMON_11', message: 'orderType must be consignment.' };
  }
  return null;
}

export async function startDpdFake(): Promise<DpdFake> {
  let tokenNo = 0;
  let parcelNo = 0;
  const state = { mode: 'ok' as DpdFake['mode'], slowMs: 500, logins: 0, validTokens: new Set<string>(), sold: [] as string[] };

  const server = await startFakeServer(async (req: SeenRequest, res) => {
    if (req.method !== 'POST') return clientFault(res, 'Only POST is supported.');
    if (!String(req.headers['content-type'] ?? '').startsWith('text/xml')) return clientFault(res, 'Content type must be text/xml.');
    const action = String(req.headers.soapaction ?? '');

    if (req.path === '/services/LoginService/V2_1') {
      state.logins += 1;
      if (!action.includes('LoginService/2.1/getAuth')) return clientFault(res, 'Unknown SOAPAction.');
      const getAuth = sections(req.body, 'getAuth')[0] ?? '';
      if (tag(getAuth, 'delisId') !== DPD_FAKE_CREDENTIALS.delisId || tag(getAuth, 'password') !== DPD_FAKE_CREDENTIALS.password) {
        return authFault(res, 'LOGIN_8', 'Authentication failure, check delisId and password.');
      }
      tokenNo += 1;
      const token = `GFadfGob14GWWgQcIldI6zYtuR7cyEHe2z6eWzb7BpFmcFvr${tokenNo}`;
      state.validTokens.add(token);
      const expires = new Date(Date.now() + 24 * 3600_000).toISOString().replace('Z', '');
      return sendText(
        res,
        200,
        ENVELOPE(
          `<getAuthResponse xmlns="http://dpd.com/common/service/types/LoginService/2.1"><return><delisId>${DPD_FAKE_CREDENTIALS.delisId}</delisId>` +
            `<customerUid>${DPD_FAKE_CREDENTIALS.delisId}</customerUid><authToken>${token}</authToken><depot>${DPD_FAKE_DEPOT}</depot>` +
            `<authTokenExpires>${expires}</authTokenExpires></return></getAuthResponse>`,
        ),
        'text/xml; charset=utf-8',
      );
    }

    if (req.path === '/services/ShipmentService/V3_3') {
      if (state.mode === 'slow') await later(state.slowMs);
      if (state.mode === 'error500') return sendText(res, 500, '<html><body>Internal Server Error</body></html>', 'text/html');
      if (state.mode === 'unavailable503') return sendText(res, 503, '<html><body>Service Unavailable</body></html>', 'text/html');
      if (!action.includes('ShipmentService/3.3/storeOrders')) return clientFault(res, 'Unknown SOAPAction.');
      const auth = sections(req.body, 'authentication')[0] ?? '';
      if (tag(auth, 'delisId') !== DPD_FAKE_CREDENTIALS.delisId || !state.validTokens.has(tag(auth, 'authToken') ?? '')) {
        return authFault(res, 'LOGIN_5', 'The authtoken is invalid or expired.');
      }
      const store = sections(req.body, 'storeOrders')[0] ?? '';
      const print = sections(store, 'printOptions')[0] ?? '';
      const language = tag(print, 'printerLanguage');
      if (!['PDF', 'ZPL'].includes(language ?? '') || tag(print, 'paperFormat') !== 'A6') {
        return clientFault(res, 'printOptions: printerLanguage PDF or ZPL and paperFormat A6 expected.');
      }
      const orders = sections(store, 'order');
      if (orders.length === 0) return clientFault(res, 'At least one order is required.');
      const responses: string[] = [];
      const numbers: string[] = [];
      for (const order of orders) {
        const problem = checkOrder(order);
        const ident = tag(order, 'identificationNumber') ?? '';
        if (problem) {
          responses.push(
            `<shipmentResponses><identificationNumber>${ident}</identificationNumber><faults><faultCode>${problem.code}</faultCode><message>${problem.message}</message></faults></shipmentResponses>`,
          );
          continue;
        }
        const infos = sections(order, 'parcels').map(() => {
          parcelNo += 1;
          const no = `${DPD_FAKE_DEPOT}${String(1234500000 + parcelNo)}`; // 14 digits: depot and parcel
          numbers.push(no);
          return `<parcelInformation><parcelLabelNumber>${no}</parcelLabelNumber></parcelInformation>`;
        });
        responses.push(
          `<shipmentResponses><identificationNumber>${ident}</identificationNumber><mpsId>MPS${numbers[0]}20261124</mpsId>${infos.join('')}</shipmentResponses>`,
        );
      }
      const failed = responses.some((r) => r.includes('<faults>'));
      if (!failed) state.sold.push(...numbers);
      const label = failed
        ? ''
        : language === 'ZPL'
          ? Buffer.from(numbers.map(fakeZpl).join('\n')).toString('base64')
          : fakePdf(numbers.join(' ')).toString('base64');
      return sendText(
        res,
        200,
        ENVELOPE(
          `<storeOrdersResponse xmlns="http://dpd.com/common/service/types/ShipmentService/3.3"><orderResult>` +
            (label ? `<parcellabelsPDF>${label}</parcellabelsPDF>` : '') +
            `${responses.join('')}</orderResult></storeOrdersResponse>`,
        ),
        'text/xml; charset=utf-8',
      );
    }

    if (req.path === '/services/ParcelLifeCycleService/V2_0') {
      if (!action.includes('ParcelLifeCycleService/2.0/getTrackingData')) return clientFault(res, 'Unknown SOAPAction.');
      const auth = sections(req.body, 'authentication')[0] ?? '';
      if (!state.validTokens.has(tag(auth, 'authToken') ?? '')) return authFault(res, 'LOGIN_5', 'The authtoken is invalid or expired.');
      const number = tag(req.body, 'parcelLabelNumber') ?? '';
      if (!state.sold.includes(number)) {
        return sendText(
          res,
          200,
          ENVELOPE(`<getTrackingDataResponse xmlns="http://dpd.com/common/service/types/ParcelLifeCycleService/2.0"/>`),
          'text/xml; charset=utf-8',
        );
      }
      const info = (status: string, label: string, text: string, date: string, reached: boolean) =>
        `<statusInfo><status>${status}</status><label><content>${label}</content><bold>true</bold><paragraph>false</paragraph></label>` +
        `<description><content><content>${text}</content><bold>false</bold><paragraph>false</paragraph></content></description>` +
        `<statusHasBeenReached>${reached}</statusHasBeenReached><isCurrentStatus>false</isCurrentStatus><showContactInfo>true</showContactInfo>` +
        `<location><content>Köln (DE)</content><bold>true</bold><paragraph>false</paragraph></location>` +
        `<date><content>${date}</content><bold>true</bold><paragraph>false</paragraph></date></statusInfo>`;
      return sendText(
        res,
        200,
        ENVELOPE(
          `<getTrackingDataResponse xmlns="http://dpd.com/common/service/types/ParcelLifeCycleService/2.0"><trackingresult>` +
            `<shipmentInfo><status>SHIPMENT</status><statusHasBeenReached>false</statusHasBeenReached></shipmentInfo>` +
            info('PickedUp', 'Parcel handed to DPD', 'DPD has received your parcel.', '11/24/2026 3:57:33 PM', true) +
            info('Courier', 'Parcel out for delivery', 'The parcel is on its way to the consignee.', '11/25/2026 8:15:00 AM', true) +
            info('Delivered', 'Delivered', 'Delivered.', '', false) +
            `</trackingresult></getTrackingDataResponse>`,
        ),
        'text/xml; charset=utf-8',
      );
    }

    return clientFault(res, 'No such service.');
  });

  return Object.assign(state, server);
}
