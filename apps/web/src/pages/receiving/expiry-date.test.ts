import { describe, expect, it } from 'vitest';
import { parseExpiry, todayIso } from './expiry-date.js';

describe('parseExpiry', () => {
  it('reads the ways receivers type a best-before date', () => {
    expect(parseExpiry('2027-03-31')).toBe('2027-03-31');
    expect(parseExpiry(' 2027-3-1 ')).toBe('2027-03-01');
    expect(parseExpiry('20270331')).toBe('2027-03-31');
    expect(parseExpiry('31.03.2027')).toBe('2027-03-31');
    expect(parseExpiry('1.3.2027')).toBe('2027-03-01');
    expect(parseExpiry('31/03/2027')).toBe('2027-03-31');
    expect(parseExpiry('31.03.27')).toBe('2027-03-31');
    expect(parseExpiry('29.02.2028')).toBe('2028-02-29');
  });

  it('refuses what is not a calendar day', () => {
    for (const text of ['', 'tomorrow', '2027-02-30', '31.04.2027', '29.02.2027', '2027-13-01', '03/31/2027', '2027.03.31', '310327'])
      expect(parseExpiry(text), text).toBeNull();
  });

  it('gives today in local time', () => {
    expect(todayIso(new Date(2027, 0, 5, 23, 30))).toBe('2027-01-05');
  });
});
