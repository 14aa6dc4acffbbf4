/** UPS tracking: the tracking call's answer and a Track Alert message, read as tracking events. */
import type { TrackingEvent } from '../../driver.js';

export interface TrackAnswer {
  trackResponse?: {
    shipment?: {
      package?: {
        trackingNumber?: string;
        activity?: {
          date?: string;
          time?: string;
          status?: { type?: string; description?: string; code?: string };
          location?: { address?: { city?: string; countryCode?: string } };
        }[];
      }[];
    }[];
  };
}

function trackKind(type: string | undefined, description: string): TrackingEvent['kind'] {
  const d = description.toLowerCase();
  // Type D is "delivery information": out for delivery and loaded on the vehicle too (Track Alert's words).
  if (d.includes('out for delivery') || d.includes('loaded on delivery vehicle')) return 'in_delivery';
  if (type === 'D') return 'delivered';
  if (type === 'RS' || d.includes('returned to')) return 'returned';
  if (type === 'X') return 'exception';
  if (type === 'I' || type === 'P') return 'in_transit';
  return 'info';
}

function upsTime(date = '', time = ''): string {
  if (!/^\d{8}$/.test(date)) return '';
  const d = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
  const t = `${time.slice(0, 2) || '00'}:${time.slice(2, 4) || '00'}:${time.slice(4, 6) || '00'}`;
  return `${d}T${t}`; // UPS gives the local time of the scan, without a zone
}

interface TrackAlertEvent {
  trackingNumber?: string;
  localActivityDate?: string;
  localActivityTime?: string;
  activityLocation?: { city?: string; country?: string };
  activityStatus?: { type?: string; code?: string; description?: string };
}

/** A Track Alert message as an event (none when it carries no number or date). */
export function parseTrackAlert(body: unknown): TrackingEvent[] {
  const e = (body ?? {}) as TrackAlertEvent;
  const trackingNumber = typeof e.trackingNumber === 'string' ? e.trackingNumber.trim() : '';
  const at = upsTime(e.localActivityDate, e.localActivityTime);
  if (!trackingNumber || !at) return [];
  const text = String(e.activityStatus?.description ?? '').slice(0, 500);
  const where = [e.activityLocation?.city, e.activityLocation?.country].filter(Boolean).join(', ');
  return [
    {
      trackingNumber,
      at,
      kind: trackKind(e.activityStatus?.type, text),
      carrierCode: String(e.activityStatus?.code ?? e.activityStatus?.type ?? ''),
      text,
      ...(where ? { location: where } : {}),
    },
  ];
}

/** The events of a tracking call's answer about `number` (an activity without a date is no event). */
export function trackAnswerEvents(body: TrackAnswer | undefined, number: string): TrackingEvent[] {
  const events: TrackingEvent[] = [];
  for (const shipment of body?.trackResponse?.shipment ?? []) {
    for (const pkg of shipment.package ?? []) {
      for (const a of pkg.activity ?? []) {
        if (!upsTime(a.date, a.time)) continue; // an activity without a date is no event
        const text = a.status?.description ?? '';
        const where = [a.location?.address?.city, a.location?.address?.countryCode].filter(Boolean).join(', ');
        events.push({
          trackingNumber: pkg.trackingNumber ?? number,
          at: upsTime(a.date, a.time),
          kind: trackKind(a.status?.type, text),
          carrierCode: a.status?.code ?? a.status?.type ?? '',
          text,
          ...(where ? { location: where } : {}),
        });
      }
    }
  }
  return events;
}
