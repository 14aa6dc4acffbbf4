/** A text a spreadsheet would run as a formula (CSV/formula injection): =, +, -, @, tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises a text cell for a spreadsheet (OWASP "CSV injection"): a text starting with a formula
 * character gets a single quote in front, so Excel and LibreOffice show it as text. Numbers, dates and
 * booleans are left alone (a negative number is not a formula).
 */
export function neutralise<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reverse for imports: a file we wrote (or a user quoted by hand) reads back as the original text. */
export function unneutralise(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** CSV for spreadsheets: RFC 4180 quoting, CRLF lines, a UTF-8 BOM so Excel reads umlauts and Chinese, formula cells neutralised. */
export function toCsv(header: string[], rows: unknown[][]): Buffer {
  const cell = (value: unknown) => {
    const safe = neutralise(value);
    const text = safe === null || safe === undefined ? '' : safe instanceof Date ? safe.toISOString() : String(safe);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return Buffer.from('\ufeff' + lines.join('\r\n') + '\r\n', 'utf8');
}
