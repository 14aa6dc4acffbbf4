/** Time zones of exports: the user's own (from the browser), UTC when absent or unknown. */
export function zoneOf(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

const wallClock = (at: Date, tz: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
};

/** An instant as the wall-clock time in the zone, as an Excel date (Excel dates carry no zone). */
export function localTime(at: string | Date | null | undefined, tz: string): Date | null {
  if (!at) return null;
  return new Date(`${wallClock(new Date(at), tz)}Z`);
}

/** The instant a wall-clock time of the zone names (exact but for the hour a clock change skips). */
function instantOf(local: string, tz: string): Date {
  const guess = new Date(`${local}Z`);
  const offset = new Date(`${wallClock(guess, tz)}Z`).getTime() - guess.getTime();
  return new Date(guess.getTime() - offset);
}

/** `from..to` of days (2026-03-01..2026-03-31) as the instants from the first day's start to the last day's end in the zone. */
export function wholeDays(range: string, tz: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const [from = '', to] = range.split('..');
  if (to === undefined) return day.test(from) ? wholeDays(`${from}..${from}`, tz) : range;
  const start = day.test(from) ? instantOf(`${from}T00:00:00`, tz).toISOString() : from;
  const next = day.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : '';
  const end = next ? new Date(instantOf(`${next}T00:00:00`, tz).getTime() - 1).toISOString() : to;
  return `${start}..${end}`;
}
