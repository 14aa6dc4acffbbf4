/**
 * DHL Parcel DE Shipping API v2 (REST/JSON), issue 17 item 2.
 *
 * - `POST {endpoint}/orders?docFormat=PDF|ZPL2&printFormat=…` with `{ profile, shipments[] }`, one shipment
 *   per parcel (DHL Parcel DE has no multi-piece shipments), up to 30 in one call; headers `dhl-api-key`
 *   and HTTP basic auth (the account's user and password).
 * - The answer (200 for one shipment, 207 for several, 400 when one is refused) has `items[]` in the
 *   order of the shipments, each with `shipmentNo`, `label.b64` (PDF) or `label.zpl2`, `sstatus` and
 *   `validationMessages`. When some parcels of an order were bought and another was refused, the bought
 *   ones are deleted again before the error is thrown, so a failed buy leaves nothing bought.
 * - `DELETE {endpoint}/orders?profile=…&shipment=<no>` cancels a label before DHL's end of day.
 * - Return labels (`autoRetourLabel`) go through the Returns API when the account names its returns
 *   receiver (option `returnReceiverId`, `returns.ts`); without it they are a DHL Paket with the addresses swapped.
 * Tracking is DHL's unified Shipment Tracking API (`tracking.ts`); `lookup` is absent: the API cannot
 * search by reference. DHL Parcel DE offers no signed push of events: its parcels are polled.
 * - `POST {endpoint}/manifests` with `{ profile, shipmentNumbers[] }` manifests (closes out) the day's
 *   shipments; the answer has `status` and per-shipment `items[]` (`shipmentNo`, `sstatus`), 207 when
 *   some were refused. A shipment DHL reports as already manifested counts as manifested.
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
  type ManifestParcel,
  type ManifestResult,
  type ParcelSpec,
} from '../../driver.js';
import { base, contactAddress, customs, headers } from './parts.js';
import { buyReturnLabels, RETURN_REF } from './returns.js';
import { errorMessages, statusError, validationError, type DhlStatus, type DhlValidationMessage } from './errors.js';
import { httpCall, parseJson } from '../../driver-http.js';
import { dhlTrack } from './tracking.js';

const BOOLEAN_SERVICES = [
  'namedPersonOnly',
  'signedForByRecipient',
  'noNeighbourDelivery',
  'bulkyGoods',
  'premium',
  'economy',
  'closestDropPoint',
  'postalDeliveryDutyPaid',
  'goGreenPlus',
];
/** Services that carry a value, written `name=value` in `LabelRequest.services` (e.g. `visualCheckOfAge=A18`). */
const VALUE_SERVICES = ['preferredNeighbour', 'preferredLocation', 'preferredDay', 'visualCheckOfAge', 'parcelOutletRouting', 'endorsement'];

const PAKET_SERVICES = [
  'preferredNeighbour',
  'preferredLocation',
  'preferredDay',
  'visualCheckOfAge',
  'namedPersonOnly',
  'signedForByRecipient',
  'noNeighbourDelivery',
  'bulkyGoods',
  'parcelOutletRouting',
  'goGreenPlus',
];

export const DHL_PRODUCTS: CarrierProductDef[] = [
  { code: 'V01PAK', name: 'DHL Paket', maxWeightKg: 31.5, zones: ['domestic'], services: PAKET_SERVICES, returnProduct: 'V01PAK' },
  { code: 'V62KP', name: 'DHL Kleinpaket', maxWeightKg: 1, zones: ['domestic'], services: ['preferredNeighbour', 'preferredLocation', 'goGreenPlus'] },
  { code: 'V62WP', name: 'DHL Warenpost', maxWeightKg: 1, zones: ['domestic'], services: ['preferredNeighbour', 'preferredLocation', 'goGreenPlus'] },
  { code: 'V54EPAK', name: 'DHL Europaket', maxWeightKg: 31.5, zones: ['eu'], services: [] },
  {
    code: 'V53WPAK',
    name: 'DHL Paket International',
    maxWeightKg: 31.5,
    zones: ['eu', 'world'],
    services: ['premium', 'economy', 'endorsement', 'bulkyGoods', 'postalDeliveryDutyPaid', 'closestDropPoint'],
  },
  { code: 'V66WPI', name: 'DHL Warenpost International', maxWeightKg: 1, zones: ['eu', 'world'], services: ['premium'] },
];

