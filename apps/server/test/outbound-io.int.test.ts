import { OUTBOUND_ORDER } from '@kontor/contracts';
import { ORDER_IMPORT_COLUMNS } from '@kontor/contracts/domains/outbound';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The direct export limit, made small so the threshold is reached with a handful of orders. */
const LIMIT = 4;
let t: TestApp;
let admin: string;
let merchantA: string;
let merchantB: string;
let merchantAId: number;
const today = new Date().toISOString().slice(0, 10);
/** Today in Hamburg: the day an export with `tz=Europe/Berlin` means. */
const todayInBerlin = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_DIRECT_LIMIT: String(LIMIT) } });
  [admin, merchantA, merchantB] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
  merchantAId = (await t.call({ method: 'GET', url: '/v0/merchants/opts', token: admin })).body.data.find((m: { code: string }) => m.code === 'C001').id;
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

async function upload(token: string, name: string, data: Buffer): Promise<string> {
  const uploaded = await t.call({ method: 'POST', url: '/v0/statics/upload/intern', token, ...multipart(name, data) });
  expect(uploaded.body.code, JSON.stringify(uploaded.body)).toBe('OK');
  return uploaded.body.data.id;
}

/** Uploads a file, imports it, runs the job and answers the finished job. */
async function importFile(token: string, name: string, data: Buffer, options: Record<string, unknown> = {}) {
  const fileId = await upload(token, name, data);
  const queued = await t.call({ method: 'POST', url: '/v0/outbound/import', token, payload: { fileId, ...options } });
  expect(queued.body.code, JSON.stringify(queued.body)).toBe('OK');
  await t.core.jobs!.runner!.drain();
  const read = async () => (await t.call({ method: 'GET', url: `/v0/jobs/${queued.body.data.id}`, token })).body.data;
  let job = await read();
  // A retryable failure (the database busy on a loaded machine) waits for its back-off before the next
  // attempt; the test runs that attempt now instead of waiting, as the runner would later.
  for (let attempt = 0; attempt < 3 && job.status === 'queued'; attempt++) {
    await t.core.db
      .updateTable('jobs')
      .set({ run_after: new Date(0) })
      .where('id', '=', job.id)
      .execute();
    await t.core.jobs!.runner!.drain();
    job = await read();
  }
  return job;
}

const HEAD = ORDER_IMPORT_COLUMNS.join(',');
/** A CSV row of the template's columns from the few that matter here. */
function row(ref: string, sku: string, quantity: string, extra: Partial<Record<(typeof ORDER_IMPORT_COLUMNS)[number], string>> = {}) {
  const cells: Record<string, string> = {
    refOrderId: ref,
    typeOfTask: 'B2C',
    modeOfTransport: 'parcel',
    pickupDate: '2026-12-01',
    weight: '0,5',
    carrier: 'DHL',
    name1: 'Erika Muster',
    streetName: 'Hauptstraße',
    streetNumber: '5',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    sku,
    quantity,
    ...extra,
  };
  return ORDER_IMPORT_COLUMNS.map((c) => {
    const v = cells[c] ?? '';
    return /[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');
}
const csv = (...rows: string[]) => Buffer.from([HEAD, ...rows].join('\r\n'));

const ordersByRef = async (ref: string) =>
  (
    await sql<{ id: number; status: number; merchant_id: number }>`select id, status, merchant_id from outbound_orders
    where ref_order_id = ${ref} and deleted_at is null`.execute(t.database.db)
  ).rows;
const detail = async (id: number) => (await t.call({ method: 'GET', url: `/v0/outbound/orders/${id}/detail`, token: admin })).body.data;

/** Every sheet of an XLSX as rows of cell texts. */
async function readXlsx(data: Buffer): Promise<Record<string, string[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheets: Record<string, string[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v instanceof Date ? v.toISOString() : String(v ?? '')))));
    sheets[sheet.name] = rows;
  }
  return sheets;
}
async function fetchFile(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-token': token } });
  return { type: String(res.headers['content-type']), data: res.rawPayload, json: () => JSON.parse(res.body) };
}

describe('order import template', () => {
  it("answers XLSX and CSV with the template's columns, an example row and the merchant's own SKUs", async () => {
    const xlsx = await fetchFile('/v0/outbound/import/template?format=xlsx', merchantA);
    const sheets = Object.values(await readXlsx(xlsx.data));
    expect(sheets[0]![0]).toEqual([...ORDER_IMPORT_COLUMNS]);
    const sku = sheets[0]![1]![ORDER_IMPORT_COLUMNS.indexOf('sku')]!;
    expect(sheets[1]!.slice(1).map((r) => r[0])).toContain(sku);
    expect((await t.call({ method: 'GET', url: `/v0/item/any?q=${sku}`, token: merchantA })).body.data.unid).toBe(sku);
    const text = (await fetchFile('/v0/outbound/import/template?format=csv', merchantB)).data.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(`\ufeff${HEAD}`);
    expect(text.split('\r\n')[1]).toContain(',DE,');
  });
});

