import type { TrackingEventRow } from '@kontor/contracts/domains/tracking-responses';

/** The antd tag colour of a tracking event: delivered green, exceptions red, the way there blue. */
export function trackingColour(event: Pick<TrackingEventRow, 'kind'>): string {
  if (event.kind === 'delivered') return 'green';
  if (event.kind === 'exception') return 'red';
  return event.kind === 'info' ? 'default' : 'blue';
}

/** The i18n key naming the event: the exception's own name, else its kind. */
export function trackingKindKey(event: Pick<TrackingEventRow, 'kind' | 'exception'>): string {
  return event.kind === 'exception' && event.exception ? `tracking.exception.${event.exception}` : `tracking.kind.${event.kind}`;
}

/** Events grouped per parcel (tracking number), each parcel's newest first, parcels in the order they first appear. */
export function eventsByParcel(events: TrackingEventRow[]): Array<{ trackingNumber: string; events: TrackingEventRow[] }> {
  const groups = new Map<string, TrackingEventRow[]>();
  for (const event of events) groups.set(event.trackingNumber, [...(groups.get(event.trackingNumber) ?? []), event]);
  return [...groups].map(([trackingNumber, list]) => ({ trackingNumber, events: [...list].sort((a, b) => b.at.localeCompare(a.at)) }));
}

/** The list row's latest event (`in_transit`, `exception:damaged` …) as an event for the helpers above; null before any. */
export function latestOf(trackingKind: string | undefined): Pick<TrackingEventRow, 'kind' | 'exception'> | null {
  if (!trackingKind) return null;
  const [kind, exception = ''] = trackingKind.split(':') as [TrackingEventRow['kind'], TrackingEventRow['exception']?];
  return { kind, exception };
}

/** The IANA name of the zone the browser shows times in (`formatDateTime`). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
