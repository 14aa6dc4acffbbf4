/**
 * The sandbox carrier (issue 17 item 2): valid-looking labels made offline, the default carrier of
 * `npm start` and the demo. It behaves like a real carrier where the rest of Kontor can tell:
 *
 * - Tracking numbers `SBX` + 11 digits + a GS1 mod-10 check digit, derived from the parcel key, so a
 *   retried purchase answers the same number and the same label (idempotent without any state).
 * - Products with weight limits and zones; services checked per product; customs data required
 *   outside the EU; a label for every parcel, PDF (100 × 150 mm) or ZPL.
 * - Failures on purpose, for demos and tests, chosen by the consignee's zip: `00000` (or the account
 *   option `failZip`) the address is refused, `99999` the carrier is unavailable (retryable), `88888`
 *   the answer times out after the label was sold (uncertain: `lookup` then finds it). An account whose
 *   apiKey is `revoked` is refused as unauthorised.
 * - `void` always succeeds for a sandbox number; `lookup` finds a purchase by parcel key; `track` walks
 *   a parcel from label created to in transit, in delivery and delivered, one step per `stepMinutes`
 *   (account option, default 60) after the purchase.
 * - Webhooks (docs/shipping.md "Webhooks"): `POST /v0/carriers/webhooks/sandbox` with
 *   `{ events: [{ trackingNumber, at, kind, code, text, location?, eventId?, exception? }] }`, signed
 *   with `X-Kontor-Signature: sha256=<hex HMAC-SHA256 of the body>` keyed with the account's
 *   `webhookSecret`; the scheme Kontor offers a carrier (or a tracking aggregator) that pushes.
 */
import { createHash } from 'node:crypto';
import { renderShippingLabel, type ShippingLabelData } from '../../../../lib/documents/shipping-label.js';
import {
  CarrierError,
  type BoughtParcel,
  type CarrierAccountConfig,
  type CarrierDriver,
  type CarrierProductDef,
  type DriverContext,
  type LabelFormat,
  type LabelRequest,
  type LabelResult,
  type ManifestResult,
  type TrackingEvent,
} from '../../driver.js';
import { parseSandboxPush } from './push.js';
import { isSandboxTrackingNumber, sandboxTrackingNumber } from './tracking-number.js';

export { isSandboxTrackingNumber, sandboxTrackingNumber } from './tracking-number.js';

export const SANDBOX_PRODUCTS: CarrierProductDef[] = [
  {
    code: 'SBX_PARCEL',
    name: 'Sandbox Parcel',
    maxWeightKg: 31.5,
    zones: ['domestic', 'eu'],
    services: ['signature', 'insurance', 'notification'],
    returnProduct: 'SBX_RETURN',
  },
  { code: 'SBX_SMALL', name: 'Sandbox Small', maxWeightKg: 1, zones: ['domestic', 'eu'], services: ['notification'] },
  {
    code: 'SBX_EXPRESS',
    name: 'Sandbox Express',
    maxWeightKg: 25,
    zones: ['domestic', 'eu', 'world'],
    services: ['signature', 'saturday', 'insurance', 'notification'],
    returnProduct: 'SBX_RETURN',
  },
  { code: 'SBX_RETURN', name: 'Sandbox Return', maxWeightKg: 31.5, zones: ['domestic', 'eu'], services: [] },
];

/** EU customs union (plus Monaco, which is inside it): a parcel to anywhere else needs customs data. */
const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MC MT NL PL PT RO SE SI SK'.split(' '));

/** Zips that fail on purpose (documented in docs/documents.md). */
export const SANDBOX_FAIL_ZIPS = { address: '00000', unavailable: '99999', timeout: '88888' } as const;

const PRICE_MINOR: Record<string, number> = { SBX_PARCEL: 495, SBX_SMALL: 279, SBX_EXPRESS: 1490, SBX_RETURN: 450 };
const MAX_REMEMBERED = 20_000;
const DEFAULT_STEP_MINUTES = 60;

interface Purchase {
  key: string;
  trackingNumber: string;
  boughtAt: number;
  voided: boolean;
  format: LabelFormat;
  label: ShippingLabelData;
  costMinor: number;
  city: string;
}

export interface SandboxDriverOptions {
  /** The clock (tests move it to walk tracking). */
  now?: () => number;
}

export type SandboxDriver = CarrierDriver & {
  /** Forgets every purchase (tests). */
  reset(): void;
};

function zoneOf(shipperCountry: string, consigneeCountry: string): 'domestic' | 'eu' | 'world' {
  if (shipperCountry === consigneeCountry) return 'domestic';
  return EU.has(shipperCountry) && EU.has(consigneeCountry) ? 'eu' : 'world';
}

