import { validationText, type Locale } from '@kontor/contracts';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { AppError } from '../http/app-error.js';
import { checkZip } from './zip-guard.js';

/** Rows of an uploaded table (CSV or XLSX): the header row's names, then one record per line. */
export interface TableFile {
  header: string[];
  /** `line` is the row number a user sees in the spreadsheet (header = 1). */
  rows: Array<{ line: number; cells: Record<string, string> }>;
}

/** What one import may read (docs/decisions.md "Import limits"; README: IMPORT_MAX_*). */
export interface TableLimits {
  maxBytes: number;
  maxRows: number;
  maxCells: number;
  maxInflatedBytes: number;
}

export const tableLimits = (config: Config): TableLimits => ({
  maxBytes: Math.floor(config.UPLOAD_MAX_MB * 1024 * 1024),
  maxRows: config.IMPORT_MAX_ROWS,
  maxCells: config.IMPORT_MAX_CELLS,
  maxInflatedBytes: config.IMPORT_MAX_INFLATED_MB * 1024 * 1024,
});

/** Rows read between two turns of the event loop: other requests wait at most this much reading. */
export const ROWS_PER_TURN = 500;
/** Lets the event loop serve other requests (timers, sockets, I/O) before the work goes on. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

// eslint-disable-next-line no-control-regex -- NUL cannot be stored in PostgreSQL text
const clean = (cell: string) => (cell.includes('\u0000') ? cell.replace(/\u0000/g, '') : cell);

const isZip = (data: Buffer) => data[0] === 0x50 && data[1] === 0x4b;

const refuse = (key: 'tooManyRows' | 'tooManyCells' | 'unreadableFile' | 'inflatedTooLarge', locale: Locale, params?: Record<string, unknown>) =>
  new AppError('IntegrityError', { detail: validationText(key, locale, params) });

/** Collects rows into a TableFile, counting rows and cells against the limits and yielding to the event loop. */
class TableBuilder {
  header: string[] = [];
  rows: TableFile['rows'] = [];
  private cells = 0;
  private seen = 0;

  constructor(
    private readonly limits: TableLimits,
    private readonly locale: Locale,
  ) {}

  /** One row as the file has it (`line` 1 is the header); `width` is how many cells the parser made. */
  async add(line: number, values: (count: number) => string[], width: number): Promise<void> {
    this.cells += Math.max(width, 1);
    if (this.cells > this.limits.maxCells) throw refuse('tooManyCells', this.locale, { max: this.limits.maxCells });
    if (line === 1) this.header = values(width).map((h) => clean(h).trim());
    else {
      const cells = values(this.header.length).map(clean);
      if (!cells.every((c) => c.trim() === '')) {
        if (this.rows.length >= this.limits.maxRows) throw refuse('tooManyRows', this.locale, { max: this.limits.maxRows });
        this.rows.push({ line, cells: Object.fromEntries(this.header.map((name, col) => [name, (cells[col] ?? '').trim()])) });
      }
    }
    if (++this.seen % ROWS_PER_TURN === 0) await yieldToLoop();
  }
}

/**
 * Reads the first sheet of an XLSX file or a CSV (comma or semicolon, quoted fields, UTF-8 with or
 * without BOM) as a stream (issue 15 item 1): linear in the file, a turn of the event loop every
 * ROWS_PER_TURN rows, refused with a translated IntegrityError beyond the upload size, the row and
 * cell limits, or (XLSX) an inflated size that marks a zip bomb.
 */
export async function readTableFile(data: Buffer, limits: TableLimits, locale: Locale = 'en'): Promise<TableFile> {
  if (data.length > limits.maxBytes) throw new AppError('PayloadTooLarge', { params: { maxMb: Math.round((limits.maxBytes / 1024 / 1024) * 100) / 100 } });
  const table = new TableBuilder(limits, locale);
  if (isZip(data)) await readXlsx(data, table, limits, locale);
  // A NUL byte is no UTF-8 text table: a binary file, or UTF-16 ("Unicode text" from Excel).
  else if (data.subarray(0, 64 * 1024).includes(0)) throw refuse('unreadableFile', locale);
  else await readCsv(data.toString('utf8').replace(/^\ufeff/, ''), table);
  return { header: table.header, rows: table.rows };
}

async function readXlsx(data: Buffer, table: TableBuilder, limits: TableLimits, locale: Locale): Promise<void> {
  const refusal = await checkZip(data, limits.maxInflatedBytes);
  if (refusal === 'inflatedTooLarge') throw refuse('inflatedTooLarge', locale, { maxMb: Math.round(limits.maxInflatedBytes / 1024 / 1024) });
  if (refusal) throw refuse('unreadableFile', locale);
  // Styles are kept so that date cells read as dates; hyperlinks and the rest are skipped.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        await table.add(row.number, (count) => Array.from({ length: count }, (_, i) => row.getCell(i + 1).text ?? ''), row.cellCount);
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('unreadableFile', locale);
  }
  // A ZIP without a worksheet (a DOCX, an archive named .xlsx) is no table.
  if (sheets === 0) throw refuse('unreadableFile', locale);
}

/** RFC 4180 with the delimiter guessed from the header line (Excel in Germany writes semicolons). */
async function readCsv(text: string, table: TableBuilder): Promise<void> {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let line = 0;
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    const done = row;
    row = [];
    cell = '';
    return table.add(++line, () => done, done.length);
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      await endRow();
    } else cell += ch;
  }
  if (cell !== '' || row.length) await endRow();
}