/** Digits 11–12 of a DHL billing number name the product's procedure ("Verfahren"). */
const PROCEDURE: Record<string, string> = { V01PAK: '01', V62KP: '62', V62WP: '62', V54EPAK: '54', V53WPAK: '53', V66WPI: '66' };

interface DhlLabel {
  b64?: string;
  zpl2?: string;
  fileFormat?: string;
}
interface DhlItem {
  shipmentNo?: string | number;
  sstatus?: DhlStatus;
  label?: DhlLabel;
  customsDoc?: DhlLabel;
  validationMessages?: DhlValidationMessage[];
}
interface DhlAnswer {
  status?: DhlStatus;
  items?: DhlItem[];
}

function services(product: CarrierProductDef, codes: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const raw of codes) {
    const [name, ...rest] = raw.split('=');
    const code = (name ?? '').trim();
    if (!product.services.includes(code)) {
      throw new CarrierError('service', `DHL: service ${code} is not offered with ${product.code}`, { field: 'services' });
    }
    if (BOOLEAN_SERVICES.includes(code)) out[code] = true;
    else if (VALUE_SERVICES.includes(code)) {
      const value = rest.join('=').trim();
      if (!value) throw new CarrierError('service', `DHL: service ${code} needs a value (${code}=…)`, { field: 'services' });
      out[code] = value;
    }
  }
  return out;
}

function refNo(reference: string): string {
  // DHL wants 8 to 35 characters; short order numbers are padded so the label still shows them.
  return reference.padStart(8, '0').slice(0, 35);
}

function billingNumber(account: CarrierAccountConfig, product: string): string {
  const explicit = account.options[`billingNumber_${product}`] ?? account.options.billingNumber;
  if (explicit) return explicit;
  const ekp = account.options.ekp;
  const procedure = PROCEDURE[product];
  if (!ekp || !procedure) throw new CarrierError('service', `DHL: no billing number for product ${product} (set ekp or billingNumber)`, { field: 'product' });
  return `${ekp}${procedure}${account.options.participation || '01'}`;
}

export function buildOrder(request: LabelRequest) {
  const product = DHL_PRODUCTS.find((p) => p.code === request.product);
  if (!product) throw new CarrierError('service', `DHL: unknown product ${request.product}`, { field: 'product' });
  const shipper = request.returnLabel ? request.consignee : request.shipper;
  const consignee = request.returnLabel ? request.shipper : request.consignee;
  const svc = services(product, request.services);
  return {
    profile: request.account.options.profile || 'STANDARD_GRUPPENPROFIL',
    shipments: request.parcels.map((parcel: ParcelSpec) => ({
      product: product.code,
      billingNumber: billingNumber(request.account, product.code),
      refNo: refNo(request.reference),
      shipper: contactAddress(shipper, 'shipper'),
      consignee: contactAddress(consignee, 'consignee'),
      details: {
        weight: { uom: 'kg', value: parcel.weightKg },
        ...(parcel.lengthCm && parcel.widthCm && parcel.heightCm
          ? { dim: { uom: 'cm', length: parcel.lengthCm, width: parcel.widthCm, height: parcel.heightCm } }
          : {}),
      },
      ...(Object.keys(svc).length ? { services: svc } : {}),
      // One DHL shipment per parcel: each declares its own units (label-plan.ts customsShares).
      ...(parcel.customs || request.customs ? { customs: customs((parcel.customs ?? request.customs)!) } : {}),
    })),
  };
}

function itemOk(item: DhlItem): boolean {
  const code = item.sstatus?.statusCode ?? item.sstatus?.status ?? 200;
  return code < 300 && item.shipmentNo !== undefined && errorMessages(item.validationMessages).length === 0;
}

