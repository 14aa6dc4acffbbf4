import { validationText } from '@kontor/contracts';
import { describe, expect, it } from 'vitest';
import { configFor } from '../src/config.js';
import { readTableFile, tableLimits, type TableLimits } from '../src/lib/table-file.js';
import { xlsxOf, zipOf } from './helpers/zip-files.js';

/** Reading uploaded tables (issue 15 item 1): streamed, linear, bounded, zip bombs refused. */
const limits: TableLimits = { ...tableLimits(configFor()), maxRows: 1000, maxCells: 10_000, maxInflatedBytes: 5 * 1024 * 1024 };
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as { options?: { detail?: string }; code?: string }).options?.detail ?? (error as Error).message;
  }
  return 'read';
};

describe('readTableFile', () => {
  it('reads an XLSX as a stream with its line numbers, skipping empty rows', async () => {
    const file = await xlsxOf(['sku', 'name'], 3, (i) => (i === 1 ? ['', ''] : [`S${i}`, `Name ${i}`]));
    const table = await readTableFile(file, limits);
    expect(table.header).toEqual(['sku', 'name']);
    expect(table.rows).toEqual([
      { line: 2, cells: { sku: 'S0', name: 'Name 0' } },
      { line: 4, cells: { sku: 'S2', name: 'Name 2' } },
    ]);
  });

  it('reads 40,000 XLSX rows in linear time (the quadratic reader took 200 s)', async () => {
    const file = await xlsxOf(['sku', 'name'], 40_000, (i) => [`S${i}`, `Name ${i}`]);
    const started = Date.now();
    const table = await readTableFile(file, { ...limits, maxRows: 100_000, maxCells: 1_000_000, maxInflatedBytes: 100 * 1024 * 1024 });
    expect(table.rows).toHaveLength(40_000);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 60_000);

  it('refuses more rows or cells than the limits, in the user’s language', async () => {
    const csv = Buffer.from(['sku,name', ...Array.from({ length: 1001 }, (_, i) => `S${i},N`)].join('\n'));
    expect(await refusal(readTableFile(csv, limits, 'de'))).toBe(validationText('tooManyRows', 'de', { max: 1000 }));
    const wide = Buffer.from(Array.from({ length: 3 }, () => Array.from({ length: 4000 }, () => 'x').join(',')).join('\n'));
    expect(await refusal(readTableFile(wide, limits, 'cn'))).toBe(validationText('tooManyCells', 'cn', { max: 10_000 }));
  });

  it('refuses a zip bomb, also one whose sizes lie or that hides an entry from the directory', async () => {
    const bomb = Buffer.alloc(20 * 1024 * 1024);
    const expected = validationText('inflatedTooLarge', 'en', { maxMb: 5 });
    expect(await refusal(readTableFile(zipOf([{ name: 'xl/sharedStrings.xml', data: bomb }]), limits))).toBe(expected);
    expect(await refusal(readTableFile(zipOf([{ name: 'xl/sharedStrings.xml', data: bomb, declaredSize: 100 }]), limits))).toBe(expected);
    const hidden = zipOf([
      { name: 'xl/worksheets/sheet1.xml', data: bomb, hidden: true },
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    ]);
    expect(await refusal(readTableFile(hidden, limits))).toBe(validationText('unreadableFile', 'en'));
  });

  it('refuses a damaged XLSX, a binary file and a file beyond the upload limit', async () => {
    const file = await xlsxOf(['sku'], 10, (i) => [`S${i}`]);
    expect(await refusal(readTableFile(file.subarray(0, file.length - 40), limits))).toBe(validationText('unreadableFile', 'en'));
    expect(await refusal(readTableFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), limits))).toBe(validationText('unreadableFile', 'en'));
    expect(await refusal(readTableFile(Buffer.alloc(2048, 'a'), { ...limits, maxBytes: 1024 }))).toBe('PayloadTooLarge');
  });
});
