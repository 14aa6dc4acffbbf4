import { z } from 'zod';

/**
 * Money (spec §9: currencies EUR and USD, two decimals). An amount is an integer number of minor units
 * (cents) with its currency, so sums never drift; decimals are rounded to cents here and nowhere else,
 * half away from zero, from the decimal text of the value (1.005 is 1.01, as a person reads it, not
 * 1.00 as binary floating point would round it).
 */
export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Money {
  /** Minor units (cents), a safe integer. */
  amount: number;
  currency: Currency;
}

export const currencySchema = z.enum(CURRENCIES);
export const moneySchema = z.strictObject({ amount: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), currency: currencySchema });

/** Digits of a decimal value without exponent, e.g. 1e-7 as "0.0000001". */
function decimalText(value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/e/i.test(text)) return text;
  const n = Number(text);
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) throw new RangeError(`Not a money value: ${text}`);
  return n.toFixed(20).replace(/0+$/, '');
}

/** A decimal value (number or text such as "12.345" or "-0.5") in cents, rounded half away from zero. */
export function toCents(value: number | string): number {
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(decimalText(value));
  if (!match || (match[2] === '' && !match[3])) throw new RangeError(`Not a money value: ${String(value)}`);
  const [, sign, whole = '', fraction = ''] = match;
  const padded = fraction.padEnd(3, '0');
  let cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money value too large: ${String(value)}`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Rounds a decimal value to two decimals, the one rounding rule of Kontor. */
export const roundMoney = (value: number | string): number => toCents(value) / 100;

export const money = (value: number | string, currency: Currency): Money => ({ amount: toCents(value), currency });

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`Cannot combine ${a.currency} with ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: a.amount + b.amount, currency: a.currency };
}

export function sumMoney(items: readonly Money[], currency: Currency): Money {
  return items.reduce((total, m) => addMoney(total, m), { amount: 0, currency });
}

/** A price times a quantity or rate (e.g. 3 units, 0.19 VAT), rounded to cents once, at the end. */
export function multiplyMoney(m: Money, factor: number): Money {
  return { amount: toCents((m.amount * factor) / 100), currency: m.currency };
}

/** "12.34" — the decimal text of an amount, for files and carriers' customs data. */
export function moneyText(m: Money): string {
  const sign = m.amount < 0 ? '-' : '';
  const abs = Math.abs(m.amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const LOCALE_TAGS: Record<string, string> = { en: 'en-GB', de: 'de-DE', cn: 'zh-CN' };

/** An amount as a user reads it: two decimals in the locale's digits, then the currency. */
export function formatMoney(m: Money, locale = 'en'): string {
  const text = (m.amount / 100).toLocaleString(LOCALE_TAGS[locale] ?? 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${text} ${m.currency}`;
}
