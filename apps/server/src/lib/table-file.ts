import ExcelJS from 'exceljs';

/** Rows of an uploaded table (CSV or XLSX): the header row's names, then one record per line. */
export interface TableFile {
  header: string[];
  /** `line` is the row number a user sees in the spreadsheet (header = 1). */
  rows: Array<{ line: number; cells: Record<string, string> }>;
}

const isZip = (data: Buffer) => data[0] === 0x50 && data[1] === 0x4b;

/** Reads the first sheet of an XLSX file or a CSV (comma or semicolon, quoted fields, UTF-8 with or without BOM). */
export async function readTableFile(data: Buffer): Promise<TableFile> {
  const grid = isZip(data) ? await readXlsx(data) : readCsv(data.toString('utf8').replace(/^\ufeff/, ''));
  const [head = [], ...body] = grid;
  const header = head.map((h) => h.trim());
  const rows: TableFile['rows'] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    rows.push({ line: i + 2, cells: Object.fromEntries(header.map((name, col) => [name, (cells[col] ?? '').trim()])) });
  });
  return { header, rows };
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let col = 1; col <= sheet.columnCount; col++) cells.push(row.getCell(col).text ?? '');
    grid[number - 1] = cells;
  });
  return Array.from(grid, (row) => row ?? []);
}

/** RFC 4180 with the delimiter guessed from the header line (Excel in Germany writes semicolons). */
export function readCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const grid: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
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
      row.push(cell);
      grid.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    grid.push(row);
  }
  return grid;
}
