/** CSV for spreadsheets: RFC 4180 quoting, CRLF lines, a UTF-8 BOM so Excel reads umlauts and Chinese. */
export function toCsv(header: string[], rows: unknown[][]): Buffer {
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
    // A leading =, +, - or @ would be run as a formula by spreadsheets (CSV injection).
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return Buffer.from('\ufeff' + lines.join('\r\n') + '\r\n', 'utf8');
}
