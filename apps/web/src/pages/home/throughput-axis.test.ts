import { describe, expect, it } from 'vitest';
import { hourAxis } from './ThroughputChart.js';

describe('hourAxis', () => {
  it('runs from 06:00 (or the first hour with work) to the current hour, empty hours as zero', () => {
    const axis = hourAxis([{ hour: 8, packed: 3, shipped: 1 }], 10);
    expect(axis.map((h) => h.hour)).toEqual([6, 7, 8, 9, 10]);
    expect(axis[2]).toEqual({ hour: 8, packed: 3, shipped: 1 });
    expect(axis[0]).toEqual({ hour: 6, packed: 0, shipped: 0 });
    expect(hourAxis([{ hour: 4, packed: 1, shipped: 0 }], 5).map((h) => h.hour)).toEqual([4, 5]);
  });
});
