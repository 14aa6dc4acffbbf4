/**
 * A local stand-in for DHL Parcel DE Shipping API v2 (`/parcel/de/shipping/v2`). It checks what the real
 * API checks before it sells a label — the `dhl-api-key` header and basic auth, `docFormat`, the order's
 * profile, each shipment's product, billing number (14 characters, digits 11–12 the product's procedure),
 * refNo length, addresses (alpha-3 countries, German postal codes of five digits), weight within the
 * product's limit and customs for destinations outside the EU — and answers as DHL documents: 200 for one
 * shipment, 207 for several, 400 with `status` and per-item `validationMessages`, 401 with a problem
 * document, `DELETE /orders?profile&shipment` for cancelling, and `POST /manifests` with
 * `{profile, shipmentNumbers}` for the end-of-day manifest (200, 207 when some numbers are refused, 400
 * when all are: per-item `sstatus`; a deleted or unknown shipment cannot be manifested). Beside it, DHL's
 * unified Shipment Tracking API (`GET /track/shipments?trackingNumber=`, header `DHL-API-Key` only): the
 * events a test set in `tracking`, 404 "No result found" for a number it knows nothing of, as DHL
 * documents it. And the Returns API v1 (`POST /returns/v1/orders?labelType=`): one return order with a
 * `receiverId` it knows (`RETURN_RECEIVERS`), the customer as `shipper` (alpha-3 country, German postal
 * codes of five digits), `itemWeight` up to 31.5 kg and customs items from outside the EU; 201 with
 * `shipmentNo` and `label.b64`, refusals as problem documents. Return orders cannot be cancelled.
 */
import type { ServerResponse } from 'node:http';
import { basicAuth, fakePdf, fakeZpl, later, sendJson, startFakeServer, type FakeServer, type SeenRequest } from './fake-server.js';

/** Returns receivers the fake's business customer has set up. */
export const RETURN_RECEIVERS = ['deu'];

export const DHL_FAKE_CREDENTIALS = { apiKey: 'test-api-key', username: 'user-valid', password: 'SandboxPasswort2023!' };

const LIMITS: Record<string, { procedure: string; maxKg: number }> = {
  V01PAK: { procedure: '01', maxKg: 31.5 },
  V62KP: { procedure: '62', maxKg: 1 },
  V62WP: { procedure: '62', maxKg: 1 },
  V54EPAK: { procedure: '54', maxKg: 31.5 },
  V53WPAK: { procedure: '53', maxKg: 31.5 },
  V66WPI: { procedure: '66', maxKg: 1 },
};
const EU3 = new Set([
  'AUT',
  'BEL',
  'BGR',
  'CYP',
  'CZE',
  'DEU',
  'DNK',
  'EST',
  'ESP',
  'FIN',
  'FRA',
  'GRC',
  'HRV',
  'HUN',
  'IRL',
  'ITA',
  'LTU',
  'LUX',
  'LVA',
  'MLT',
  'NLD',
  'POL',
  'PRT',
  'ROU',
  'SWE',
  'SVN',
  'SVK',
]);

export interface DhlFake extends FakeServer {
  /** What the next calls do: answer normally, wait past the client's deadline, or fail. */
  mode: 'ok' | 'slow' | 'error500' | 'rateLimit';
  slowMs: number;
  /** DELETE answers 500 (DHL down while the driver undoes a half-bought order). */
  refuseDeletes: boolean;
  /** Shipment numbers sold and not deleted. */
  live: Set<string>;
  /** Shipment numbers manifested (end of day). */
  manifested: Set<string>;
  deleted: Set<string>;
  /** Return orders sold, by shipment number, with the body DHL received. */
  returns: Map<string, Record<string, any>>;
  /** Tracking events per shipment number, as the unified tracking API answers them (`events[]`). */
  tracking: Map<string, Array<Record<string, unknown>>>;
}

interface VM {
  property: string;
  validationMessage: string;
  validationState: 'Error';
}

function problem(res: ServerResponse, status: number, title: string, detail: string) {
  sendJson(res, status, { title, status, statusCode: status, detail }, 'application/problem+json');
}

