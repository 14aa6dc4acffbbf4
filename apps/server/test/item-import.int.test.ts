import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let merchantA: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [merchantA, admin] = await Promise.all([t.login('merchant-a@demo.local'), t.login('admin@demo.local')]);
});
afterAll(async () => {
  await t?.close();
});

function multipart(name: string, data: Buffer) {
  const boundary = '----kontor' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a file, imports it, runs the job and answers the finished job. */
async function importFile(token: string, name: string, data: Buffer, options: Record<string, unknown> = {}) {
  const uploaded = await t.call({ method: 'POST', url: '/v0/statics/upload/intern', token, ...multipart(name, data) });
  expect(uploaded.body.code).toBe('OK');
  const queued = await t.call({ method: 'POST', url: '/v0/items/import', token, payload: { fileId: uploaded.body.data.id, ...options } });
  expect(queued.body.code, JSON.stringify(queued.body)).toBe('OK');
  await t.core.jobs!.runner!.drain();
  return (await t.call({ method: 'GET', url: `/v0/jobs/${queued.body.data.id}`, token })).body.data;
}
const skus = async (token: string, q: string) =>
  (await t.call({ method: 'GET', url: `/v0/items/?q=${q}&l=100`, token })).body.data.data.map((i: { sku: string }) => i.sku).sort();

describe('item import', () => {
  it('imports a German semicolon CSV with decimal commas and several barcodes', async () => {
    const csv =
      'SKU;Name;Barcodes;Weight;Serial required\r\nIMP-1;Lampe groß;4000000000011|4000000000028;0,75;ja\r\nIMP-2;"Kabel; 2 m";4000000000035;0,1;nein\r\n';
    const job = await importFile(merchantA, 'items.csv', Buffer.from('\ufeff' + csv));
    expect(job).toMatchObject({ status: 'done', result: { rows: 2, imported: 2, failed: 0 } });
    const found = (await t.call({ method: 'GET', url: '/v0/item/any?q=4000000000028', token: merchantA })).body.data;
    expect(found).toMatchObject({ unid: 'IMP-1', name: 'Lampe groß', weight: 0.75, serialRequired: true });
    expect((await t.call({ method: 'GET', url: '/v0/item/any?q=IMP-2', token: merchantA })).body.data.name).toBe('Kabel; 2 m');
  });

  it('reports every bad row with its line number and imports nothing by default', async () => {
    const csv = [
      'sku,name,barcodes,weight,type',
      'BAD-1,Good one,4000000000042,1,1',
      ',Missing SKU,,1,1',
      'BAD-3,Negative,,-2,1',
      'BAD-4,Takes a used barcode,4006381333931,1,1',
      'BAD-5,Same barcode as line 2,4000000000042,1,1',
      'BAD-6,Kit without components,,1,5',
    ].join('\n');
    const job = await importFile(merchantA, 'bad.csv', Buffer.from(csv));
    expect(job.result).toMatchObject({ rows: 6, imported: 0, failed: 5 });
    expect(job.result.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [3, 'sku'],
      [4, 'weight'],
      [5, 'barcodes'],
      [6, 'sku'],
      [7, 'components'],
    ]);
    const report = await t.call({ method: 'GET', url: job.resultUrl, token: merchantA });
    expect(String(report.body)).toContain('4006381333931 belongs to item SKU-A.');
    expect(await skus(merchantA, 'BAD-')).toEqual([]);
    // The user may choose to import the good rows.
    const again = await importFile(merchantA, 'bad.csv', Buffer.from(csv), { goodRowsOnly: true });
    expect(again.result).toMatchObject({ imported: 1, failed: 5 });
    expect(await skus(merchantA, 'BAD-')).toEqual(['BAD-1']);
  });

  it('reads XLSX, updates existing SKUs, and needs staff to name the merchant', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Items');
    sheet.addRow(['sku', 'name', 'barcodes', 'weight', 'hs code', 'origin country']);
    sheet.addRow(['IMP-1', 'Lampe groß (neu)', '4000000000011', 0.8, '94052040', 'de']);
    sheet.addRow(['XLS-2', '电源适配器', '4000000000059', 0.2, '', '']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const noMerchant = await t.call({ method: 'POST', url: '/v0/items/import', token: admin, payload: { fileId: '0'.repeat(32) } });
    expect(noMerchant.body.code).toBe('IntegrityError');
    const job = await importFile(merchantA, 'items.xlsx', data);
    expect(job.result).toMatchObject({ rows: 2, imported: 2, failed: 0 });
    const lamp = (await t.call({ method: 'GET', url: '/v0/item/any?q=IMP-1', token: merchantA })).body.data;
    expect(lamp).toMatchObject({ name: 'Lampe groß (neu)', weight: 0.8 });
    // The barcode dropped from IMP-1 no longer finds it.
    expect((await t.call({ method: 'GET', url: '/v0/item/any?q=4000000000028', token: merchantA })).body.data).toEqual({ guid: '', unid: '' });
    expect((await t.call({ method: 'GET', url: '/v0/item/any?q=XLS-2', token: merchantA })).body.data.name).toBe('电源适配器');
  });

  it('answers a file without the required columns with one clear error', async () => {
    const job = await importFile(merchantA, 'wrong.csv', Buffer.from('article,description\nA,B\n'));
    expect(job.result).toMatchObject({
      imported: 0,
      errors: [
        { line: 1, field: 'sku', message: 'Column sku is missing.' },
        { line: 1, field: 'name' },
      ],
    });
  });
});
