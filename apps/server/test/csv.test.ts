import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutralise, toCsv, unneutralise } from '../src/lib/csv.js';
import { readTableFile } from '../src/lib/table-file.js';

describe('formula neutralisation', () => {
  it('prefixes a single quote to text starting with =, +, -, @, tab or carriage return', () => {
    for (const text of ['=1+2', '+49 30 1234', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd']) expect(neutralise(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text, numbers, dates and empty cells alone', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect([neutralise('Erika'), neutralise('a=b'), neutralise(''), neutralise(-5), neutralise(at), neutralise(null)]).toEqual([
      'Erika',
      'a=b',
      '',
      -5,
      at,
      null,
    ]);
  });

  it('writes neutralised cells into CSV, quoted where needed, and a neutralised cell reads back as the original', async () => {
    const csv = toCsv(['a', 'b', 'c'], [['=HYPERLINK("http://x")', -1.5, '@a,b']]).toString('utf8');
    expect(csv).toBe('\ufeffa,b,c\r\n"\'=HYPERLINK(""http://x"")",-1.5,"\'@a,b"\r\n');
    const table = await readTableFile(Buffer.from(csv, 'utf8'));
    expect(Object.values(table.rows[0]!.cells).map(unneutralise)).toEqual(['=HYPERLINK("http://x")', '-1.5', '@a,b']);
    expect(unneutralise("'plain")).toBe("'plain");
  });

  it('is what an XLSX text cell holds when written through it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('s').addRow(['=1+1', 'ok'].map(neutralise));
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    expect(back.worksheets[0]!.getRow(1).getCell(1).value).toBe("'=1+1");
  });
});
