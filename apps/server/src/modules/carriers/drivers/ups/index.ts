/**
 * UPS: OAuth client credentials and the Shipping API (REST/JSON), issue 17 item 2.
 *
 * - Token: `POST {endpoint}/security/v1/oauth/token`, basic auth with the client id and secret,
 *   `grant_type=client_credentials`. The token is kept per account until shortly before `expires_in`,
 *   shared by concurrent calls (one token request at a time per account), and fetched again once when an
 *   API call answers 401.
 * - Buy: `POST {endpoint}/api/shipments/v2409/ship` with one `ShipmentRequest` holding every parcel as a
 *   `Package` (UPS sells a multi-package shipment atomically). UPS labels are GIF, PNG or ZPL: for `zpl`
 *   the driver asks for ZPL; for `pdf` it asks for PNG and wraps the image in a 100 × 150 mm PDF page
 *   (`png-pdf.ts`). Return labels use `ReturnService` 9 (the customer ships to the warehouse).
 * - Void: `DELETE {endpoint}/api/shipments/v2409/void/cancel/{shipmentId}` (`?trackingnumber=` for one
 *   package of a multi-package shipment). Tracking: `GET {endpoint}/api/track/v1/details/{number}`.
 * - Track Alert (webhooks): UPS posts one event per message (`trackingNumber`, `localActivityDate`,
 *   `localActivityTime`, `activityLocation`, `activityStatus { type, code, description }`) with the
 *   header `credential` holding the opaque string given when subscribing: the account's `webhookSecret`.
 *   Its events read as the tracking call's do, so a pushed event and a polled one are stored once.
 *   UPS pushes only subscribed numbers: `subscribe` calls `POST {endpoint}/api/track/v1/subscription/standard/package`
 *   with `trackingNumberList` (at most 100), `destination { url, credentialType: 'Bearer', credential }`,
 *   answered `{ validTrackingNumbers, invalidTrackingNumbers }` (docs/carrier-drivers.md "UPS Track Alert").
 * Errors come as `{ response: { errors: [{ code, message }] } }`.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  CarrierError,
  type BoughtParcel,
  type CarrierAccountConfig,
  type CarrierDriver,
  type DriverContext,
  type LabelRequest,
  type LabelResult,
  type SubscriptionResult,
  type TrackingDestination,
  type TrackingEvent,
} from '../../driver.js';
import { upsError } from './errors.js';
import { httpCall, parseJson, type HttpAnswer } from '../../driver-http.js';
import { isPng, pngToPdf } from './png-pdf.js';
import { asList, buildShipmentRequest, money, UPS_PRODUCTS, type ShipAnswer } from './shipment.js';
import { parseTrackAlert, trackAnswerEvents, type TrackAnswer } from './tracking.js';

export { buildShipmentRequest, UPS_PRODUCTS } from './shipment.js';
export { parseTrackAlert } from './tracking.js';

/** Tracking numbers per Track Alert subscription request (UPS takes at most 100). */
const TRACK_ALERT_BATCH = 100;

interface Token {
  value: string;
  expiresAt: number;
}

