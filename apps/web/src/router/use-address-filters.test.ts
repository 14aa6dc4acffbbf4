import { describe, expect, it } from 'vitest';
import { filtersFromAddress } from './use-address-filters.js';

describe('filtersFromAddress', () => {
  it('reads the named filters of a link: number lists, one number, text', () => {
    const params = new URLSearchParams('status=13,14&merchantId=3&rsd=..2026-11-24&id=99');
    expect(filtersFromAddress(params, { status: 'numbers', merchantId: 'number', rsd: 'text' })).toEqual({
      status: [13, 14],
      merchantId: 3,
      rsd: '..2026-11-24',
    });
  });

  it('leaves out empty and unreadable values', () => {
    const params = new URLSearchParams('status=abc&merchantId=&rsd=%20');
    expect(filtersFromAddress(params, { status: 'numbers', merchantId: 'number', rsd: 'text' })).toEqual({});
  });
});
