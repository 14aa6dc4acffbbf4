import { describe, expect, it } from 'vitest';
import { fromCents, lastMonth } from './gate-api.js';

describe('carrier gate helpers', () => {
  it('names last month in Berlin time, across a year and at midnight UTC', () => {
    expect(lastMonth(new Date('2026-03-15T12:00:00Z'))).toBe('2026-02');
    expect(lastMonth(new Date('2026-01-02T00:00:00Z'))).toBe('2025-12');
    // 23:30 UTC on 31 October is already 1 November in Berlin.
    expect(lastMonth(new Date('2026-10-31T23:30:00Z'))).toBe('2026-10');
  });
  it('turns cents into the decimal the money formatter takes', () => {
    expect(fromCents(567)).toBe(5.67);
    expect(fromCents(-5)).toBe(-0.05);
  });
});
