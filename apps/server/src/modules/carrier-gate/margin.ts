/**
 * The gate's price of a label (docs/carrier-gate.md "Bills"): the carrier's cost plus the user's margin,
 * a share of the cost in basis points (1250 = 12.5 %) rounded to the cent half away from zero, plus a
 * fixed amount per label. Integer cents throughout, so a bill's total is the exact sum of its lines.
 */
export function marginOf(costMinor: number, marginBp: number, fixedMinor: number): number {
  const share = Math.floor((Math.abs(costMinor) * marginBp + 5000) / 10000);
  return (costMinor < 0 ? -share : share) + fixedMinor;
}

/** `2026-10` → the month's first instant and the next month's, in the warehouse's time zone (Europe/Berlin). */
export function periodBounds(period: string): { from: Date; to: Date } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: berlinMidnight(`${period}-01`), to: berlinMidnight(`${next}-01`) };
}

/** Midnight of a day in Europe/Berlin as an instant (its offset is +01:00 or +02:00). */
function berlinMidnight(day: string): Date {
  for (const offset of ['+01:00', '+02:00']) {
    const candidate = new Date(`${day}T00:00:00${offset}`);
    const shown = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(candidate);
    if (shown.startsWith(day) && shown.endsWith('00')) return candidate;
  }
  return new Date(`${day}T00:00:00+01:00`);
}

/** The month before the one `now` falls in, in Europe/Berlin: the bills the monthly run builds. */
export function lastMonth(now = new Date()): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
