import dayjs from 'dayjs';
import i18next from 'i18next';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The text for "no value" (spec §9 N/A) in the user's language: 无 in Chinese, k. A. in German. */
export function na(): string {
  const text = i18next.t('common.na');
  return text && text !== 'common.na' ? text : 'N/A';
}
const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Spec §9: `YYYY-MM-DD HH:mm:ss`, N/A for empty. */
export function formatDateTime(value: unknown): string {
  if (empty(value)) return na();
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : na();
}

/** The dotted Europe/Berlin form some screens ask for: `DD.MM.YYYY HH:mm`. */
export function formatBerlin(value: unknown): string {
  if (empty(value)) return na();
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.tz('Europe/Berlin').format('DD.MM.YYYY HH:mm') : na();
}

/** Money with two decimals and its currency. */
export function formatMoney(value: unknown, currency?: string, locale = 'en'): string {
  if (empty(value)) return na();
  const n = Number(value);
  if (!Number.isFinite(n)) return na();
  const tag = locale === 'de' ? 'de-DE' : locale === 'cn' ? 'zh-CN' : 'en-GB';
  const text = n.toLocaleString(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${text} ${currency}` : text;
}
