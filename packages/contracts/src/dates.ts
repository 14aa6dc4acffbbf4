/**
 * Dates as spec §9 shows them: `YYYY-MM-DD HH:mm:ss` by default, the dotted `DD.MM.YYYY HH:mm` in the
 * Europe/Berlin time zone where a screen or document asks for it, and N/A (in the user's language,
 * passed in by the caller) for an empty or unreadable date. Plain Intl, so the server's documents and
 * the web show the same text.
 */
export const BERLIN = 'Europe/Berlin';

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare day is that day's midnight where it is shown (as a person reads "2026-12-01"), not UTC's.
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function parts(d: Date, timeZone?: string): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(d).map((p) => [p.type, p.value]));
}

/** `YYYY-MM-DD HH:mm:ss` in the given time zone (the runtime's own when absent). */
export function formatDateTime(value: DateInput, options: { timeZone?: string; na?: string } = {}): string {
  const d = toDate(value);
  if (!d) return options.na ?? 'N/A';
  const p = parts(d, options.timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `YYYY-MM-DD` in the given time zone (the runtime's own when absent). */
export function formatDate(value: DateInput, options: { timeZone?: string; na?: string } = {}): string {
  const d = toDate(value);
  if (!d) return options.na ?? 'N/A';
  const p = parts(d, options.timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The warehouse's day of an instant, `YYYY-MM-DD` in the warehouse's time zone (Europe/Berlin unless
 * told): what "today" means on the floor (late orders, inbound due today), which an hour after midnight
 * in Hamburg is already the next day while UTC (the database's clock) still says the last one.
 */
export function warehouseDay(now: Date = new Date(), timeZone: string = BERLIN): string {
  return formatDate(now, { timeZone });
}

/** The hour of the day (0–23) at `now` in `timeZone`: the floor's throughput chart runs up to it. */
export function warehouseHour(now: Date = new Date(), timeZone: string = BERLIN): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
}

/** The dotted Europe/Berlin form: `DD.MM.YYYY HH:mm`. */
export function formatBerlin(value: DateInput, na = 'N/A'): string {
  const d = toDate(value);
  if (!d) return na;
  const p = parts(d, BERLIN);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}
