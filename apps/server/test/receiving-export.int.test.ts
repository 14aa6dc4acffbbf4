import { INBOUND_ORDER } from '@kontor/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let worker: string;
let merchantA: string;
let merchantB: string;
let warehouseId: number;
let merchantBId: number;
let orderA: { id: number; unid: string };
let orderB: { id: number; unid: string };
let startedOnly: { id: number; unid: string };

/** Today in the warehouse's time zone: the day the receivings of this test happen. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.call({ method, url, token, payload: payload as never, headers }).then((r) => r.body);

/** The raw reply of a download: status, headers and the bytes. */
async function fetchFile(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, data: res.rawPayload, json: () => JSON.parse(res.body) };
}

/** Every sheet of an XLSX as rows of cell texts. */
async function readXlsx(data: Buffer): Promise<Record<string, string[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheets: Record<string, string[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v instanceof Date ? v.toISOString() : String(v ?? '')))));
    sheets[sheet.name] = rows;
  }
  return sheets;
}

async function announce(token: string, lines: Array<{ sku: string; planned: number }>, extra: Record<string, unknown> = {}) {
  const body = await send('POST', '/v0/r7gorders/', { warehouseId, reference: 'PO-EXP', carrier: 'DHL', lines, ...extra }, token);
  expect(body.code, JSON.stringify(body)).toBe('OK');
  return body.data as { id: number; unid: string };
}
const scan = async (id: number, body: Record<string, unknown>) => expect((await send('POST', `/v0/r7gorders/${id}/scan`, body, worker)).code).toBe('OK');

beforeAll(async () => {
  t = await createTestApp();
  // Merchants do not hold the tools privilege by default; an administrator may grant it.
  await sql`insert into role_privileges (role_id, privilege) select id, 'tools.receivingExport.view' from roles where name = 'merchant'
    on conflict do nothing`.execute(t.core.db);
  [admin, worker, merchantA, merchantB] = await Promise.all([
    t.login('admin@demo.local'),
    t.login('warehouse@demo.local'),
    t.login('merchant-a@demo.local'),
    t.login('merchant-b@demo.local'),
  ]);
  warehouseId = (await get('/v0/warehouses/?code=DE01')).data.data[0].id;
  merchantBId = (await get('/v0/merchants/opts')).data.find((m: { name: string }) => m.name.startsWith('EcoFlow')).id;

  // Merchant A: one short line and one damaged unit, received as final.
  orderA = await announce(merchantA, [
    { sku: 'ANK-HUB-7', planned: 10 },
    { sku: 'ANK-SPK-MINI', planned: 4 },
  ]);
  await scan(orderA.id, { code: 'ANK-HUB-7', quantity: 8, unit: `${orderA.unid}P001`, unitKind: 'pallet' });
  await scan(orderA.id, { code: 'ANK-SPK-MINI', quantity: 3 });
  await scan(orderA.id, { code: 'ANK-SPK-MINI', condition: 'damaged' });
  expect((await send('POST', `/v0/r7gorders/${orderA.id}/complete`, { final: true }, worker)).code).toBe('OK');
  // Merchant B: received completely.
  orderB = await announce(admin, [{ sku: 'EF-SOLAR-110', planned: 2 }], { merchantId: merchantBId });
  await scan(orderB.id, { code: 'EF-SOLAR-110', quantity: 2 });
  expect((await send('POST', `/v0/r7gorders/${orderB.id}/complete`, { final: true }, worker)).code).toBe('OK');
  // Merchant A: receiving started, not completed: counted by its start.
  startedOnly = await announce(merchantA, [{ sku: 'ANK-CHG-65', planned: 5 }]);
  await scan(startedOnly.id, { code: 'ANK-CHG-65', quantity: 1 });
  // Announced only: not a receiving.
  await announce(merchantA, [{ sku: 'SKU-B', planned: 1 }]);
  // A return of merchant A, inbounded today.
  expect((await send('POST', '/v0/r7greceiving/', { shipSN: 'RT-EXPORT-1', originSN: 'MO20260001', agentGUID: 'C001' }, worker)).code).toBe('OK');
  const rma = (await get('/v0/r7greceiving/list?q=RT-EXPORT-1', worker)).data.data[0];
  const hub = (await get('/v0/item/any?q=ANK-HUB-7', worker)).data.guid;
  const ret = (await get('/v0/compartment/any?q=RET-01', worker)).data.guid;
  const lines = [{ itemId: hub, itemBatch: '', qty: 1, valid: 2, remark: 'scratched', compartmentGUID: ret }];
  expect((await send('POST', '/v0/r7greceiving/inbound', { id: rma.id, items: JSON.stringify(lines) }, worker)).code).toBe('OK');
});
afterAll(async () => {
  await t?.close();
});