function check(request: LabelRequest): CarrierProductDef {
  const product = SANDBOX_PRODUCTS.find((p) => p.code === request.product);
  if (!product) throw new CarrierError('service', `Unknown product ${request.product}`, { field: 'product' });
  if (request.account.credentials.apiKey === 'revoked') throw new CarrierError('auth', 'API key revoked', { httpStatus: 401 });
  const unknown = request.services.filter((s) => !product.services.includes(s));
  if (unknown.length) throw new CarrierError('service', `Service not offered with ${product.name}: ${unknown.join(', ')}`, { field: 'services' });
  const c = request.consignee;
  const failZip = request.account.options.failZip || SANDBOX_FAIL_ZIPS.address;
  if (c.zip.trim() === failZip) throw new CarrierError('address', `Postal code ${c.zip} does not exist in ${c.country}`, { field: 'consignee.zip' });
  if (!c.street.trim() || !c.city.trim())
    throw new CarrierError('address', 'Street and city are required', { field: c.street.trim() ? 'consignee.city' : 'consignee.street' });
  if (c.zip.trim() === SANDBOX_FAIL_ZIPS.unavailable) throw new CarrierError('unavailable', 'Service temporarily unavailable (sandbox)', { httpStatus: 503 });
  const zone = zoneOf(request.shipper.country, c.country);
  if (!product.zones.includes(zone)) throw new CarrierError('service', `${product.name} does not ship to ${c.country}`, { field: 'product' });
  if (zone === 'world' && (!request.customs || request.customs.lines.length === 0))
    throw new CarrierError('customs', `Customs data required for ${c.country}`, { field: 'customs' });
  request.customs?.lines.forEach((line, i) => {
    if (!(line.unitValueMinor > 0)) throw new CarrierError('customs', `Customs line ${i + 1} has no value`, { field: `customs.lines.${i}.unitValueMinor` });
  });
  if (request.parcels.length === 0) throw new CarrierError('refused', 'No parcel to label');
  request.parcels.forEach((parcel, i) => {
    if (!(parcel.weightKg > 0) || parcel.weightKg > product.maxWeightKg)
      throw new CarrierError('weight', `Parcel ${i + 1}: ${parcel.weightKg} kg is outside 0–${product.maxWeightKg} kg for ${product.name}`, {
        field: `parcels.${i}.weightKg`,
      });
  });
  return product;
}

