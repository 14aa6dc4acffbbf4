import { formatBerlin as berlin, formatDateTime as dateTime } from '@kontor/contracts/dates';
import { formatMoney as moneyFormat, toCents } from '@kontor/contracts/money';
import i18next from 'i18next';

/** The text for "no value" (spec §9 N/A) in the user's language: 无 in Chinese, k. A. in German. */
export function na(): string {
  const text = i18next.t('common.na');
  return text && text !== 'common.na' ? text : 'N/A';
}
const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Spec §9: `YYYY-MM-DD HH:mm:ss` in the browser's time zone, N/A for empty (contracts/dates.ts). */
export function formatDateTime(value: unknown): string {
  return dateTime(value as string | number | Date | null, { na: na() });
}

/** The dotted Europe/Berlin form some screens ask for: `DD.MM.YYYY HH:mm`. */
export function formatBerlin(value: unknown): string {
  return berlin(value as string | number | Date | null, na());
}

/** A decimal amount with two decimals (rounded as contracts/money.ts rounds) and its currency. */
export function formatMoney(value: unknown, currency?: string, locale = 'en'): string {
  if (empty(value)) return na();
  const n = Number(value);
  if (!Number.isFinite(n)) return na();
  const text = moneyFormat({ amount: toCents(n), currency: 'EUR' }, locale).replace(/ EUR$/, '');
  return currency ? `${text} ${currency}` : text;
}
