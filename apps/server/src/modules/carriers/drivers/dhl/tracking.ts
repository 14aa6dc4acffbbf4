/**
 * DHL Shipment Tracking – Unified API (issue 19 item 5), the tracking half of the DHL driver: the
 * Parcel DE Shipping API sells labels but answers no events, DHL's unified tracking API does.
 *
 * - `GET {origin}/track/shipments?trackingNumber=<no>&service=parcel-de&language=<de|en>` with the
 *   header `DHL-API-Key` (the same key as the shipping API; `options.trackingEndpoint` overrides the
 *   address, else it is the shipping endpoint's origin). One call per number, as DHL documents it.
 * - 200: `{ shipments: [{ id, status, events: [{ timestamp, statusCode, status, description,
 *   location: { address: { addressLocality } } }] }] }`. `statusCode` is one of `pre-transit`,
 *   `transit`, `delivered`, `failure`, `unknown`; the words tell "out for delivery" and which failure.
 * - 404 `{ title: 'No result found', detail, status: 404 }`: DHL knows no events for the number yet
 *   (a label bought minutes ago); no events, no error. 401/403 auth, 429 and 5xx unavailable.
 */
import type { CarrierAccountConfig, DriverContext, TrackingEvent, TrackingException } from '../../driver.js';
import { CarrierError } from '../../driver.js';
import { httpCall, parseJson } from '../../driver-http.js';
import { statusError } from './errors.js';

export interface DhlTrackEvent {
  timestamp?: string;
  statusCode?: string;
  status?: string;
  description?: string;
  remark?: string;
  location?: { address?: { addressLocality?: string; countryCode?: string } };
}
interface DhlTrackAnswer {
  shipments?: Array<{ id?: string | number; events?: DhlTrackEvent[] }>;
}

const IN_DELIVERY = /out for delivery|delivery vehicle|zustellfahrzeug|in zustellung|wird zugestellt/i;
const RETURNED = /return(ed)? to (the )?sender|rücksendung|zurück an (den )?absender|returned/i;
const ADDRESS = /address|adresse|recipient unknown|empfänger unbekannt|nicht ermittelbar/i;
const DAMAGED = /damag|beschädigt/i;

function exceptionOf(text: string): TrackingException {
  if (RETURNED.test(text)) return 'returnedToSender';
  if (ADDRESS.test(text)) return 'addressUnknown';
  if (DAMAGED.test(text)) return 'damaged';
  return 'other';
}

/** One DHL event as Kontor's kind (and, for a failure, which exception). */
export function dhlEventKind(e: DhlTrackEvent): { kind: TrackingEvent['kind']; exception?: TrackingException } {
  const code = (e.statusCode ?? '').toLowerCase();
  const words = `${e.status ?? ''} ${e.description ?? ''} ${e.remark ?? ''}`;
  if (code === 'delivered') return { kind: 'delivered' };
  if (code === 'failure') {
    const exception = exceptionOf(words);
    return exception === 'returnedToSender' ? { kind: 'returned' } : { kind: 'exception', exception };
  }
  if (code === 'transit') return { kind: IN_DELIVERY.test(words) ? 'in_delivery' : 'in_transit' };
  return { kind: 'info' }; // pre-transit, unknown
}

export function dhlTrackingUrl(account: CarrierAccountConfig): string {
  if (account.options.trackingEndpoint) return account.options.trackingEndpoint.replace(/\/+$/, '');
  return `${new URL(account.endpoint).origin}/track/shipments`;
}

export async function dhlTrack(account: CarrierAccountConfig, trackingNumbers: string[], ctx: DriverContext): Promise<TrackingEvent[]> {
  const apiKey = account.credentials.apiKey;
  if (!apiKey) throw new CarrierError('auth', 'DHL: the account has no API key');
  const language = (account.options.language || 'en').slice(0, 2).toLowerCase() === 'de' ? 'de' : 'en';
  const events: TrackingEvent[] = [];
  for (const number of trackingNumbers) {
    const q = new URLSearchParams({ trackingNumber: number, service: 'parcel-de', language });
    const res = await httpCall(
      'DHL',
      ctx,
      `${dhlTrackingUrl(account)}?${q}`,
      { method: 'GET', headers: { 'DHL-API-Key': apiKey, accept: 'application/json' } },
      { mayHaveActed: false },
    );
    if (res.status === 404) continue; // DHL knows no events for this number yet
    const body = parseJson(res.text) as DhlTrackAnswer | undefined;
    if (res.status !== 200) throw statusError(res.status, body);
    for (const shipment of body?.shipments ?? []) {
      const trackingNumber = shipment.id === undefined ? number : String(shipment.id);
      for (const e of shipment.events ?? []) {
        if (!e.timestamp || Number.isNaN(new Date(e.timestamp).getTime())) continue; // an event without a time is no event
        const { kind, exception } = dhlEventKind(e);
        const text = e.description || e.status || '';
        const code = e.statusCode ?? '';
        events.push({
          trackingNumber,
          at: e.timestamp,
          kind,
          carrierCode: code,
          text,
          // DHL's events carry no id; two events of one time and code differ by their words.
          eventId: `${e.timestamp}|${code}|${text}`.slice(0, 300),
          ...(e.location?.address?.addressLocality ? { location: e.location.address.addressLocality } : {}),
          ...(exception ? { exception } : {}),
        });
      }
    }
  }
  return events;
}