export function createSandboxDriver(options: SandboxDriverOptions = {}): SandboxDriver {
  const now = options.now ?? Date.now;
  const purchases = new Map<string, Purchase>();
  const byTracking = new Map<string, string>();
  const firstSeen = new Map<string, number>();

  const remember = (purchase: Purchase) => {
    purchases.delete(purchase.key);
    purchases.set(purchase.key, purchase);
    byTracking.set(purchase.trackingNumber, purchase.key);
    if (purchases.size > MAX_REMEMBERED) {
      const oldest = purchases.values().next().value!;
      purchases.delete(oldest.key);
      byTracking.delete(oldest.trackingNumber);
    }
  };

  const bought = async (purchase: Purchase): Promise<BoughtParcel> => ({
    key: purchase.key,
    trackingNumber: purchase.trackingNumber,
    carrierRef: purchase.trackingNumber,
    label: await renderShippingLabel(purchase.label, purchase.format),
    format: purchase.format,
    costMinor: purchase.costMinor,
    currency: 'EUR',
  });

  const abortIfAsked = (ctx: DriverContext) => {
    if (ctx.signal?.aborted) throw new CarrierError('timeout', 'Request aborted', { uncertain: false });
  };

  return {
    code: 'sandbox',
    products: SANDBOX_PRODUCTS,
    credentialFields: ['apiKey', 'webhookSecret'],
    optionFields: ['stepMinutes', 'failZip'],
    defaultEndpoint: 'sandbox://offline',
    webhook: { scheme: 'hmac-sha256', header: 'x-kontor-signature', parse: parseSandboxPush },
    endOfDay: 'manifest-call',

    /** The offline close-out: a stable reference per set of parcels, so the demo shows a manifested day. */
    async manifest(_account, parcels, ctx): Promise<ManifestResult> {
      abortIfAsked(ctx);
      if (parcels.length === 0) throw new CarrierError('refused', 'Sandbox: no parcel to manifest');
      const numbers = parcels.map((p) => p.trackingNumber).sort();
      const digest = createHash('sha256').update(numbers.join(','), 'utf8').digest('hex').slice(0, 10).toUpperCase();
      return { reference: `SBX-M-${new Date(now()).toISOString().slice(0, 10).replace(/-/g, '')}-${digest}` };
    },

    async buy(request: LabelRequest, ctx: DriverContext): Promise<LabelResult> {
      abortIfAsked(ctx);
      const product = check(request);
      const at = now();
      const date = new Date(at).toISOString().slice(0, 10);
      const parcels: Purchase[] = request.parcels.map((parcel, i) => {
        const known = purchases.get(parcel.key);
        if (known && !known.voided && known.format === request.format) return known;
        const trackingNumber = sandboxTrackingNumber(parcel.key);
        const purchase: Purchase = {
          key: parcel.key,
          trackingNumber,
          boughtAt: known && !known.voided ? known.boughtAt : at,
          voided: false,
          format: request.format,
          costMinor: PRICE_MINOR[product.code] ?? 495,
          city: request.consignee.city,
          label: {
            carrierName: 'Sandbox',
            productName: product.name,
            shipper: request.shipper,
            consignee: request.consignee,
            trackingNumber,
            reference: request.reference,
            weightKg: parcel.weightKg,
            parcelIndex: i + 1,
            parcelCount: request.parcels.length,
            services: request.services,
            date,
            returnLabel: request.returnLabel ?? false,
          },
        };
        remember(purchase);
        return purchase;
      });
      if (request.consignee.zip.trim() === SANDBOX_FAIL_ZIPS.timeout) {
        // Sold, but the answer is lost: the caller must look the parcels up (or void) before buying again.
        throw new CarrierError('timeout', 'No answer within the deadline (sandbox)', { uncertain: true });
      }
      return { parcels: await Promise.all(parcels.map(bought)) };
    },

    async void(_account: CarrierAccountConfig, parcel: { trackingNumber: string; carrierRef: string }, ctx: DriverContext): Promise<void> {
      abortIfAsked(ctx);
      if (!isSandboxTrackingNumber(parcel.trackingNumber))
        throw new CarrierError('refused', `Unknown shipment ${parcel.trackingNumber}`, { field: 'trackingNumber' });
      const key = byTracking.get(parcel.trackingNumber);
      const purchase = key ? purchases.get(key) : undefined;
      if (purchase) purchase.voided = true;
    },

    async lookup(_account: CarrierAccountConfig, key: string, ctx: DriverContext): Promise<BoughtParcel | null> {
      abortIfAsked(ctx);
      const purchase = purchases.get(key);
      return purchase && !purchase.voided ? bought(purchase) : null;
    },

    async track(account: CarrierAccountConfig, trackingNumbers: string[], ctx: DriverContext): Promise<TrackingEvent[]> {
      abortIfAsked(ctx);
      const stepMs = (Number(account.options.stepMinutes) > 0 ? Number(account.options.stepMinutes) : DEFAULT_STEP_MINUTES) * 60_000;
      const at = now();
      return trackingNumbers.flatMap((trackingNumber) => walk(trackingNumber, at, stepMs));
    },

    reset() {
      purchases.clear();
      byTracking.clear();
      firstSeen.clear();
    },
  };

  function walk(trackingNumber: string, at: number, stepMs: number): TrackingEvent[] {
    // Each step of a number has one id: a walk started again after a restart (from when the number was
    // first asked about, kept in memory only) answers its steps at other times, and without an id the
    // time-and-code key stored a second "Label created" (docs/shipping.md "Events").
    const event = (kind: TrackingEvent['kind'], when: number, carrierCode: string, text: string, location?: string): TrackingEvent => ({
      trackingNumber,
      at: new Date(when).toISOString(),
      kind,
      carrierCode,
      text,
      eventId: `${trackingNumber}:${carrierCode}`,
      ...(location ? { location } : {}),
    });
    if (!isSandboxTrackingNumber(trackingNumber)) return [event('exception', at, 'UNKNOWN', 'Unknown tracking number')];
    const key = byTracking.get(trackingNumber);
    const purchase = key ? purchases.get(key) : undefined;
    if (purchase?.voided) return [event('info', purchase.boughtAt, 'VOIDED', 'Label voided')];
    // A number bought before a restart is walked from when it was first asked about.
    let start = purchase?.boughtAt ?? firstSeen.get(trackingNumber);
    if (start === undefined) firstSeen.set(trackingNumber, (start = at));
    const steps: [TrackingEvent['kind'], string, string, string | undefined][] = [
      ['info', 'PRE', 'Label created, parcel announced', undefined],
      ['in_transit', 'HUB', 'Parcel sorted at the hub', 'Sandbox Hub Leipzig'],
      ['in_delivery', 'OUT', 'Out for delivery', purchase?.city],
      ['delivered', 'DLV', 'Delivered', purchase?.city],
    ];
    return steps.filter((_, i) => start + i * stepMs <= at).map(([kind, code, text, location], i) => event(kind, start + i * stepMs, code, text, location));
  }
}

/** The driver `drivers/index.ts` registers. */
export const sandboxDriver = createSandboxDriver();
