import type { Locale } from '@kontor/contracts';
import { ORDER_IMPORT_COLUMNS } from '@kontor/contracts/domains/outbound';
import ExcelJS from 'exceljs';
import { addSafeRow, toCsv } from '../../lib/csv.js';
import { EXPORT_TEXTS as T, HEADERS } from './export-texts.js';

type Column = (typeof ORDER_IMPORT_COLUMNS)[number];

/** One example line; the SKU is the merchant's own when there is one. */
function exampleRow(sku: string): string[] {
  const pickup = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const example: Record<Column, string> = {
    refOrderId: 'SHOP-10001',
    typeOfTask: 'B2C',
    modeOfTransport: 'parcel',
    priority: 'normal',
    pickupDate: pickup,
    unitQty: '1',
    weight: '0.5',
    carrier: 'DHL',
    name1: 'Erika Mustermann',
    name2: '',
    streetName: 'Hauptstraße',
    streetNumber: '5',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    phone: '030 1234567',
    email: 'erika@example.com',
    remark: '',
    sku,
    quantity: '1',
    batch: '',
  };
  return ORDER_IMPORT_COLUMNS.map((c) => example[c]);
}

/**
 * The import template (issue 7 §6): the ORDER_IMPORT_COLUMNS headers and one example row. The XLSX
 * has a second sheet with the merchant's SKUs and names as a hint; the CSV only the example.
 */
export async function orderTemplate(format: 'xlsx' | 'csv', locale: Locale, items: Array<{ sku: string; name: string }>): Promise<Buffer> {
  const row = exampleRow(items[0]?.sku ?? 'SKU-1');
  if (format === 'csv') return toCsv([...ORDER_IMPORT_COLUMNS], [row]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  addSafeRow(sheet, ORDER_IMPORT_COLUMNS).font = { bold: true };
  // Every cell as text, so Excel keeps a ZIP's leading zero and a date as typed.
  addSafeRow(sheet, row);
  sheet.columns.forEach((column) => {
    column.width = 16;
    column.numFmt = '@';
  });
  sheet.getCell(1, 1).note = T.example[locale];
  if (items.length) {
    const skus = workbook.addWorksheet(T.skusSheet[locale]);
    addSafeRow(skus, [HEADERS.sku[locale], HEADERS.name[locale]]).font = { bold: true };
    for (const item of items) addSafeRow(skus, [item.sku, item.name]);
    skus.getColumn(1).width = 20;
    skus.getColumn(2).width = 40;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