export function createUpsDriver(): CarrierDriver {
  const tokens = new Map<string, Token>();
  const pending = new Map<string, Promise<Token>>();

  function base(account: CarrierAccountConfig): string {
    return account.endpoint.replace(/\/+$/, '');
  }

  function cacheKey(account: CarrierAccountConfig): string {
    const secret = createHash('sha256')
      .update(account.credentials.clientSecret ?? '')
      .digest('hex')
      .slice(0, 16);
    return `${base(account)}|${account.credentials.clientId ?? ''}|${secret}`;
  }

  async function fetchToken(account: CarrierAccountConfig, ctx: DriverContext): Promise<Token> {
    const { clientId, clientSecret } = account.credentials;
    if (!clientId || !clientSecret) throw new CarrierError('auth', 'UPS: the account has no client id or secret');
    const res = await httpCall(
      'UPS',
      ctx,
      `${base(account)}/security/v1/oauth/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          ...(account.options.shipperNumber ? { 'x-merchant-id': account.options.shipperNumber } : {}),
        },
        body: 'grant_type=client_credentials',
      },
      { mayHaveActed: false },
    );
    const body = parseJson(res.text) as { access_token?: string; expires_in?: string | number } | undefined;
    if (res.status !== 200 || !body?.access_token) {
      const err = upsError(res.status === 200 ? 502 : res.status, body);
      // A refused token request is a credentials problem unless UPS itself is down.
      throw err.kind === 'unavailable' ? err : new CarrierError('auth', err.carrierMessage, { httpStatus: res.status });
    }
    const seconds = Number(body.expires_in ?? 3600);
    return { value: body.access_token, expiresAt: Date.now() + Math.max(seconds - 60, 30) * 1000 };
  }

  async function token(account: CarrierAccountConfig, ctx: DriverContext): Promise<string> {
    const key = cacheKey(account);
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    let p = pending.get(key);
    if (!p) {
      p = fetchToken(account, ctx).finally(() => pending.delete(key));
      pending.set(key, p);
    }
    const t = await p;
    tokens.set(key, t);
    return t.value;
  }

  /** One API call with the account's bearer token; a 401 fetches a new token and tries once more. */
  async function api(
    account: CarrierAccountConfig,
    ctx: DriverContext,
    method: string,
    path: string,
    body: unknown,
    mayHaveActed: boolean,
  ): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await token(account, ctx);
      const res = await httpCall(
        'UPS',
        ctx,
        `${base(account)}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${bearer}`,
            accept: 'application/json',
            transId: randomUUID().replace(/-/g, '').slice(0, 32),
            transactionSrc: 'kontor',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        { mayHaveActed },
      );
      if (res.status === 401 && attempt === 0) {
        tokens.delete(cacheKey(account));
        continue;
      }
      return res;
    }
  }

  async function voidShipment(account: CarrierAccountConfig, shipmentId: string, trackingNumbers: string[], ctx: DriverContext): Promise<void> {
    const q = trackingNumbers.length
      ? `?trackingnumber=${encodeURIComponent(trackingNumbers.length === 1 ? trackingNumbers[0]! : `[${trackingNumbers.join(',')}]`)}`
      : '';
    const res = await api(account, ctx, 'DELETE', `/api/shipments/v2409/void/cancel/${encodeURIComponent(shipmentId)}${q}`, undefined, true);
    if (res.status === 200) return;
    const body = parseJson(res.text);
    const err = upsError(res.status, body);
    if (/already (been )?voided/i.test(err.carrierMessage)) return;
    throw err;
  }

  return {
    code: 'ups',
    products: UPS_PRODUCTS,
    credentialFields: ['clientId', 'clientSecret', 'webhookSecret'],
    webhook: { scheme: 'credential', header: 'credential', parse: parseTrackAlert },
    optionFields: ['shipperNumber'],
    defaultEndpoint: 'https://onlinetools.ups.com',
    // The UPS Shipping API sends the shipment data with each label (pickups are a separate API); it
    // has no end-of-day manifest call (Karrio's UPS connector has none): documents only.
    endOfDay: 'none',

    async buy(request: LabelRequest, ctx: DriverContext): Promise<LabelResult> {
      if (request.parcels.length === 0) throw new CarrierError('refused', 'UPS: no parcel to label');
      const payload = buildShipmentRequest(request);
      const res = await api(request.account, ctx, 'POST', '/api/shipments/v2409/ship', payload, true);
      const body = parseJson(res.text) as ShipAnswer | undefined;
      if (res.status !== 200) throw upsError(res.status, body);
      const results = body?.ShipmentResponse?.ShipmentResults;
      const packages = asList(results?.PackageResults);
      const shipmentId = results?.ShipmentIdentificationNumber ?? packages[0]?.TrackingNumber;
      if (!shipmentId || packages.length !== request.parcels.length || packages.some((p) => !p.TrackingNumber || !p.ShippingLabel?.GraphicImage)) {
        throw new CarrierError('refused', `UPS answered ${packages.length} packages for ${request.parcels.length} parcels`, { uncertain: true });
      }

      let labels: Buffer[];
      try {
        labels = packages.map((p) => {
          const raw = Buffer.from(p.ShippingLabel!.GraphicImage!, 'base64');
          if (request.format === 'zpl') return raw;
          if (!isPng(raw)) throw new Error(`UPS answered a ${p.ShippingLabel?.ImageFormat?.Code ?? 'non-PNG'} label`);
          return pngToPdf(raw);
        });
      } catch (e) {
        // The label is bought but cannot be printed: void it so nothing stays bought.
        const undone = await voidShipment(request.account, shipmentId, [], ctx).then(
          () => true,
          () => false,
        );
        const left = undone ? '' : ` (still bought, void failed: ${shipmentId})`;
        throw new CarrierError('refused', `UPS: ${(e as Error).message}${left}`, { uncertain: !undone });
      }

      const total = money(results?.NegotiatedRateCharges?.TotalCharge) ?? money(results?.ShipmentCharges?.TotalCharges);
      const n = packages.length;
      const parcels: BoughtParcel[] = packages.map((p, i) => {
        const share = total ? Math.floor(total.minor / n) + (i === 0 ? total.minor % n : 0) : undefined;
        return {
          key: request.parcels[i]!.key,
          trackingNumber: p.TrackingNumber!,
          carrierRef: shipmentId,
          label: labels[i]!,
          format: request.format,
          ...(total ? { costMinor: share, currency: total.currency } : {}),
        };
      });
      return { parcels };
    },

    async void(account, parcel, ctx): Promise<void> {
      const shipmentId = parcel.carrierRef || parcel.trackingNumber;
      await voidShipment(account, shipmentId, shipmentId === parcel.trackingNumber ? [] : [parcel.trackingNumber], ctx);
    },

    async subscribe(account, trackingNumbers, destination: TrackingDestination, ctx): Promise<SubscriptionResult> {
      const out: SubscriptionResult = { subscribed: [], refused: [] };
      for (let i = 0; i < trackingNumbers.length; i += TRACK_ALERT_BATCH) {
        const body = {
          locale: 'en_US',
          countryCode: 'DE',
          trackingNumberList: trackingNumbers.slice(i, i + TRACK_ALERT_BATCH),
          destination: { url: destination.url, credentialType: 'Bearer', credential: destination.credential },
        };
        // Subscribing twice does no harm, so a lost answer may be asked again.
        const res = await api(account, ctx, 'POST', '/api/track/v1/subscription/standard/package', body, false);
        const answer = parseJson(res.text) as { validTrackingNumbers?: string[]; invalidTrackingNumbers?: string[] } | undefined;
        if (res.status !== 200 && res.status !== 207) throw upsError(res.status, answer);
        out.subscribed.push(...(answer?.validTrackingNumbers ?? []));
        out.refused.push(...(answer?.invalidTrackingNumbers ?? []));
      }
      return out;
    },

    async track(account, trackingNumbers, ctx): Promise<TrackingEvent[]> {
      const events: TrackingEvent[] = [];
      for (const number of trackingNumbers) {
        const res = await api(account, ctx, 'GET', `/api/track/v1/details/${encodeURIComponent(number)}?locale=en_US`, undefined, false);
        if (res.status === 404) continue; // UPS knows no events yet
        const body = parseJson(res.text) as TrackAnswer | undefined;
        if (res.status !== 200) throw upsError(res.status, body);
        events.push(...trackAnswerEvents(body, number));
      }
      return events;
    },
  };
}

export const upsDriver = createUpsDriver();