async function deleteShipments(account: CarrierAccountConfig, numbers: string[], ctx: DriverContext): Promise<DhlAnswer | undefined> {
  const q = new URLSearchParams({ profile: account.options.profile || 'STANDARD_GRUPPENPROFIL' });
  for (const n of numbers) q.append('shipment', n);
  const res = await httpCall('DHL', ctx, `${base(account)}/orders?${q}`, { method: 'DELETE', headers: headers(account) }, { mayHaveActed: true });
  const body = parseJson(res.text) as DhlAnswer | undefined;
  if (res.status !== 200 && res.status !== 207 && res.status !== 400) throw statusError(res.status, body);
  return body;
}

function labelOf(item: DhlItem, format: 'pdf' | 'zpl'): Buffer {
  if (format === 'zpl') {
    if (item.label?.zpl2) return Buffer.from(item.label.zpl2, 'utf8');
    if (item.label?.b64) return Buffer.from(item.label.b64, 'base64');
  } else if (item.label?.b64) return Buffer.from(item.label.b64, 'base64');
  throw new CarrierError('refused', `DHL answered shipment ${String(item.shipmentNo)} without a label`, { uncertain: true });
}

/** DHL's words for a shipment that is manifested already: manifesting it again is not a failure. */
const ALREADY_MANIFESTED = /already manifested|bereits manifestiert|already closed/i;

interface DhlManifestAnswer extends DhlAnswer {
  manifestDate?: string;
  manifest?: { b64?: string; fileFormat?: string };
}

async function manifestShipments(account: CarrierAccountConfig, parcels: ManifestParcel[], ctx: DriverContext): Promise<ManifestResult> {
  if (parcels.length === 0) throw new CarrierError('refused', 'DHL: no shipment to manifest');
  const body = { profile: account.options.profile || 'STANDARD_GRUPPENPROFIL', shipmentNumbers: parcels.map((p) => p.carrierRef || p.trackingNumber) };
  const res = await httpCall(
    'DHL',
    ctx,
    `${base(account)}/manifests`,
    { method: 'POST', headers: { ...headers(account), 'content-type': 'application/json' }, body: JSON.stringify(body) },
    // Manifesting twice is harmless, so a lost answer is simply asked again.
    { mayHaveActed: false },
  );
  const answer = parseJson(res.text) as DhlManifestAnswer | undefined;
  if (res.status !== 200 && res.status !== 207 && res.status !== 400) throw statusError(res.status, answer);
  const refused = (answer?.items ?? []).filter((i) => {
    const code = i.sstatus?.statusCode ?? i.sstatus?.status ?? 200;
    return code >= 300 && !ALREADY_MANIFESTED.test(`${i.sstatus?.title ?? ''} ${i.sstatus?.detail ?? ''}`);
  });
  if (refused.length > 0 || (res.status === 400 && (answer?.items ?? []).length === 0)) {
    const words = refused.length
      ? refused.map((i) => `${String(i.shipmentNo ?? '')}: ${i.sstatus?.detail || i.sstatus?.title || 'refused'}`).join('; ')
      : answer?.status?.detail || answer?.status?.title || `HTTP ${res.status}`;
    throw new CarrierError('refused', `DHL: ${words}`, { httpStatus: res.status });
  }
  return {
    reference: answer?.manifestDate ? `DHL-${answer.manifestDate}` : '',
    ...(answer?.manifest?.b64 ? { document: { format: 'pdf' as const, content: Buffer.from(answer.manifest.b64, 'base64') } } : {}),
  };
}

const NOT_THERE = /not found|does not exist|unknown|already|nicht gefunden|existiert nicht|bereits/i;

