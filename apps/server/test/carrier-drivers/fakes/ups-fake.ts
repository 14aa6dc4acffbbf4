/**
 * A local stand-in for UPS's OAuth and Shipping APIs. It checks what UPS checks: the token request's
 * basic auth, form body and grant type; a valid bearer token and a `transId` on every API call; the
 * ShipmentRequest's shipper number, payment, service code, addresses (German postal codes of five
 * digits), package weight in KGS up to 70 and International Forms for destinations outside the EU. It
 * answers as UPS documents: a token with `expires_in`, `ShipmentResponse.ShipmentResults` with
 * `PackageResults` (an object for one package, a list for several) and base64 PNG or ZPL labels,
 * `{ response: { errors: [{ code, message }] } }` for refusals, the void answer and tracking details, and
 * Track Alert subscriptions (`trackingNumberList` of 1–100, a `destination` with an https or http `url`,
 * `credentialType` and `credential`), answered `{ validTrackingNumbers, invalidTrackingNumbers }`.
 */
import { fakeZpl, later, sendJson, startFakeServer, basicAuth, type FakeServer, type SeenRequest } from './fake-server.js';
import { makePng } from './png.js';

export const UPS_FAKE_CREDENTIALS = { clientId: 'kontor-client-id', clientSecret: 'kontor-client-secret' };
export const UPS_FAKE_SHIPPER = 'A1B2C3';

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

export interface UpsFake extends FakeServer {
  mode: 'ok' | 'slow' | 'error500';
  slowMs: number;
  /** Answer GIF labels whatever was asked (an account UPS configured for GIF). */
  forceGif: boolean;
  tokenRequests: number;
  /** Tokens UPS still accepts; clearing it makes the next call answer 401 as after expiry. */
  validTokens: Set<string>;
  /** Shipment id -> its packages' tracking numbers, and the voided tracking numbers. */
  shipments: Map<string, string[]>;
  voided: Set<string>;
  /** Tracking numbers UPS knows besides the shipments' (a benchmark's many open parcels, looked up by set). */
  trackable: Set<string>;
  /** UPS's rate limit on tracking calls per second (0: none); a call above it answers 429. */
  trackLimitPerSecond: number;
  /** Tracking calls per wall-clock second received, and those refused with 429. */
  trackPerSecond: Map<number, number>;
  trackRefused: number;
  /** Track Alert: each subscribed number with the destination its events go to. */
  subscriptions: Map<string, { url: string; credential: string }>;
}

function errors(res: Parameters<typeof sendJson>[0], status: number, code: string, message: string) {
  sendJson(res, status, { response: { errors: [{ code, message }] } });
}

function checkShipment(s: Record<string, any>): { code: string; message: string } | null {
  if (s.Shipper?.ShipperNumber !== UPS_FAKE_SHIPPER) return { code: '120100', message: 'Missing or invalid shipper number' };
  const charge = s.PaymentInformation?.ShipmentCharge?.[0] ?? s.PaymentInformation?.ShipmentCharge;
  if (charge?.BillShipper?.AccountNumber !== UPS_FAKE_SHIPPER) return { code: '120412', message: 'A shipment must contain a payment method' };
  if (!['11', '65', '07', '54', '08'].includes(s.Service?.Code)) return { code: '120211', message: 'Invalid or missing Service Code' };
  for (const [who, label] of [
    ['ShipTo', 'ship to'],
    ['ShipFrom', 'ship from'],
    ['Shipper', 'shipper'],
  ] as const) {
    const a = s[who]?.Address;
    if (!s[who]?.Name) return { code: '120200', message: `Missing or invalid ${label} name` };
    if (!a?.AddressLine?.length) return { code: '120202', message: `Missing or invalid ${label} AddressLine1` };
    if (!a.City) return { code: '120203', message: `Missing or invalid ${label} city` };
    if (a.CountryCode === 'DE' && !/^\d{5}$/.test(String(a.PostalCode ?? ''))) {
      return { code: '120208', message: `Missing or invalid ${label} postal code` };
    }
  }
  const packages = Array.isArray(s.Package) ? s.Package : [s.Package];
  for (const p of packages) {
    if (p?.PackageWeight?.UnitOfMeasurement?.Code !== 'KGS') return { code: '120605', message: 'Invalid or missing package weight unit of measurement' };
    if (Number(p.PackageWeight.Weight) > 70) return { code: '120604', message: 'The maximum per package weight for the selected service is 70 KGS.' };
  }
  const to = s.ShipTo?.Address?.CountryCode;
  const from = s.ShipFrom?.Address?.CountryCode;
  if (to && from && (!EU.has(to) || !EU.has(from)) && to !== from) {
    const forms = s.ShipmentServiceOptions?.InternationalForms;
    if (!forms?.Product?.length)
      return { code: '120541', message: 'Missing or invalid International Forms: an invoice with its products is required for shipments outside the EU' };
  }
  return null;
}