describe('order import', () => {
  it('creates and allocates the good orders, reports each bad row by line and field, and never half-creates an order', async () => {
    const file = csv(
      row('IMP-1', 'SKU-A', '2'), // line 2
      row('IMP-1', 'SKU-B', '1', { typeOfTask: '', weight: '' }), // line 3: the order's fields from its first row
      row('IMP-2', 'SKU-A', '1'), // line 4: good, but its order has a bad row
      row('IMP-2', 'SKU-B', '0'), // line 5
      row('IMP-3', 'NOPE-404', '1'), // line 6
      row('IMP-4', 'SKU-A', '1', { country: 'XX', typeOfTask: 'B2X' }), // line 7
      row('IMP-5', '4006381333948', '3', { name1: '=HYPERLINK("http://evil")' }), // line 8: a barcode of SKU-B
      row('', 'SKU-A', '1'), // line 9
      row('IMP-6', 'SKU-A', '1'), // line 10
      row('IMP-6', 'SKU-B', '1', { carrier: 'UPS' }), // line 11: disagrees with line 10
      row('IMP-7', 'SKU-C', '1'), // line 12: merchant B's item
    );
    const job = await importFile(merchantA, 'orders.csv', file);
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ checkOnly: false, rows: 11, orders: 7, created: 2, duplicates: 0, imported: 3 });
    expect(job.result.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [5, 'quantity'],
      [6, 'sku'],
      [7, 'typeOfTask'],
      [7, 'country'],
      [9, 'refOrderId'],
      [11, 'carrier'],
      [12, 'sku'],
    ]);
    expect(job.result.errors.find((e: { line: number }) => e.line === 6).message).toBe('Item not found: NOPE-404');
    expect(job.result.errors.find((e: { line: number; field: string }) => e.field === 'typeOfTask').message).toContain('B2C');
    expect(job.result.failed).toBe(6);
    // The report: one CSV line per problem with its line number.
    const report = (await fetchFile(job.resultUrl, merchantA)).data.toString('utf8');
    expect(report).toContain('line,refOrderId,field,message');
    expect(report).toContain('6,IMP-3,sku,Item not found: NOPE-404');
    // Good orders exist and are allocated; bad ones do not exist at all.
    const [one] = await ordersByRef('IMP-1');
    const d = await detail(one!.id);
    expect(d.order).toMatchObject({
      status: OUTBOUND_ORDER.codeOf('readyToPick'),
      totalUnits: 3,
      reservedUnits: 3,
      unitQty: 3,
      weight: 0.5,
      typeOfTask: 'B2C',
    });
    expect(d.lines.map((l: { sku: string; quantity: number; reserved: number }) => [l.sku, l.quantity, l.reserved])).toEqual([
      ['SKU-A', 2, 2],
      ['SKU-B', 1, 1],
    ]);
    expect(d.history[0]).toMatchObject({ action: 'import' });
    expect((await detail((await ordersByRef('IMP-5'))[0]!.id)).lines[0]).toMatchObject({ sku: 'SKU-B', quantity: 3 });
    for (const ref of ['IMP-2', 'IMP-3', 'IMP-4', 'IMP-6', 'IMP-7']) expect(await ordersByRef(ref), ref).toEqual([]);
    expect(await checkStockInvariants(t.database.db)).toEqual([]);
  });

  it('reports a reference that exists already as a duplicate instead of creating it twice', async () => {
    const file = csv(row('IMP-1', 'SKU-A', '2'), row('IMP-1', 'SKU-B', '1'), row('IMP-8', 'SKU-A', '1'));
    const job = await importFile(merchantA, 'again.csv', file);
    expect(job.result).toMatchObject({ created: 1, duplicates: 1 });
    expect(job.result.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [2, 'refOrderId'],
      [3, 'refOrderId'],
    ]);
    expect(job.result.errors[0].message).toMatch(/^This value already exists\. MO\d+/);
    expect(await ordersByRef('IMP-1')).toHaveLength(1);
    // Importing the same file once more creates nothing.
    const again = await importFile(merchantA, 'again.csv', file);
    expect(again.result).toMatchObject({ created: 0, duplicates: 2 });
    expect(await ordersByRef('IMP-8')).toHaveLength(1);
  });

  it('checks a file without creating anything when asked for a dry run, and reads XLSX with German dates', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('orders');
    sheet.addRow(['Ref Order Id', 'type of task', 'mode_of_transport', 'pickup date', 'weight', 'country', 'zip', 'city', 'name1', 'SKU', 'Quantity']);
    sheet.addRow(['DRY-1', 'b2c', 'Parcel', '01.12.2026', 1.25, 'de', '10115', 'Berlin', 'Max', 'SKU-A', 1]);
    sheet.addRow(['DRY-2', 'B2C', 'parcel', new Date(Date.UTC(2026, 11, 2)), 1, 'DE', '10115', 'Berlin', 'Max', 'SKU-Z', 1]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const dry = await importFile(merchantA, 'orders.xlsx', data, { checkOnly: true });
    // A job that did not finish says why (its status and error) instead of a bare null result.
    expect(dry.status, JSON.stringify(dry)).toBe('done');
    expect(dry.result).toMatchObject({ checkOnly: true, orders: 2, created: 1, errors: [{ line: 3, field: 'sku', message: 'Item not found: SKU-Z' }] });
    expect(await ordersByRef('DRY-1')).toEqual([]);
    const real = await importFile(merchantA, 'orders.xlsx', data);
    expect(real.result).toMatchObject({ created: 1 });
    expect((await detail((await ordersByRef('DRY-1'))[0]!.id)).order).toMatchObject({ pickupDate: '2026-12-01', weight: 1.25, modeOfTransport: 'parcel' });
  });

  it('answers a file without the required columns with one error per missing column', async () => {
    const job = await importFile(merchantA, 'wrong.csv', Buffer.from('reference,article\nA,B\n'));
    expect(job.result.created).toBe(0);
    expect(job.result.errors.map((e: { field: string }) => e.field)).toEqual([
      'refOrderId',
      'typeOfTask',
      'modeOfTransport',
      'pickupDate',
      'weight',
      'country',
      'sku',
      'quantity',
    ]);
  });

  it("keeps merchants to their own orders: B cannot import for A, nor A's file, nor with A's SKUs; staff must name the merchant", async () => {
    const fileId = await upload(merchantA, 'a.csv', csv(row('SCOPE-1', 'SKU-A', '1')));
    const forA = await t.call({ method: 'POST', url: '/v0/outbound/import', token: merchantB, payload: { fileId, merchantId: merchantAId } });
    expect(forA.body.code).toBe('NoPermission');
    const aFile = await t.call({ method: 'POST', url: '/v0/outbound/import', token: merchantB, payload: { fileId } });
    expect(aFile.body.code).toBe('NotFound');
    const own = await importFile(merchantB, 'b.csv', csv(row('SCOPE-1', 'SKU-A', '1')));
    expect(own.result).toMatchObject({ created: 0, errors: [{ line: 2, field: 'sku', message: 'Item not found: SKU-A' }] });
    const noMerchant = await t.call({
      method: 'POST',
      url: '/v0/outbound/import',
      token: admin,
      payload: { fileId: await upload(admin, 's.csv', csv(row('STAFF-1', 'SKU-A', '1'))) },
    });
    expect(noMerchant.body.code).toBe('IntegrityError');
    const staff = await importFile(admin, 's.csv', csv(row('STAFF-1', 'SKU-A', '1')), { merchantId: merchantAId });
    expect(staff.result).toMatchObject({ created: 1 });
    expect((await ordersByRef('STAFF-1'))[0]).toMatchObject({ merchant_id: merchantAId });
  });
});