describe('receiving export, direct download', () => {
  it('streams a real XLSX with one row per line and German headers and labels', async () => {
    const file = await fetchFile(`/v0/r7gorders/export.xlsx?from=${today}&to=${today}`, { 'x-token': admin, 'x-lang': 'de' });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX);
    expect(String(file.headers['content-disposition'])).toContain(`filename*=UTF-8''Wareneing%C3%A4nge_${today}_${today}.xlsx`);
    const sheets = await readXlsx(file.data);
    expect(Object.keys(sheets)).toEqual(['Wareneingänge', 'Retouren', 'Leistungen']);
    const [returnHeader, ...returns] = sheets['Retouren']!;
    expect(returnHeader!.slice(0, 3)).toEqual(['Retourensendung', 'Ursprungsauftrag', 'Händler']);
    expect(returns.map((r) => [r[0], r[1], r[2], r[3], r[5], r[8], r[11], r[12], r[13]])).toEqual([
      ['RT-EXPORT-1', 'MO20260001', 'Anker Innovations DE', 'Kundenretoure', 'Eingelagert', 'ANK-HUB-7', '1', 'Beschädigt', 'scratched'],
    ]);
    const [header, ...rows] = sheets['Wareneingänge']!;
    expect(header).toEqual([
      'Auftragsnummer',
      'Händler',
      'Lager',
      'Container',
      'Referenz',
      'Spediteur',
      'Status',
      'Wareneingang begonnen',
      'Eingegangen am',
      'SKU',
      'Artikelname',
      'Charge',
      'Geplant',
      'Erhalten',
      'Beschädigt',
      'Differenz',
      'Eingelagert',
    ]);
    const mine = rows.filter((r) => [orderA.unid, orderB.unid, startedOnly.unid].includes(r[0]!));
    expect(mine.map((r) => [r[0], r[9], r[12], r[13], r[14], r[15], r[16]])).toEqual([
      [orderA.unid, 'ANK-HUB-7', '10', '8', '0', '-2', '0'],
      [orderA.unid, 'ANK-SPK-MINI', '4', '3', '1', '0', '0'],
      [orderB.unid, 'EF-SOLAR-110', '2', '2', '0', '0', '0'],
      [startedOnly.unid, 'ANK-CHG-65', '5', '0', '0', '-5', '0'],
    ]);
    const hub = mine[0]!;
    expect(hub.slice(1, 7)).toEqual(['Anker Innovations DE', 'DE01', '', 'PO-EXP', 'DHL', INBOUND_ORDER.states.received.label.de]);
    // Times are the warehouse's wall clock on the exported day.
    expect(hub[7]!.slice(0, 10)).toBe(today);
    expect(hub[8]!.slice(0, 10)).toBe(today);
    expect(mine[3]![6]).toBe(INBOUND_ORDER.states.receiving.label.de);
    expect(mine[3]![8]).toBe('');
    expect(rows).toHaveLength(mine.length);
    // The handling recorded for billing: units of both merchants, the pallet of A.
    const activity = sheets['Leistungen']!;
    expect(activity[0]).toEqual(['Tag', 'Händler', 'Leistung', 'Menge', 'Aufträge']);
    expect(activity.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual(
      expect.arrayContaining([
        ['Anker Innovations DE', 'Eingegangene Einheiten', '12'],
        ['Anker Innovations DE', 'Eingegangene Paletten', '1'],
      ]),
    );
  });

  it('writes headers and labels in Chinese and English, and takes the token as x_token', async () => {
    const cn = await fetchFile(`/v0/r7gorders/export.xlsx?from=${today}&to=${today}&x_token=${admin}`, { 'x-lang': 'cn' });
    expect(cn.status).toBe(200);
    const cnSheet = (await readXlsx(cn.data))['收货明细']!;
    expect(cnSheet[0]!.slice(0, 3)).toEqual(['入库单号', '商户', '仓库']);
    expect(cnSheet.find((r) => r[0] === orderB.unid)![6]).toBe('已收货');
    const en = await fetchFile(`/v0/r7gorders/export.xlsx?from=${today}&to=${today}`, { 'x-token': admin, 'x-lang': 'en' });
    const enSheet = (await readXlsx(en.data))['Receivings']!;
    expect(enSheet[0]!.slice(12)).toEqual(['Planned', 'Received', 'Damaged', 'Difference', 'Put away']);
  });

  it('gives a merchant only its own rows, and refuses users without the privilege', async () => {
    const ofA = (await readXlsx((await fetchFile(`/v0/r7gorders/export.xlsx?from=${today}&to=${today}`, { 'x-token': merchantA })).data))['Receivings']!;
    const unidsA = new Set(ofA.slice(1).map((r) => r[0]));
    expect([...unidsA].sort()).toEqual([orderA.unid, startedOnly.unid].sort());
    const ofB = await readXlsx((await fetchFile(`/v0/r7gorders/export.xlsx?from=${today}&to=${today}`, { 'x-token': merchantB })).data);
    expect(ofB['Receivings']!.slice(1).map((r) => r[0])).toEqual([orderB.unid]);
    expect(ofB['Activity']!.slice(1).every((r) => r[1]!.startsWith('EcoFlow'))).toBe(true);
    expect((await get(`/v0/r7gorders/export.xlsx?from=${today}&to=${today}`, worker)).code).toBe('NoPermission');
    expect((await send('POST', '/v0/r7gorders/export.xlsx', { from: today, to: today }, worker)).code).toBe('NoPermission');
  });

  it('answers an empty period with headers only', async () => {
    const sheets = await readXlsx((await fetchFile('/v0/r7gorders/export.xlsx?from=2001-01-01&to=2001-01-31', { 'x-token': admin })).data);
    expect(sheets['Receivings']).toHaveLength(1);
    expect(sheets['Activity']).toHaveLength(1);
  });

  it('refuses bad periods with an IntegrityError naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['to=2025-01-31', 'from'],
      ['from=2025-01-01', 'to'],
      ['from=2025-02-30&to=2025-03-01', 'from'],
      ['from=01.02.2025&to=2025-03-01', 'from'],
      ['from=2025-01-01&to=yesterday', 'to'],
      ['from=2025-02-01&to=2025-01-31', 'to'],
      ['from=2024-01-01&to=2025-01-01', 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await t.call({ method: 'GET', url: `/v0/r7gorders/export.xlsx?${query}`, token: admin });
      expect(res.status, query).toBe(200);
      expect(res.body, query).toMatchObject({ code: 'IntegrityError', error: { fields: [{ field }] } });
    }
    // 366 days (a leap year) is the longest period.
    expect((await fetchFile('/v0/r7gorders/export.xlsx?from=2024-01-01&to=2024-12-31', { 'x-token': admin })).headers['content-type']).toBe(XLSX);
    expect((await t.call({ method: 'GET', url: `/v0/r7gorders/export.xlsx?from=${today}&to=${today}&extra=1`, token: admin })).body.code).toBe(
      'IntegrityError',
    );
    const body = await send('POST', '/v0/r7gorders/export.xlsx', { from: '2025-03-01', to: '2025-02-01' }, admin, { 'x-lang': 'de' });
    expect(body).toMatchObject({
      code: 'IntegrityError',
      error: { fields: [{ field: 'to', message: 'Das Startdatum darf nicht nach dem Enddatum liegen.' }] },
    });
    expect((await send('POST', '/v0/r7gorders/export.xlsx', { from: 5, to: today }, admin)).code).toBe('IntegrityError');
  });
});

