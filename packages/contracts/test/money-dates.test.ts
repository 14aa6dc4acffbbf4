import { describe, expect, it } from 'vitest';
import { formatBerlin, formatDate, formatDateTime } from '../src/dates.js';
import { addMoney, formatMoney, money, moneySchema, moneyText, multiplyMoney, roundMoney, sumMoney, toCents } from '../src/money.js';

describe('money', () => {
  it('rounds to cents half away from zero from the decimal text, not the binary float', () => {
    expect([1.005, 2.675, '12.345', '-0.005', 0.1 + 0.2, '7', '3,5', 1e-7].map(toCents)).toEqual([101, 268, 1235, -1, 30, 700, 350, 0]);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(() => toCents('12a')).toThrow(RangeError);
    expect(() => toCents('')).toThrow(RangeError);
    expect(() => toCents(1e22)).toThrow(RangeError);
  });

  it('adds in cents so that sums never drift, and never across currencies', () => {
    const tenCents = money(0.1, 'EUR');
    expect(
      sumMoney(
        Array.from({ length: 10 }, () => tenCents),
        'EUR',
      ),
    ).toEqual({ amount: 100, currency: 'EUR' });
    expect(() => addMoney(tenCents, money(0.1, 'USD'))).toThrow(/EUR with USD/);
  });

  it('multiplies and rounds once, writes decimal text and the user-facing form', () => {
    expect(multiplyMoney(money('19.99', 'EUR'), 3)).toEqual({ amount: 5997, currency: 'EUR' });
    expect(multiplyMoney(money('10.05', 'EUR'), 0.19)).toEqual({ amount: 191, currency: 'EUR' });
    expect(moneyText({ amount: -5, currency: 'USD' })).toBe('-0.05');
    expect(moneyText({ amount: 123456, currency: 'EUR' })).toBe('1234.56');
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'de')).toBe('1.234,56 EUR');
    expect(formatMoney({ amount: 123456, currency: 'USD' }, 'en')).toBe('1,234.56 USD');
    expect(moneySchema.safeParse({ amount: 1.5, currency: 'EUR' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: 150, currency: 'GBP' }).success).toBe(false);
  });
});

describe('dates', () => {
  const winter = '2026-01-15T10:04:05Z';
  const summer = '2026-07-15T10:04:05Z';
  it('shows YYYY-MM-DD HH:mm:ss in a time zone, and the dotted Berlin form with summer time', () => {
    expect(formatDateTime(winter, { timeZone: 'UTC' })).toBe('2026-01-15 10:04:05');
    expect(formatDate(summer, { timeZone: 'Europe/Berlin' })).toBe('2026-07-15');
    expect(formatBerlin(winter)).toBe('15.01.2026 11:04');
    expect(formatBerlin(summer)).toBe('15.07.2026 12:04');
    expect(formatDateTime('2026-01-15T23:30:00Z', { timeZone: 'Europe/Berlin' })).toBe('2026-01-16 00:30:00');
  });

  it('shows the caller N/A text for an empty or unreadable date', () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('', { na: '无' })).toBe('无');
    expect(formatBerlin('not a date', 'k. A.')).toBe('k. A.');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDateTime('2026-12-01')).toBe('2026-12-01 00:00:00');
  });
});