function checkShipment(s: Record<string, any>): VM[] {
  const out: VM[] = [];
  const err = (property: string, validationMessage: string) => out.push({ property, validationMessage, validationState: 'Error' });
  const limit = LIMITS[s.product];
  if (!limit) err('product', `The product ${String(s.product)} is not valid.`);
  if (typeof s.billingNumber !== 'string' || !/^\w{10}\d{2}\w{2}$/.test(s.billingNumber)) err('billingNumber', 'The billing number is invalid.');
  else if (limit && s.billingNumber.slice(10, 12) !== limit.procedure) err('billingNumber', 'The billing number does not match the product.');
  if (s.refNo !== undefined && (String(s.refNo).length < 8 || String(s.refNo).length > 35)) err('refNo', 'The reference must have 8 to 35 characters.');
  for (const who of ['shipper', 'consignee'] as const) {
    const a = s[who] as Record<string, any> | undefined;
    if (!a) {
      err(who, `${who} is required.`);
      continue;
    }
    if (!a.name1) err(`${who}.name1`, 'Name is required.');
    if (!a.addressStreet) err(`${who}.addressStreet`, 'Street name is required');
    if (!a.city) err(`${who}.city`, 'City is required.');
    if (typeof a.country !== 'string' || !/^[A-Z]{3}$/.test(a.country)) err(`${who}.country`, 'The country must be an ISO 3166-1 alpha-3 code.');
    if (a.country === 'DEU' && !/^\d{5}$/.test(String(a.postalCode ?? ''))) {
      err(`${who}.postalCode`, 'Bitte geben Sie eine gültige Postleitzahl ein. The postal code is invalid for Germany.');
    }
  }
  const w = s.details?.weight;
  if (!w || !['g', 'kg'].includes(w.uom) || typeof w.value !== 'number') err('details.weight', 'Weight is required.');
  else if (limit && (w.uom === 'g' ? w.value / 1000 : w.value) > limit.maxKg) {
    err('details.weight', `The weight of ${w.value} ${w.uom} exceeds the maximum of ${limit.maxKg} kg for ${String(s.product)}.`);
  }
  const dest = s.consignee?.country as string | undefined;
  if (dest && !EU3.has(dest)) {
    const c = s.customs as Record<string, any> | undefined;
    if (!c || !Array.isArray(c.items) || c.items.length === 0) err('customs', 'Customs details are mandatory for shipments to non-EU countries.');
    else if (!c.postalCharges) err('customs.postalCharges', 'postalCharges is required.');
    else if (c.items.some((i: any) => !i.itemValue || !(i.itemValue.value > 0))) err('customs.items.itemValue', 'The item value must be greater than 0.');
  }
  return out;
}

