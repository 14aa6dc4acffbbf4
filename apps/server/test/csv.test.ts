import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addSafeRow, exportCell, neutralise, ServerLink, toCsv, unneutralise } from '../src/lib/csv.js';
import { configFor } from '../src/config.js';
import { readTableFile, tableLimits } from '../src/lib/table-file.js';

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
    const table = await readTableFile(Buffer.from(csv, 'utf8'), tableLimits(configFor()));
    expect(Object.values(table.rows[0]!.cells).map(unneutralise)).toEqual(['=HYPERLINK("http://x")', '-1.5', '@a,b']);
    expect(unneutralise("'plain")).toBe("'plain");
  });

  it('is what an XLSX text cell holds when written through it', async () => {
    const workbook = new ExcelJS.Workbook();
    addSafeRow(workbook.addWorksheet('s'), ['=1+1', 'ok']);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    expect(back.worksheets[0]!.getRow(1).getCell(1).value).toBe("'=1+1");
  });
});

describe('the one export cell writer', () => {
  it('never writes a formula: formula and rich-text objects become neutralised text', () => {
    expect(exportCell({ formula: 'HYPERLINK("http://x")' })).toBe('{"formula":"HYPERLINK(\\"http://x\\")"}');
    expect(exportCell({ richText: [{ text: '=1' }] })).toBe('{"richText":[{"text":"=1"}]}');
    expect(exportCell(['=1'])).toBe('["=1"]');
    expect(exportCell({ a: '=1' })).toBe('{"a":"=1"}');
    expect(exportCell(null)).toBeNull();
    expect(exportCell(-3)).toBe(-3);
  });

  it('writes a link only when the server built it from its own or an http(s) address, with a neutralised text', () => {
    expect(exportCell(ServerLink.to('/v0/static/abc', '=label'))).toEqual({ text: "'=label", hyperlink: '/v0/static/abc' });
    expect(exportCell(ServerLink.to('https://kontor.example/x', 'x'))).toEqual({ text: 'x', hyperlink: 'https://kontor.example/x' });
    for (const address of ['javascript:alert(1)', 'file:///etc/passwd', '=HYPERLINK("http://x")', 'data:text/html,x'])
      expect(() => ServerLink.to(address, 'x'), address).toThrow();
  });

  it('writes the same neutralised cell into CSV and XLSX', async () => {
    const csv = toCsv(['a'], [[{ formula: 'SUM(1)' }], ['@SUM(1)']]).toString('utf8');
    expect(csv).toBe('\ufeffa\r\n"{""formula"":""SUM(1)""}"\r\n\'@SUM(1)\r\n');
    const workbook = new ExcelJS.Workbook();
    addSafeRow(workbook.addWorksheet('s'), [{ formula: 'SUM(1)' }, '@SUM(1)', 5]);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const row = back.worksheets[0]!.getRow(1);
    expect([row.getCell(1).type, row.getCell(2).value, row.getCell(3).value]).toEqual([ExcelJS.ValueType.String, "'@SUM(1)", 5]);
  });
});
