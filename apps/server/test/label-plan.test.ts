import { describe, expect, it } from 'vitest';
import { CarrierError, type CustomsData } from '../src/modules/carriers/driver.js';
import { customsShares, mergeCustoms } from '../src/modules/carriers/label-plan.js';

const line = (description: string, quantity: number, unitValueMinor: number) => ({
  description,
  quantity,
  unitValueMinor,
  currency: 'EUR',
  weightKg: 0.2,
  originCountry: 'DE',
});
const order: CustomsData = { exportType: 'COMMERCIAL_GOODS', invoiceNo: 'RE-1', lines: [line('Shirt', 3, 1500), line('Cap', 2, 900)] };
const worth = (c: CustomsData) => c.lines.reduce((sum, l) => sum + l.quantity * l.unitValueMinor, 0);

describe('customs shares of a multi-parcel order (issue 17: customs per parcel)', () => {
  it('deals the units out by weight, every parcel declaring its own and all adding up to the order', () => {
    const shares = customsShares(order, [3, 1]);
    expect(shares.map((s) => s.lines.map((l) => [l.description, l.quantity]))).toEqual([[['Shirt', 3]], [['Cap', 2]]]);
    expect(shares.reduce((sum, s) => sum + worth(s), 0)).toBe(worth(order));
    expect(shares.every((s) => s.invoiceNo === 'RE-1' && s.exportType === 'COMMERCIAL_GOODS')).toBe(true);
  });

  it('gives every parcel at least one unit, even a light one', () => {
    const shares = customsShares(order, [30, 0.1, 0.1]);
    expect(shares.map((s) => s.lines.reduce((n, l) => n + l.quantity, 0))).toEqual([3, 1, 1]);
  });

  it('keeps a single parcel’s declaration as the order’s', () => {
    expect(customsShares(order, [2])).toEqual([order]);
  });

  it('refuses more parcels than units as a customs error at the parcels', () => {
    const error = (() => {
      try {
        customsShares({ ...order, lines: [line('Lamp', 1, 5000)] }, [10, 10]);
      } catch (e) {
        return e as CarrierError;
      }
    })();
    expect(error).toBeInstanceOf(CarrierError);
    expect(error?.kind).toBe('customs');
    expect(error?.options.field).toBe('parcels');
  });

  it('merges shares back into one declaration (one shipment of several packages)', () => {
    expect(mergeCustoms(customsShares(order, [1, 1, 1]))?.lines.map((l) => [l.description, l.quantity])).toEqual([
      ['Shirt', 3],
      ['Cap', 2],
    ]);
    expect(mergeCustoms([])).toBeUndefined();
  });
});
