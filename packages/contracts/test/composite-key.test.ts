import { describe, expect, it } from 'vitest';
import { compositeKey, parseCompositeKey, sumBySku } from '../src/packing/composite-key.js';

describe('compositeKey (spec §3, facts §2.2)', () => {
  it('sorts the SKUs and appends the country', () => {
    expect(
      compositeKey(
        [
          { sku: 'B', qty: 2 },
          { sku: 'A', qty: 1 },
        ],
        'AT',
      ),
    ).toBe('A:1:B:2:AT');
  });

  it('defaults the country to DE when it is empty or missing', () => {
    expect(compositeKey([{ sku: 'A', qty: 1 }], '')).toBe('A:1:DE');
    expect(compositeKey([{ sku: 'A', qty: 1 }], '  ')).toBe('A:1:DE');
    expect(compositeKey([{ sku: 'A', qty: 1 }], null)).toBe('A:1:DE');
    expect(compositeKey([{ sku: 'A', qty: 1 }])).toBe('A:1:DE');
  });

  it('gives the empty string for no items', () => {
    expect(compositeKey([], 'AT')).toBe('');
  });

  it('keeps one entry per SKU, the last line winning, as the original does', () => {
    expect(
      compositeKey([
        { sku: 'A', qty: 1 },
        { sku: 'A', qty: 3 },
      ]),
    ).toBe('A:3:DE');
  });

  it('is the same for identical orders whatever the order of their lines, and differs by quantity or country', () => {
    const one = compositeKey(
      [
        { sku: 'SKU-B', qty: 1 },
        { sku: 'SKU-A', qty: 2 },
      ],
      'DE',
    );
    const two = compositeKey(
      [
        { sku: 'SKU-A', qty: 2 },
        { sku: 'SKU-B', qty: 1 },
      ],
      '',
    );
    expect(one).toBe(two);
    expect(
      compositeKey(
        [
          { sku: 'SKU-A', qty: 2 },
          { sku: 'SKU-B', qty: 2 },
        ],
        'DE',
      ),
    ).not.toBe(one);
    expect(
      compositeKey(
        [
          { sku: 'SKU-A', qty: 2 },
          { sku: 'SKU-B', qty: 1 },
        ],
        'AT',
      ),
    ).not.toBe(one);
  });

  it('sorts by code unit like the original (upper case before lower case, "A-10" before "A-2")', () => {
    expect(
      compositeKey(
        [
          { sku: 'a', qty: 1 },
          { sku: 'B', qty: 1 },
          { sku: 'A-2', qty: 1 },
          { sku: 'A-10', qty: 1 },
        ],
        'FR',
      ),
    ).toBe('A-10:1:A-2:1:B:1:a:1:FR');
  });

  it('adds up the lines of one SKU with sumBySku before keying, and parses a key back', () => {
    const lines = sumBySku([
      { sku: 'A', qty: 1 },
      { sku: 'B', qty: 2 },
      { sku: 'A', qty: 2 },
    ]);
    expect(compositeKey(lines, 'DE')).toBe('A:3:B:2:DE');
    expect(parseCompositeKey('A:3:B:2:DE')).toEqual({
      lines: [
        { sku: 'A', qty: 3 },
        { sku: 'B', qty: 2 },
      ],
      country: 'DE',
    });
    expect(parseCompositeKey('A:x:DE')).toBeNull();
    expect(parseCompositeKey('')).toBeNull();
  });
});