describe('receiving export, background job', () => {
  it('writes the same workbook as a job result with progress', async () => {
    const queued = await send('POST', '/v0/r7gorders/export.xlsx', { from: today, to: today }, merchantA, { 'x-lang': 'en' });
    expect(queued.code, JSON.stringify(queued)).toBe('OK');
    expect(queued.data).toMatchObject({ kind: 'receiving.export', status: 'queued' });
    await t.core.jobs!.runner!.drain();
    const job = (await get(`/v0/jobs/${queued.data.id}`, merchantA)).data;
    expect(job).toMatchObject({ status: 'done', result: { rows: 3, from: today, to: today }, done: 3, total: 3 });
    const file = await fetchFile(job.resultUrl, { 'x-token': merchantA });
    expect(file.headers['content-type']).toBe(XLSX);
    const rows = (await readXlsx(file.data))['Receivings']!;
    expect(rows.slice(1).map((r) => [r[0], r[9]])).toEqual([
      [orderA.unid, 'ANK-HUB-7'],
      [orderA.unid, 'ANK-SPK-MINI'],
      [startedOnly.unid, 'ANK-CHG-65'],
    ]);
    // Another user cannot fetch the result.
    expect((await get(`/v0/jobs/${queued.data.id}/result`, merchantB)).code).toBe('NotFound');
  });

  it('sends a period above 5000 rows to the background, where every page is written', async () => {
    // One old order with 5001 lines (batches of one item), received on 2024-01-15.
    const big = await announce(admin, [{ sku: 'EF-CABLE-XT60', planned: 2 }], { merchantId: merchantBId });
    await sql`insert into inbound_lines (order_id, item_id, batch, planned, received)
      select ${big.id}, l.item_id, 'B' || lpad(n::text, 5, '0'), 2, 1 from inbound_lines l, generate_series(1, 5000) n where l.order_id = ${big.id}`.execute(
      t.core.db,
    );
    await sql`update inbound_orders set status = ${INBOUND_ORDER.codeOf('received')}, receiving_started_at = '2024-01-15T08:00:00Z',
      received_at = '2024-01-15T10:00:00Z' where id = ${big.id}`.execute(t.core.db);
    const direct = await t.call({ method: 'GET', url: '/v0/r7gorders/export.xlsx?from=2024-01-01&to=2024-01-31', token: admin, headers: { 'x-lang': 'en' } });
    expect(direct.body).toMatchObject({ code: 'ToFront', error: { background: true, limit: 5000 } });
    expect(direct.body.data).toContain('Export in background');
    const queued = await send('POST', '/v0/r7gorders/export.xlsx', { from: '2024-01-01', to: '2024-01-31' }, admin);
    await t.core.jobs!.runner!.drain();
    const job = (await get(`/v0/jobs/${queued.data.id}`)).data;
    expect(job).toMatchObject({ status: 'done', result: { rows: 5001 }, done: 5001, total: 5001 });
    const rows = (await readXlsx((await fetchFile(job.resultUrl, { 'x-token': admin })).data))['Receivings']!;
    expect(rows).toHaveLength(5002);
    expect(rows[1]!.slice(7, 9)).toEqual(['2024-01-15T09:00:00.000Z', '2024-01-15T11:00:00.000Z']);
    expect(new Set(rows.slice(1).map((r) => `${r[9]}/${r[11]}`)).size).toBe(5001);
  }, 60_000);
});