export async function startDhlFake(): Promise<DhlFake> {
  let counter = 0;
  const state = {
    mode: 'ok' as DhlFake['mode'],
    slowMs: 500,
    refuseDeletes: false,
    live: new Set<string>(),
    deleted: new Set<string>(),
    tracking: new Map<string, Array<Record<string, unknown>>>(),
    manifested: new Set<string>(),
    returns: new Map<string, Record<string, any>>(),
  };

  const server = await startFakeServer(async (req: SeenRequest, res) => {
    if (state.mode === 'slow') await later(state.slowMs);
    if (state.mode === 'error500') return problem(res, 500, 'Internal Server Error', 'An unexpected error occurred.');
    if (state.mode === 'rateLimit') return problem(res, 429, 'Too Many Requests', 'Rate limit exceeded.');

    const auth = basicAuth(req.headers.authorization);
    if (req.headers['dhl-api-key'] !== DHL_FAKE_CREDENTIALS.apiKey) {
      return problem(res, 401, 'Unauthorized', 'Invalid API key.');
    }
    if (req.path === '/track/shipments') {
      if (req.method !== 'GET') return problem(res, 405, 'Method Not Allowed', 'Method not allowed.');
      const no = req.query.get('trackingNumber') ?? '';
      if (!no) return problem(res, 400, 'Bad Request', 'trackingNumber is required.');
      const events = state.tracking.get(no);
      if (!events) {
        return sendJson(
          res,
          404,
          { title: 'No result found', detail: 'No shipment with given tracking number found.', status: 404, instance: `/shipments?trackingNumber=${no}` },
          'application/problem+json',
        );
      }
      const latest = events[0] ?? {};
      return sendJson(res, 200, { shipments: [{ id: no, service: req.query.get('service') ?? 'parcel-de', status: latest, events }] });
    }
    if (!auth || auth.user !== DHL_FAKE_CREDENTIALS.username || auth.password !== DHL_FAKE_CREDENTIALS.password) {
      return problem(res, 401, 'Unauthorized', 'Unauthorized for given resource.');
    }
    if (req.path.endsWith('/manifests') && req.method === 'POST') {
      let body: Record<string, any>;
      try {
        body = JSON.parse(req.body || '{}') as Record<string, any>;
      } catch {
        return problem(res, 400, 'Bad Request', 'The request body is not valid JSON.');
      }
      if (!body.profile) return problem(res, 400, 'Bad Request', 'profile is required.');
      const all = req.query.get('all') === 'true';
      const numbers: string[] = all ? [...state.live].filter((n) => !state.manifested.has(n)) : (body.shipmentNumbers ?? []);
      if (!Array.isArray(numbers) || (!all && numbers.length === 0)) return problem(res, 400, 'Bad Request', 'shipmentNumbers must not be empty.');
      const items = numbers.map((no) => {
        if (state.live.has(no)) {
          state.manifested.add(no);
          return { shipmentNo: no, sstatus: { title: 'OK', statusCode: 200 } };
        }
        return { shipmentNo: no, sstatus: { title: 'Bad Request', statusCode: 400, detail: `Shipment ${no} not found or not manifestable.` } };
      });
      const bad = items.filter((i) => i.sstatus.statusCode !== 200).length;
      const status = bad === 0 ? 200 : bad === items.length ? 400 : 207;
      const title = status === 200 ? 'OK' : status === 207 ? 'Multistatus' : 'Bad Request';
      return sendJson(res, status, { status: { title, statusCode: status, ...(bad ? { detail: `${bad} of ${items.length} shipments failed.` } : {}) }, items });
    }
    if (req.path.endsWith('/returns/v1/orders')) {
      if (req.method !== 'POST') return problem(res, 405, 'Method Not Allowed', 'Method not allowed.');
      if (!['SHIPMENT_LABEL', 'QR_LABEL', 'BOTH'].includes(req.query.get('labelType') ?? '')) return problem(res, 400, 'Bad Request', 'labelType is invalid.');
      let body: Record<string, any>;
      try {
        body = JSON.parse(req.body || '{}') as Record<string, any>;
      } catch {
        return problem(res, 400, 'Bad Request', 'The request body is not valid JSON.');
      }
      if (!RETURN_RECEIVERS.includes(body.receiverId)) return problem(res, 400, 'Bad Request', `Receiver ID ${String(body.receiverId)} is unknown.`);
      const from = (body.shipper ?? {}) as Record<string, any>;
      if (!from.name1 || !from.addressStreet || !from.city) return problem(res, 400, 'Bad Request', 'The shipper address is incomplete.');
      if (typeof from.country !== 'string' || !/^[A-Z]{3}$/.test(from.country)) return problem(res, 400, 'Bad Request', 'The shipper country must be alpha-3.');
      if (from.country === 'DEU' && !/^\d{5}$/.test(String(from.postalCode ?? ''))) return problem(res, 400, 'Bad Request', 'The postal code is invalid.');
      const w = body.itemWeight;
      if (!w || w.uom !== 'kg' || !(w.value > 0) || w.value > 31.5)
        return problem(res, 400, 'Bad Request', 'The item weight must be above 0 and at most 31.5 kg.');
      if (!EU3.has(from.country) && !(body.customsDetails?.items?.length > 0))
        return problem(res, 400, 'Bad Request', 'Customs details are mandatory outside the EU.');
      counter += 1;
      const no = `99${String(7700000000 + counter)}`;
      state.returns.set(no, body);
      return sendJson(res, 201, { shipmentNo: no, routingCode: '40327653113+99000933090010', label: { b64: fakePdf(`RETOURE ${no}`).toString('base64') } });
    }
    if (!req.path.endsWith('/orders')) return problem(res, 404, 'Not Found', 'Resource not found.');

    if (req.method === 'DELETE') {
      if (state.refuseDeletes) return problem(res, 500, 'Internal Server Error', 'An unexpected error occurred.');
      if (!req.query.get('profile')) return problem(res, 400, 'Bad Request', 'profile is required.');
      const numbers = req.query.getAll('shipment');
      const items = numbers.map((no) => {
        if (state.live.delete(no)) {
          state.deleted.add(no);
          return { shipmentNo: no, sstatus: { title: 'OK', statusCode: 200 } };
        }
        return { shipmentNo: no, sstatus: { title: 'Not found', statusCode: 400, detail: `Shipment ${no} not found or already deleted.` } };
      });
      const allBad = items.every((i) => i.sstatus.statusCode !== 200);
      const status = numbers.length > 1 ? 207 : allBad ? 400 : 200;
      return sendJson(res, status, { status: { title: allBad ? 'Bad Request' : 'ok', statusCode: status }, items });
    }

    if (req.method !== 'POST') return problem(res, 405, 'Method Not Allowed', 'Method not allowed.');
    const docFormat = req.query.get('docFormat') ?? 'PDF';
    if (!['PDF', 'ZPL2'].includes(docFormat)) return problem(res, 400, 'Bad Request', 'docFormat must be PDF or ZPL2.');
    if (!String(req.headers['content-type'] ?? '').includes('application/json')) return problem(res, 415, 'Unsupported Media Type', 'JSON expected.');
    let body: Record<string, any>;
    try {
      body = JSON.parse(req.body) as Record<string, any>;
    } catch {
      return problem(res, 400, 'Bad Request', 'The request body is not valid JSON.');
    }
    if (!body.profile) return problem(res, 400, 'Bad Request', 'profile is required.');
    const shipments = body.shipments as Record<string, any>[] | undefined;
    if (!Array.isArray(shipments) || shipments.length === 0 || shipments.length > 30) {
      return problem(res, 400, 'Bad Request', 'shipments must hold 1 to 30 shipments.');
    }
    const items = shipments.map((s) => {
      const errors = checkShipment(s);
      if (errors.length) {
        return { sstatus: { title: 'Bad Request', statusCode: 400, detail: 'Validation failed.' }, validationMessages: errors };
      }
      counter += 1;
      const no = `0034043${String(424242 + counter).padStart(7, '0')}${String(counter).padStart(4, '0')}`;
      state.live.add(no);
      return {
        shipmentNo: no,
        sstatus: { title: 'OK', statusCode: 200 },
        routingCode: `40327653113+99000933090010`,
        label:
          docFormat === 'ZPL2'
            ? { zpl2: fakeZpl(no), fileFormat: 'ZPL2' }
            : { b64: fakePdf(no).toString('base64'), fileFormat: 'PDF', printFormat: req.query.get('printFormat') ?? 'A4' },
        ...(s.customs ? { customsDoc: { b64: fakePdf(`CN23 ${no}`).toString('base64'), fileFormat: 'PDF' } } : {}),
        validationMessages: [],
      };
    });
    const bad = items.filter((i) => i.sstatus.statusCode !== 200).length;
    if (shipments.length === 1) {
      return sendJson(
        res,
        bad ? 400 : 200,
        { status: bad ? { title: 'Bad Request', statusCode: 400, detail: 'Validation failed.' } : { title: 'ok', statusCode: 200 }, items },
        bad ? 'application/problem+json' : 'application/json',
      );
    }
    return sendJson(res, 207, { status: { title: 'Multistatus', statusCode: 207, detail: `${bad} of ${items.length} shipments failed.` }, items });
  });

  // The handler reads `state`, so the test changes the mode through the same object.
  return Object.assign(state, server);
}
