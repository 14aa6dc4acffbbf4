import { describe, expect, it } from 'vitest';
import { deliveryTag } from './gate-delivery.js';

describe('gate parcel delivery tag', () => {
  it('shows the carrier’s latest word in the tracking words and colours', () => {
    expect(deliveryTag({ state: 'bought', deliveryState: 'in_transit' })).toEqual({ colour: 'blue', textKey: 'tracking.kind.in_transit' });
    expect(deliveryTag({ state: 'bought', deliveryState: 'delivered' })).toEqual({ colour: 'green', textKey: 'tracking.kind.delivered' });
    expect(deliveryTag({ state: 'bought', deliveryState: 'exception' })).toEqual({ colour: 'red', textKey: 'tracking.kind.exception' });
  });
  it('waits for the carrier on a bought parcel without events and shows nothing for a parcel without a label', () => {
    expect(deliveryTag({ state: 'bought', deliveryState: null })).toEqual({ colour: 'default', textKey: 'gate.deliveryWaiting' });
    expect(deliveryTag({ state: 'voided', deliveryState: 'in_transit' })).toBeNull();
    expect(deliveryTag({ state: 'failed', deliveryState: null })).toBeNull();
  });
});
