/**
 * Best-before dates as receivers type or scan them (issue 5 §2): `2027-03-31`, `20270331`,
 * `31.03.2027`, `31/03/2027` or with a two-digit year `31.03.27`. Answers `YYYY-MM-DD`, or null for
 * anything that is not a real calendar day.
 */
export function parseExpiry(text: string): string | null {
  const value = text.trim();
  let parts: [string, string, string] | null = null;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (match) parts = [match[1]!, match[2]!, match[3]!];
  else if ((match = /^(\d{1,2})[./](\d{1,2})[./](\d{4}|\d{2})$/.exec(value))) {
    const year = match[3]!.length === 2 ? `20${match[3]}` : match[3]!;
    parts = [year, match[2]!, match[1]!];
  }
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Today as `YYYY-MM-DD` in the browser's time zone, to tell an expired date. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
