import { describe, expect, it } from 'vitest';
import { summarizeLabels, trackingUrl } from './label-summary.js';
import type { ParcelLabel } from './labels-api.js';

let next = 0;
const label = (patch: Partial<ParcelLabel>): ParcelLabel => ({
  id: ++next,
  orderId: 1,
  parcelIndex: 0,
  isReturn: false,
  accountId: 1,
  carrier: 'dhl',
  product: 'V01PAK',
  state: 'bought',
  trackingNumber: `T${next}`,
  format: 'pdf',
  weightKg: 1,
  costMinor: 450,
  currency: 'EUR',
  errorKind: null,
  errorCode: null,
  errorText: '',
  labelUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
  boughtAt: '2026-01-01T00:00:00Z',
  voidedAt: null,
  ...patch,
});

describe('label summaries of a carrier list', () => {
  it('sums the costs per currency and lists outbound tracking before return tracking', () => {
    const s = summarizeLabels([
      label({ isReturn: true, trackingNumber: 'RET', costMinor: 300 }),
      label({ parcelIndex: 1, trackingNumber: 'P2' }),
      label({ parcelIndex: 0, trackingNumber: 'P1', costMinor: null, currency: null }),
    ]).get(1)!;
    expect(s.state).toBe('complete');
    expect(s.tracking.map((x) => x.number)).toEqual(['P1', 'P2', 'RET']);
    expect(s.cost).toEqual([{ amount: 750, currency: 'EUR' }]);
    expect(s.boughtIds).toHaveLength(3);
  });

  it('shows the worst state of an incomplete set and ignores voided labels', () => {
    const s = summarizeLabels([
      label({ orderId: 2, state: 'voided' }),
      label({ orderId: 2, state: 'pending', trackingNumber: '' }),
      label({ orderId: 2, state: 'failed', trackingNumber: '' }),
      label({ orderId: 3, state: 'voided' }),
    ]);
    expect(s.get(2)!.state).toBe('failed');
    expect(s.get(2)!.tracking).toEqual([]);
    expect(s.has(3)).toBe(false);
  });

  it('links DHL, DPD and UPS tracking pages, not the sandbox', () => {
    expect(trackingUrl('dhl', '00340434')).toContain('piececode=00340434');
    expect(trackingUrl('UPS', '1Z 99')).toBe('https://www.ups.com/track?tracknum=1Z%2099');
    expect(trackingUrl('dpd', '0123')).toContain('/parcel/0123');
    expect(trackingUrl('sandbox', 'SBX1')).toBeNull();
  });
});
