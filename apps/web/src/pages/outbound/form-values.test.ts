import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { disagrees, fieldPath, linesTotals, toBody } from './form-values.js';

const KNOWN = ['consignee', 'parcels', 'pickupDate'];

describe('outbound form values', () => {
  it('sends empty consignor and sender as null, and dates as days', () => {
    const body = toBody(
      {
        typeOfTask: 'B2C',
        modeOfTransport: 'parcel',
        pickupDate: dayjs('2026-12-01'),
        unitQty: 2,
        weight: 1.5,
        consignee: { name1: ' Ada ', country: 'de', zip: '10115' },
        consignor: { name1: '  ' },
        lines: [{ key: 'a', itemId: 7, sku: 'SKU-A', name: '', batch: ' B1 ', planned: 3, counted: 0 }],
      },
      false,
    );
    expect(body.pickupDate).toBe('2026-12-01');
    expect(body.consignee).toMatchObject({ name1: 'Ada', country: 'DE', zip: '10115', city: '' });
    expect(body.consignor).toBeNull();
    expect(body.sender).toBeNull();
    expect(body.lines).toEqual([{ itemId: 7, quantity: 3, batch: 'B1' }]);
    expect('privateRemark' in body).toBe(false);
  });

  it('keeps dimensions only when all three are given, and parcels only with a tracking number', () => {
    const body = toBody(
      { dimensions: { length: 10, width: 5 }, parcels: [{ trackingNo: ' 1Z9 ', dimensions: { length: 1, width: 2, height: 3 } }, { trackingNo: '' }] },
      true,
    );
    expect(body.dimensions).toBeNull();
    expect(body.parcels).toEqual([{ trackingNo: '1Z9', weight: null, dimensions: { length: 1, width: 2, height: 3 } }]);
    expect(body.privateRemark).toBe('');
  });

  it('places the server field errors at their inputs', () => {
    expect(fieldPath('consignee.zip', KNOWN)).toEqual(['consignee', 'zip']);
    expect(fieldPath('parcels.1.trackingNo', KNOWN)).toEqual(['parcels', 1, 'trackingNo']);
    expect(fieldPath('lines.0.sku', KNOWN)).toBe('lines');
    expect(fieldPath('unknown', KNOWN)).toBeNull();
  });

  it('adds up the lines: units, and the weight when every item has one (issue 15 item 14)', () => {
    const line = (itemId: number, planned: number | null, weight?: number | null) => ({
      key: `k${itemId}`,
      itemId,
      sku: '',
      name: '',
      batch: '',
      planned,
      counted: 0,
      weight,
    });
    expect(linesTotals([line(1, 2, 0.45), line(2, 3, 0.05)])).toEqual({ units: 5, weight: 1.05 });
    // A line of a stored order knows no weight: the item's weight read for it counts.
    expect(linesTotals([line(1, 2), line(2, 1, 0.1)], { 1: 0.333 })).toEqual({ units: 3, weight: 0.766 });
    // An item without a weight leaves the weight to the user; incomplete lines do not count.
    expect(linesTotals([line(1, 2, null), line(2, null, 1)])).toEqual({ units: 2, weight: null });
    expect(linesTotals(undefined)).toEqual({ units: 0, weight: null });
    expect(disagrees(4, 5)).toBe(true);
    expect(disagrees(5, 5)).toBe(false);
    expect(disagrees(null, 5)).toBe(false);
    expect(disagrees(1.0504, 1.05, true)).toBe(false);
    expect(disagrees(1.2, 1.05, true)).toBe(true);
  });
});
