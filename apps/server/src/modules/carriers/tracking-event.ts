import type { TrackingEventRow } from '@kontor/contracts/domains/tracking-responses';
import type { TrackingEvent } from './driver.js';

/** A driver's event as Kontor stores it, for an order's parcel and a carrier gate parcel alike. */
export interface StoredTrackingEvent {
  carrier: string;
  trackingNumber: string;
  /** Unique per carrier and number: the carrier's event id where it has one, else the event's time and code. */
  eventKey: string;
  code: string;
  kind: TrackingEventRow['kind'];
  exception: TrackingEventRow['exception'];
  text: string;
  location: string;
  at: Date;
}

/**
 * A driver event as a stored row (docs/shipping.md "Events"): a driver's `returned` kind is the exception
 * "returned to sender"; texts are cut to the columns' sizes. Orders and gate parcels key their events the
 * same way, so an event pushed and later polled is one row in either store.
 */
export function storedTrackingEvent(carrier: string, e: TrackingEvent): StoredTrackingEvent {
  const returned = e.kind === 'returned';
  const kind: TrackingEventRow['kind'] = e.kind === 'returned' ? 'exception' : e.kind;
  const exception: TrackingEventRow['exception'] = kind !== 'exception' ? '' : returned ? 'returnedToSender' : (e.exception ?? 'other');
  const at = new Date(e.at);
  return {
    carrier,
    trackingNumber: e.trackingNumber,
    eventKey: e.eventId ? `id:${e.eventId}` : `${at.toISOString()}|${e.carrierCode}`,
    code: e.carrierCode.slice(0, 100),
    kind,
    exception,
    text: e.text.slice(0, 500),
    location: (e.location ?? '').slice(0, 200),
    at,
  };
}

/** The event's columns, the same in both stores (`tracking_events` of orders, `gate_tracking_events`). */
export function trackingEventColumns(e: StoredTrackingEvent) {
  return {
    carrier: e.carrier,
    tracking_number: e.trackingNumber,
    event_key: e.eventKey,
    code: e.code,
    kind: e.kind,
    exception: e.exception,
    text: e.text,
    location: e.location,
    at: e.at,
  };
}

/** A stored event row (either store) as the answers carry it. */
export function trackingEventAnswer(r: {
  id: number | string;
  carrier: string;
  tracking_number: string;
  code: string;
  kind: string;
  exception: string;
  text: string;
  location: string;
  at: Date | string;
}): TrackingEventRow {
  return {
    id: Number(r.id),
    carrier: r.carrier,
    trackingNumber: r.tracking_number,
    code: r.code,
    kind: r.kind as TrackingEventRow['kind'],
    exception: r.exception as TrackingEventRow['exception'],
    text: r.text,
    location: r.location,
    at: new Date(r.at).toISOString(),
  };
}
