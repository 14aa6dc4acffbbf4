import { describe, expect, it } from 'vitest';
import type { CarrierRule } from './carriers-api.js';
import { inResolutionOrder, specificity } from './rule-order.js';

const rule = (id: number, patch: Partial<CarrierRule>): CarrierRule => ({
  id,
  merchantId: null,
  merchantName: null,
  country: null,
  orderCarrier: 'DHL',
  orderService: '',
  accountId: 1,
  accountName: 'A',
  carrier: 'dhl',
  product: '',
  services: [],
  priority: 0,
  exportReason: 'COMMERCIAL_GOODS',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
  ...patch,
});

describe('rules in resolution order', () => {
  it('counts merchant, country and service as one point each', () => {
    expect(specificity(rule(1, {}))).toBe(0);
    expect(specificity(rule(1, { merchantId: 3, country: 'AT', orderService: 'express' }))).toBe(3);
  });

  it('groups by order carrier, then specific before general, then priority, then the older rule', () => {
    const rules = [
      rule(1, { priority: 50 }),
      rule(2, { country: 'AT' }),
      rule(3, { orderCarrier: 'dpd' }),
      rule(4, { priority: 50 }),
      rule(5, { merchantId: 9, country: 'AT', priority: -5 }),
    ];
    expect(inResolutionOrder(rules).map((r) => r.id)).toEqual([5, 2, 1, 4, 3]);
  });
});
