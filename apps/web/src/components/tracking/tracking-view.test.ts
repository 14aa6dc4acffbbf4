import type { TrackingEventRow } from '@kontor/contracts/domains/tracking-responses';
import { describe, expect, it } from 'vitest';
import { eventsByParcel, latestOf, trackingColour, trackingKindKey } from './tracking-view.js';

const event = (trackingNumber: string, at: string, kind: TrackingEventRow['kind'], exception: TrackingEventRow['exception'] = ''): TrackingEventRow => ({
  id: 0,
  carrier: 'sandbox',
  trackingNumber,
  code: '',
  kind,
  exception,
  text: '',
  location: '',
  at,
});

describe('tracking view', () => {
  it('names an exception by its kind of exception, other events by their kind', () => {
    expect(trackingKindKey(event('A', '2026-01-01T00:00:00Z', 'exception', 'damaged'))).toBe('tracking.exception.damaged');
    expect(trackingKindKey(event('A', '2026-01-01T00:00:00Z', 'in_transit'))).toBe('tracking.kind.in_transit');
    expect(trackingColour({ kind: 'delivered' })).toBe('green');
    expect(trackingColour({ kind: 'exception' })).toBe('red');
    expect(trackingColour({ kind: 'in_delivery' })).toBe('blue');
  });

  it('groups events per parcel, newest first', () => {
    const groups = eventsByParcel([
      event('A', '2026-01-01T08:00:00Z', 'info'),
      event('B', '2026-01-01T09:00:00Z', 'info'),
      event('A', '2026-01-01T10:00:00Z', 'in_transit'),
    ]);
    expect(groups.map((g) => g.trackingNumber)).toEqual(['A', 'B']);
    expect(groups[0]!.events.map((e) => e.kind)).toEqual(['in_transit', 'info']);
  });

  it("reads the list row's latest event", () => {
    expect(latestOf('')).toBeNull();
    expect(latestOf('in_transit')).toEqual({ kind: 'in_transit', exception: '' });
    expect(trackingKindKey(latestOf('exception:returnedToSender')!)).toBe('tracking.exception.returnedToSender');
  });
});