export async function startUpsFake(): Promise<UpsFake> {
  let tokenNo = 0;
  let shipmentNo = 0;
  const state = {
    mode: 'ok' as UpsFake['mode'],
    slowMs: 500,
    forceGif: false,
    tokenRequests: 0,
    validTokens: new Set<string>(),
    shipments: new Map<string, string[]>(),
    voided: new Set<string>(),
    trackable: new Set<string>(),
    trackLimitPerSecond: 0,
    trackPerSecond: new Map<number, number>(),
    trackRefused: 0,
    subscriptions: new Map<string, { url: string; credential: string }>(),
  };

  const server = await startFakeServer(async (req: SeenRequest, res) => {
    if (req.path === '/security/v1/oauth/token') {
      state.tokenRequests += 1;
      const auth = basicAuth(req.headers.authorization);
      if (req.method !== 'POST') return errors(res, 405, '10001', 'Method not allowed');
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return errors(res, 400, '10400', 'Invalid content type');
      }
      if (new URLSearchParams(req.body).get('grant_type') !== 'client_credentials') return errors(res, 400, '10400', 'Invalid/Unsupported grant_type');
      if (!auth || auth.user !== UPS_FAKE_CREDENTIALS.clientId || auth.password !== UPS_FAKE_CREDENTIALS.clientSecret) {
        return errors(res, 401, '10401', 'ClientId is Invalid');
      }
      tokenNo += 1;
      const token = `eyJraWQiOiJmYWtlIn0.token-${tokenNo}`;
      state.validTokens.add(token);
      return sendJson(res, 200, {
        token_type: 'Bearer',
        issued_at: String(Date.now()),
        client_id: auth.user,
        access_token: token,
        expires_in: '14399',
        status: 'approved',
      });
    }

    if (state.mode === 'slow') await later(state.slowMs);
    if (state.mode === 'error500') return errors(res, 500, '190001', 'The system is unavailable. Please try again later.');

    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!state.validTokens.has(bearer)) return errors(res, 401, '250002', 'Invalid Authentication Information.');
    if (!req.headers.transid) return errors(res, 400, '10400', 'Missing transId header');

    if (req.method === 'POST' && req.path === '/api/shipments/v2409/ship') {
      const body = JSON.parse(req.body) as Record<string, any>;
      const sr = body.ShipmentRequest;
      if (!sr?.Shipment) return errors(res, 400, '120001', 'Missing or invalid Shipment container');
      const problem = checkShipment(sr.Shipment);
      if (problem) return errors(res, 400, problem.code, problem.message);
      const format = state.forceGif ? 'GIF' : (sr.LabelSpecification?.LabelImageFormat?.Code ?? 'GIF');
      const packages = (Array.isArray(sr.Shipment.Package) ? sr.Shipment.Package : [sr.Shipment.Package]) as unknown[];
      shipmentNo += 1;
      const id = `1ZA1B2C3${String(6800000000 + shipmentNo)}`;
      const numbers = packages.map((_, i) => (i === 0 ? id : `1ZA1B2C3${String(6900000000 + shipmentNo * 10 + i)}`));
      state.shipments.set(id, numbers);
      const results = numbers.map((tn) => ({
        TrackingNumber: tn,
        ShippingLabel: {
          ImageFormat: { Code: format, Description: format },
          GraphicImage:
            format === 'ZPL'
              ? Buffer.from(fakeZpl(tn)).toString('base64')
              : format === 'GIF'
                ? Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')
                : makePng(60, 40, 0, true).toString('base64'),
        },
      }));
      return sendJson(res, 200, {
        ShipmentResponse: {
          Response: {
            ResponseStatus: { Code: '1', Description: 'Success' },
            TransactionReference: { CustomerContext: sr.Request?.TransactionReference?.CustomerContext ?? '' },
          },
          ShipmentResults: {
            ShipmentCharges: { TotalCharges: { CurrencyCode: 'EUR', MonetaryValue: (12.35 * numbers.length).toFixed(2) } },
            BillingWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '3.0' },
            ShipmentIdentificationNumber: id,
            PackageResults: results.length === 1 ? results[0] : results,
          },
        },
      });
    }

    const voidMatch = /^\/api\/shipments\/v2409\/void\/cancel\/([^/]+)$/.exec(req.path);
    if (req.method === 'DELETE' && voidMatch) {
      const id = decodeURIComponent(voidMatch[1]!);
      const numbers = state.shipments.get(id);
      if (!numbers) return errors(res, 400, '190102', 'No shipment found within the allowed void period');
      const asked = (req.query.get('trackingnumber') ?? '').replace(/[[\]"]/g, '');
      const targets = asked ? asked.split(',') : numbers;
      if (targets.every((t) => state.voided.has(t))) return errors(res, 400, '190117', 'The shipment has already been voided.');
      for (const t of targets) state.voided.add(t);
      return sendJson(res, 200, {
        VoidShipmentResponse: {
          Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
          SummaryResult: { Status: { Code: '1', Description: 'Voided' } },
          ...(asked ? { PackageLevelResult: targets.map((t) => ({ TrackingNumber: t, Status: { Code: '1', Description: 'Voided' } })) } : {}),
        },
      });
    }

    if (req.method === 'POST' && req.path === '/api/track/v1/subscription/standard/package') {
      const body = JSON.parse(req.body) as { trackingNumberList?: unknown; destination?: { url?: unknown; credentialType?: unknown; credential?: unknown } };
      const numbers = body.trackingNumberList;
      const d = body.destination;
      if (!Array.isArray(numbers) || numbers.length === 0 || numbers.length > 100 || numbers.some((n) => typeof n !== 'string'))
        return errors(res, 400, 'TA0001', 'Invalid trackingNumberList');
      if (typeof d?.url !== 'string' || !/^https?:\/\//.test(d.url) || d.credentialType !== 'Bearer' || typeof d.credential !== 'string' || !d.credential)
        return errors(res, 400, 'TA0002', 'Invalid destination');
      const known = (n: string) => state.trackable.has(n) || [...state.shipments.values()].some((list) => list.includes(n));
      const valid = (numbers as string[]).filter(known);
      for (const n of valid) state.subscriptions.set(n, { url: d.url, credential: d.credential });
      return sendJson(res, valid.length === numbers.length ? 200 : 207, {
        validTrackingNumbers: valid,
        invalidTrackingNumbers: (numbers as string[]).filter((n) => !known(n)),
      });
    }

    const trackMatch = /^\/api\/track\/v1\/details\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && trackMatch) {
      const number = decodeURIComponent(trackMatch[1]!);
      const second = Math.floor(Date.now() / 1000);
      const seen = (state.trackPerSecond.get(second) ?? 0) + 1;
      state.trackPerSecond.set(second, seen);
      if (state.trackLimitPerSecond > 0 && seen > state.trackLimitPerSecond) {
        state.trackRefused++;
        return errors(res, 429, '10429', 'Too Many Requests');
      }
      if (!state.trackable.has(number) && ![...state.shipments.values()].some((n) => n.includes(number))) {
        return errors(res, 404, 'TW0001', 'Tracking Information Not Found');
      }
      return sendJson(res, 200, {
        trackResponse: {
          shipment: [
            {
              inquiryNumber: number,
              package: [
                {
                  trackingNumber: number,
                  activity: [
                    {
                      location: { address: { city: 'KOELN', countryCode: 'DE' } },
                      status: { type: 'D', description: 'DELIVERED ', code: 'FS' },
                      date: '20261125',
                      time: '143000',
                    },
                    {
                      location: { address: { city: 'KOELN', countryCode: 'DE' } },
                      status: { type: 'I', description: 'Out For Delivery Today', code: 'OT' },
                      date: '20261125',
                      time: '081500',
                    },
                    {
                      location: { address: { countryCode: 'DE' } },
                      status: { type: 'M', description: 'Shipper created a label, UPS has not received the package yet. ', code: 'MP' },
                      date: '20261124',
                      time: '151641',
                    },
                  ],
                },
              ],
            },
          ],
        },
      });
    }

    return errors(res, 404, '10404', 'Resource not found');
  });

  return Object.assign(state, server);
}
