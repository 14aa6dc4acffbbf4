import type ExcelJS from 'exceljs';

/**
 * THE cell writer of every export (CSV and XLSX, issue 15 item 6): a value a user typed never reaches a
 * spreadsheet as something it would run. Every export writes its rows through `exportCell` (CSV via
 * `toCsv`, XLSX via `addSafeRow`); eslint refuses a direct `addRow` elsewhere in the server.
 */

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

/**
 * A link a user can click in an exported sheet. Only the server builds one, from an address it made
 * itself (its own `/v0/...` path or an http(s) URL of its configuration), never from user text; the
 * shown text is neutralised like any other cell.
 */
export class ServerLink {
  private constructor(
    readonly hyperlink: string,
    readonly text: string,
  ) {}

  static to(address: string, text: string): ServerLink {
    const internal = /^\/v0\/[\w\-./]*$/.test(address);
    let external = false;
    try {
      external = ['http:', 'https:'].includes(new URL(address).protocol);
    } catch {
      external = false;
    }
    if (!internal && !external) throw new Error(`not a link the server may write: ${address}`);
    return new ServerLink(address, text);
  }
}

export type ExportValue = string | number | boolean | Date | null | undefined | ServerLink;

/**
 * One exported cell: text neutralised, numbers, booleans and dates as they are, a ServerLink as a
 * hyperlink object; anything else (a formula or rich-text object, a JSON value) becomes neutralised
 * text, so no cell of an export is ever a formula.
 */
export function exportCell(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return neutralise(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (value instanceof ServerLink) return { text: neutralise(value.text), hyperlink: value.hyperlink };
  if (typeof value === 'bigint') return Number(value);
  return neutralise(JSON.stringify(value));
}

/** The text of a cell in a CSV file. */
function csvText(value: unknown): string {
  const cell = exportCell(value);
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'object' && 'hyperlink' in cell) return cell.hyperlink;
  return String(cell);
}

/** CSV for spreadsheets: RFC 4180 quoting, CRLF lines, a UTF-8 BOM so Excel reads umlauts and Chinese, every cell through `exportCell`. */
export function toCsv(header: string[], rows: unknown[][]): Buffer {
  const cell = (value: unknown) => {
    const text = csvText(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return Buffer.from('\ufeff' + lines.join('\r\n') + '\r\n', 'utf8');
}

/** Adds one row to a worksheet (plain or streaming), every cell through `exportCell`; a streaming caller commits it. */
export function addSafeRow<R>(sheet: { addRow(values: unknown[]): R }, values: readonly unknown[]): R {
  // eslint-disable-next-line no-restricted-syntax -- the one place a row is written
  return sheet.addRow(values.map(exportCell));
}
