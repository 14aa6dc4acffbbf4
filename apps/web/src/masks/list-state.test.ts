import { describe, expect, it } from 'vitest';
import { apiParams, rangeValue, readListState, splitRange, withChange, writeListState } from './list-state.js';

describe('list state in the URL', () => {
  it('reads search, sort, size, cursor and repeated filters, and writes them back the same', () => {
    const search = 'q=box&s=rate&d=desc&l=100&o=abc&f.country=DE&f.kind=reduced&f.kind=zero&f.validFrom=2026-01-01..';
    const state = readListState(search);
    expect(state).toEqual({
      q: 'box',
      s: 'rate',
      d: 'desc',
      l: 100,
      o: 'abc',
      filters: { country: 'DE', kind: ['reduced', 'zero'], validFrom: '2026-01-01..' },
    });
    expect(readListState(writeListState(state))).toEqual(state);
    expect(apiParams(state)).toEqual({ country: 'DE', kind: ['reduced', 'zero'], validFrom: '2026-01-01..', l: 100, o: 'abc', q: 'box', s: 'rate', d: 'desc' });
  });

  it('falls back to 25 rows for a page size that is not offered, and ignores a bad order', () => {
    expect(readListState('l=33&d=up')).toMatchObject({ l: 25, d: undefined });
    expect(readListState('l=1000').l).toBe(1000);
    expect(writeListState(readListState('l=25')).toString()).toBe('');
  });

  it('starts at the first page again when the filter changes', () => {
    const state = readListState('o=cursor&q=a');
    expect(withChange(state, { q: 'b' })).toMatchObject({ q: 'b', o: undefined });
  });

  it('writes and splits ranges with open ends', () => {
    expect(rangeValue(1, null)).toBe('1..');
    expect(rangeValue(undefined, '2026-12-31')).toBe('..2026-12-31');
    expect(rangeValue(null, undefined)).toBe('');
    expect(splitRange('5..9')).toEqual(['5', '9']);
    expect(splitRange('..9')).toEqual(['', '9']);
  });
});