export function createDhlDriver(): CarrierDriver {
  return {
    code: 'dhl',
    products: DHL_PRODUCTS,
    credentialFields: ['apiKey', 'username', 'password'],
    optionFields: ['ekp', 'participation', 'billingNumber', 'profile', 'printFormat', 'language', 'trackingEndpoint', 'returnReceiverId', 'returnsEndpoint'],
    defaultEndpoint: 'https://api-eu.dhl.com/parcel/de/shipping/v2',
    endOfDay: 'manifest-call',
    manifest: manifestShipments,

    async buy(request: LabelRequest, ctx: DriverContext): Promise<LabelResult> {
      if (request.parcels.length === 0) throw new CarrierError('refused', 'DHL: no parcel to label');
      // With a returns receiver set up, a return label is a real DHL Retoure (returns.ts).
      if (request.returnLabel && request.account.options.returnReceiverId) return buyReturnLabels(request, ctx);
      if (request.parcels.length > 30) throw new CarrierError('refused', 'DHL: at most 30 parcels in one order');
      const order = buildOrder(request);
      const q = new URLSearchParams({ docFormat: request.format === 'zpl' ? 'ZPL2' : 'PDF' });
      q.set('printFormat', request.account.options.printFormat || '910-300-400');
      const res = await httpCall(
        'DHL',
        ctx,
        `${base(request.account)}/orders?${q}`,
        { method: 'POST', headers: { ...headers(request.account), 'content-type': 'application/json' }, body: JSON.stringify(order) },
        { mayHaveActed: true },
      );
      const body = parseJson(res.text) as DhlAnswer | undefined;
      if (res.status !== 200 && res.status !== 207 && res.status !== 400) throw statusError(res.status, body);
      const items = body?.items ?? [];
      if (res.status === 400 && items.length === 0) throw validationError([], body?.status, 400);

      const failed = items.find((i) => !itemOk(i));
      if (failed || items.length !== request.parcels.length) {
        // Undo what this call bought, so a refused order leaves no label behind.
        const bought = items.filter(itemOk).map((i) => String(i.shipmentNo));
        const undone =
          bought.length === 0 ||
          (await deleteShipments(request.account, bought, ctx).then(
            (answer) => (answer?.items ?? []).every((i) => (i.sstatus?.statusCode ?? i.sstatus?.status ?? 200) < 300),
            () => false,
          ));
        const err = failed
          ? validationError(failed.validationMessages ?? [], failed.sstatus ?? body?.status, res.status)
          : new CarrierError('refused', `DHL answered ${items.length} shipments for ${request.parcels.length} parcels`, { httpStatus: res.status });
        if (undone && failed) throw err;
        // Labels may remain sold: say which, and mark the error uncertain so nobody buys blindly again.
        const left = undone ? '' : ` (still bought, delete failed: ${bought.join(', ')})`;
        throw new CarrierError(err.kind, `${err.carrierMessage}${left}`, { ...err.options, uncertain: true });
      }

      const parcels: BoughtParcel[] = items.map((item, i) => ({
        key: request.parcels[i]!.key,
        trackingNumber: String(item.shipmentNo),
        carrierRef: String(item.shipmentNo),
        label: labelOf(item, request.format),
        format: request.format,
      }));
      const documents = items
        .filter((item) => item.customsDoc?.b64)
        .map((item) => ({ kind: 'customs' as const, format: 'pdf' as const, content: Buffer.from(item.customsDoc!.b64!, 'base64') }));
      return documents.length ? { parcels, documents } : { parcels };
    },

    async void(account, parcel, ctx): Promise<void> {
      if (parcel.carrierRef.startsWith(RETURN_REF)) return; // DHL cannot cancel a Retoure; unused, it costs nothing
      const body = await deleteShipments(account, [parcel.carrierRef || parcel.trackingNumber], ctx);
      const item = body?.items?.[0];
      const code = item?.sstatus?.statusCode ?? item?.sstatus?.status ?? body?.status?.statusCode ?? 200;
      if (code < 300) return;
      const detail = item?.sstatus?.detail || item?.sstatus?.title || body?.status?.detail || '';
      const messages = (item?.validationMessages ?? []).map((m) => m.validationMessage ?? '').join('; ');
      if (NOT_THERE.test(`${detail} ${messages}`)) return; // already deleted: voiding twice succeeds
      throw new CarrierError('refused', `DHL: ${[detail, messages].filter(Boolean).join(': ') || 'the shipment cannot be deleted'}`, { httpStatus: code });
    },

    track: dhlTrack,
  };
}

export const dhlDriver = createDhlDriver();