describe('order export', () => {
  it('writes the filtered orders and their lines as XLSX, labels in the language, formula cells neutralised', async () => {
    const res = await fetchFile('/v0/outbound/export.xlsx?view=orders&refOrderId=IMP-5&refOrderId=IMP-1', merchantA);
    expect(res.type).toContain('spreadsheetml');
    const sheets = await readXlsx(res.data);
    expect(Object.keys(sheets)).toEqual(['Orders', 'Lines']);
    const [head, ...rows] = sheets.Orders!;
    expect(head).toEqual([
      'Order number',
      'Reference',
      'Merchant',
      'Status',
      'Priority',
      'Type',
      'Mode',
      'Pickup date',
      'Carrier',
      'Tracking numbers',
      'Consignee',
      'Country',
      'ZIP',
      'City',
      'Lines (SKU × qty)',
      'Units',
      'Weight (kg)',
      'Created',
    ]);
    const byRef = Object.fromEntries(rows.map((r) => [r[1], r]));
    expect(byRef['IMP-1']!.slice(1, 9)).toEqual(['IMP-1', expect.stringContaining('Anker'), 'Ready to pick', 'Normal', 'B2C', 'parcel', '2026-12-01', 'DHL']);
    expect(byRef['IMP-1']!.slice(10, 17)).toEqual(['Erika Muster', 'DE', '10115', 'Berlin', 'SKU-A × 2; SKU-B × 1', '3', '0.5']);
    expect(byRef['IMP-5']![10]).toBe('\'=HYPERLINK("http://evil")');
    expect(sheets.Lines![0]).toEqual(['Order number', 'SKU', 'Item name', 'Batch', 'Quantity', 'Reserved']);
    expect(sheets.Lines!.filter((l) => l[0] === byRef['IMP-1']![0]).map((l) => [l[1], l[4], l[5]])).toEqual([
      ['SKU-A', '2', '2'],
      ['SKU-B', '1', '1'],
    ]);
  });

  it("shows staff the private remark column, in the user's language, and never shows a merchant another merchant's orders", async () => {
    const [one] = await ordersByRef('IMP-1');
    await sql`update outbound_orders set private_remark = 'fragile, call first' where id = ${one!.id}`.execute(t.database.db);
    const staff = await readXlsx((await fetchFile('/v0/outbound/export.xlsx?view=orders&refOrderId=IMP-1', admin)).data);
    expect(staff.Orders![0]!.at(-1)).toBe('Private remark');
    expect(staff.Orders![1]!.at(-1)).toBe('fragile, call first');
    const german = await t.app.inject({
      method: 'GET',
      url: '/v0/outbound/export.xlsx?view=orders&refOrderId=IMP-1',
      headers: { 'x-token': admin, 'accept-language': 'de' },
    });
    const de = await readXlsx(german.rawPayload);
    expect(Object.keys(de)).toEqual(['Aufträge', 'Positionen']);
    expect(de['Aufträge']![1]![3]).toBe('Bereit zur Kommissionierung');
    const b = await readXlsx(
      (await fetchFile(`/v0/outbound/export.xlsx?view=orders&createdAt=${todayInBerlin}..${todayInBerlin}&tz=Europe/Berlin`, merchantB)).data,
    );
    // Merchant B's export holds B's own orders (the demo has some), never A's.
    expect(b.Orders!.slice(1).map((r) => r[1])).not.toContain('IMP-1');
    expect(new Set(b.Orders!.slice(1).map((r) => r[2]))).toEqual(new Set(b.Orders!.length > 1 ? ['EcoFlow Europe'] : []));
    const a = await readXlsx((await fetchFile(`/v0/outbound/export.xlsx?view=dhl&refOrderId=IMP-1&createdAt=${today}..${today}`, merchantA)).data);
    expect(a.Orders!.slice(1).map((r) => r[1])).toEqual(['IMP-1']);
  });

  it('refuses an unknown view, a view the user may not list, and an unknown filter', async () => {
    expect((await fetchFile('/v0/outbound/export.xlsx?view=nope', merchantA)).json().code).toBe('IntegrityError');
    expect((await fetchFile('/v0/outbound/export.xlsx?view=warehouse', merchantA)).json().code).toBe('NoPermission');
    expect((await fetchFile('/v0/outbound/export.xlsx?view=orders&colour=red', merchantA)).json()).toMatchObject({
      code: 'IntegrityError',
      error: { fields: [{ field: 'colour' }] },
    });
  });

  it('sends more orders than the limit to a background job whose file the export jobs list keeps for its owner only', async () => {
    const direct = await fetchFile('/v0/outbound/export.xlsx?view=orders', merchantA);
    expect(direct.json()).toMatchObject({ code: 'ToFront', error: { background: true, limit: LIMIT } });
    const queued = await t.call({ method: 'POST', url: '/v0/outbound/export.xlsx', token: merchantA, payload: { view: 'orders', tz: 'Europe/Berlin' } });
    expect(queued.body.code, JSON.stringify(queued.body)).toBe('OK');
    await t.core.jobs!.runner!.drain();
    const jobs = (await t.call({ method: 'GET', url: '/v0/outbound/export/jobs', token: merchantA })).body.data;
    expect(jobs[0]).toMatchObject({ id: queued.body.data.id, kind: 'outbound.export', status: 'done', result: { view: 'orders' } });
    expect(jobs[0].result.rows).toBeGreaterThan(LIMIT);
    const file = await readXlsx((await fetchFile(jobs[0].resultUrl, merchantA)).data);
    expect(file.Orders!.length - 1).toBe(jobs[0].result.rows);
    expect(file.Orders!.slice(1).every((r) => r[2]!.includes('Anker'))).toBe(true);
    expect((await t.call({ method: 'GET', url: '/v0/outbound/export/jobs', token: merchantB })).body.data).toEqual([]);
    expect((await t.call({ method: 'GET', url: jobs[0].resultUrl, token: merchantB })).body.code).toBe('NotFound');
  });
});

describe('order export contracts', () => {
  it("names every order list of the server with the server's privilege", async () => {
    const { ORDER_EXPORT_VIEWS } = await import('@kontor/contracts/domains/outbound-io');
    const { OUTBOUND_VIEWS } = await import('../src/modules/outbound/outbound.resources.js');
    expect(ORDER_EXPORT_VIEWS).toEqual(Object.fromEntries(Object.entries(OUTBOUND_VIEWS).map(([view, def]) => [view, def.privilege])));
  });
});
