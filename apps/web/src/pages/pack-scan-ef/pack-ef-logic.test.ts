import type { PackEfOrder } from '@kontor/contracts/domains/packing-responses';
import { describe, expect, it } from 'vitest';
import { classify, readiness, serialDue } from './pack-ef-logic.js';

const order = (over: Partial<PackEfOrder> = {}): PackEfOrder => ({
  orderId: 1,
  unid: 'MO1',
  refOrderId: 'R1',
  status: 10,
  carrier: 'DHL',
  merchantId: 1,
  merchantName: 'A',
  rules: {
    merchantId: 1,
    merchantName: 'A',
    serialPerUnit: true,
    accessories: [{ code: 'ACC-CHG', name: 'Charger' }],
    weighRequired: true,
    weightTolerancePct: null,
    weightToleranceKg: null,
    note: '',
    updatedAt: null,
  },
  lines: [
    { itemId: 5, sku: 'A', quantity: 2, serialsNeeded: 2, serialPattern: '^SN\\d+$', serials: ['SN1'], weightKg: 1 },
    { itemId: 6, sku: 'B', quantity: 1, serialsNeeded: 0, serialPattern: null, serials: [], weightKg: 1 },
  ],
  weightNeeded: true,
  dimensionsNeeded: false,
  itemsWeightKg: 3,
  ...over,
});

describe('the merchant-specific station rules', () => {
  it('takes accessories in any case, serials for the due line by pattern, and refuses repeats', () => {
    const o = order();
    expect(classify(o, {}, 'acc-chg')).toEqual({ kind: 'accessory', code: 'ACC-CHG' });
    expect(classify(o, {}, 'SN2')).toEqual({ kind: 'serial', itemId: 5, serial: 'SN2' });
    expect(classify(o, {}, 'XX')).toEqual({ kind: 'error', reason: 'pattern', sku: 'A' });
    expect(classify(o, {}, 'SN1')).toEqual({ kind: 'error', reason: 'duplicate', sku: 'A' });
    expect(classify(o, { 5: ['SN2'] }, 'SN3')).toEqual({ kind: 'error', reason: 'nothingDue' });
    expect(serialDue(o, { 5: ['SN2'] })).toBeNull();
  });

  it('is ready only with every serial, every accessory and the weight', () => {
    const o = order();
    expect(readiness(o, {}, ['ACC-CHG'], 1, false)).toBe('serials');
    expect(readiness(o, { 5: ['SN2'] }, [], 1, false)).toBe('accessories');
    expect(readiness(o, { 5: ['SN2'] }, ['acc-chg'], null, false)).toBe('weight');
    expect(readiness(o, { 5: ['SN2'] }, ['acc-chg'], 1.2, false)).toBe('ready');
    expect(readiness(order({ dimensionsNeeded: true }), { 5: ['SN2'] }, ['ACC-CHG'], 1, false)).toBe('dimensions');
  });
});
