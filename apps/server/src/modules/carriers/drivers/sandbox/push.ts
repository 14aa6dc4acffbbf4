/** The sandbox's pushed tracking events (docs/shipping.md "Webhooks"): the body Kontor offers a pushing carrier. */
import type { TrackingEvent } from '../../driver.js';

const KINDS: readonly TrackingEvent['kind'][] = ['info', 'in_transit', 'in_delivery', 'delivered', 'exception', 'returned'];
const EXCEPTIONS: readonly string[] = ['addressUnknown', 'damaged', 'returnedToSender', 'other'];
const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** The events of a sandbox push; an event without a number, a valid time or a known kind is left out. */
export function parseSandboxPush(body: unknown): TrackingEvent[] {
  const list = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw): TrackingEvent[] => {
    const e = (raw ?? {}) as Record<string, unknown>;
    const trackingNumber = text(e.trackingNumber, 100).trim();
    const at = text(e.at, 40);
    const kind = KINDS.find((k) => k === e.kind);
    if (!trackingNumber || !kind || Number.isNaN(new Date(at).getTime())) return [];
    const exception = EXCEPTIONS.find((x) => x === e.exception) as TrackingEvent['exception'];
    return [
      {
        trackingNumber,
        at,
        kind,
        carrierCode: text(e.code, 100),
        text: text(e.text, 500),
        ...(text(e.location, 200) ? { location: text(e.location, 200) } : {}),
        ...(text(e.eventId, 200) ? { eventId: text(e.eventId, 200) } : {}),
        ...(exception ? { exception } : {}),
      },
    ];
  });
}
