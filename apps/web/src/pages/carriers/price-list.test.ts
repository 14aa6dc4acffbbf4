import { describe, expect, it } from 'vitest';
import { toBands, toRows } from './price-list.js';

describe('price list editor values', () => {
  it('shows cents as euros and saves typed euros as cents, rounded once', () => {
    const rows = toRows([{ product: 'V01PAK', maxWeightKg: 2, priceMinor: 495, currency: 'EUR' }]);
    expect(rows).toEqual([{ product: 'V01PAK', maxWeightKg: 2, price: 4.95, currency: 'EUR' }]);
    expect(toBands([...rows, { product: 'V62WP', maxWeightKg: 1, price: 2.005 }])).toEqual([
      { product: 'V01PAK', maxWeightKg: 2, priceMinor: 495, currency: 'EUR' },
      { product: 'V62WP', maxWeightKg: 1, priceMinor: 201, currency: 'EUR' },
    ]);
  });
});
