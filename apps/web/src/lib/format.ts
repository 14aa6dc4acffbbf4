import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

const NA = 'N/A';
const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Spec §9: `YYYY-MM-DD HH:mm:ss`, N/A for empty. */
export function formatDateTime(value: unknown): string {
  if (empty(value)) return NA;
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : NA;
}

/** The dotted Europe/Berlin form some screens ask for: `DD.MM.YYYY HH:mm`. */
export function formatBerlin(value: unknown): string {
  if (empty(value)) return NA;
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.tz('Europe/Berlin').format('DD.MM.YYYY HH:mm') : NA;
}

/** Money with two decimals and its currency. */
export function formatMoney(value: unknown, currency?: string, locale = 'en'): string {
  if (empty(value)) return NA;
  const n = Number(value);
  if (!Number.isFinite(n)) return NA;
  const tag = locale === 'de' ? 'de-DE' : locale === 'cn' ? 'zh-CN' : 'en-GB';
  const text = n.toLocaleString(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${text} ${currency}` : text;
}
