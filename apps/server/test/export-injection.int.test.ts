import { OUTBOUND_ORDER } from '@kontor/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../src/modules/resources/catalogue.js';
import type { ResourceDef } from '../src/modules/resources/define.js';
import { OUTBOUND_VIEWS } from '../src/modules/outbound/outbound.resources.js';
import { workbookCells } from './helpers/answer-text.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * The export-injection suite (issue 15, docs/testing.md "Export-injection suite"): every export of the
 * route table, after every text field a user controls of the exported records was given a formula
 * trigger, holds no cell that starts with one (=, +, -, @, tab, carriage return) and no formula cell.
 * Each payload also shows up neutralised somewhere, so the suite proves it exported the fields.
 */

const PAYLOADS = ['=HYPERLINK("http://x")', '+1', '-1', '@SUM(1)', '\t=1+1', '\r=1+1'];
const TRIGGER = /^[=+\-@\t\r]/;
/** A CSV number (a negative one starts with "-" and is no formula). */
const NUMBER = /^-?\d+(\.\d+)?$/;

/** How each export of the route table is asked for (as the administrator). */
type Export = { method: 'GET' | 'POST'; url: string; payload?: unknown };
// The receiving export counts the warehouse's days (Europe/Berlin in the demo), not UTC's: between
// midnight in Hamburg and midnight UTC the two disagree.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** Valid bodies of writable record types, so each text field can carry a payload; `i` keeps unique fields apart. */
const BASES: Record<string, (i: number, ctx: { warehouseId: number; compartmentId: number; merchantIds: number[] }) => Record<string, unknown>> = {
  lookup: (i) => ({ key: `inj-${i}`, class: 7000 + i, remark: 'x' }),
  setting: (i) => ({ key: `inj.${i}`, value: 'x', description: 'x' }),
  taxRate: (i) => ({ country: 'DE', kind: 'zero', rate: 0, validFrom: `2030-01-0${i + 1}` }),
  printer: (i) => ({ name: `inj printer ${i}`, kind: 'a4', printerName: 'x' }),
  announcement: (i) => ({ titleEn: `inj ${i}`, textEn: 'x', audienceRoles: ['nobody'], publishFrom: '2030-01-01T00:00:00Z' }),
  workClass: (i) => ({ name: `inj class ${i}`, startTime: '06:00', endTime: '14:00', remark: 'x' }),
  duty: () => ({ userId: 1, classId: 1, weekdays: [1], validFrom: '2030-01-01' }),
  warehouse: (i) => ({ code: `INJ${i}`, name: `inj ${i}` }),
  compartment: (i, c) => ({ warehouseId: c.warehouseId, code: `INJ-${i}`, zone: 'Z', kind: 'bulk' }),
  mergedUnit: (i, c) => ({ merchantId: c.merchantIds[i], code: `INJ-BOX-${i}`, compartmentId: c.compartmentId, remark: 'x' }),
  container: (i, c) => ({ number: `INJU00${i}`, warehouseId: c.warehouseId, eta: today, carrier: 'x', remark: 'x' }),
};
/** Read models and records with their own create routes: their text comes from the bespoke records below. */
const SEEDED_ELSEWHERE: Record<string, string> = {
  item: 'one item per merchant made below (every text field carries the payload)',
  stock: 'stock rows of the items, batches and merchants made below',
  inventoryLog: 'ledger rows of the adjustments made below (batch, note)',
  inboundOrder: 'inbound orders made below through POST /v0/r7gorders/',
  ticket: 'tickets made below through POST /v0/tickets/',
  shippingLog: 'refused shipping scans of each payload made below (the scanned code)',
};

let t: TestApp;
let admin: string;
/** The workbooks and CSV files of every export, by the route that made them. */
const files: Array<{ route: string; cells: Array<{ address: string; text: string; formula: boolean }> }> = [];
let resources: ResourceDef[];
let gateBillId = 0;
let manifestId = 0;
let manifestDay = '';

const call = (method: string, url: string, payload?: unknown) =>
  t.call({ method: method as 'GET', url, token: admin, payload: payload as never }).then((r) => r.body);
const must = (label: string, body: { code: string; data: any }) => {
  expect(body.code, `${label}: ${JSON.stringify(body).slice(0, 400)}`).toBe('OK');
  return body.data;
};

/** Creates a record with every text field set to the payload; fields whose rules refuse it keep their base value. */
async function createWith(def: ResourceDef, base: Record<string, unknown>, payload: string, i: number) {
  const textFields = Object.entries(def.fields)
    .filter(([, f]) => f.kind === 'text')
    .map(([id]) => id);
  let body: Record<string, unknown> = { ...base, ...Object.fromEntries(textFields.map((f) => [f, payload])) };
  for (let attempt = 0; attempt <= textFields.length; attempt++) {
    const res = await call('POST', def.path, body);
    if (res.code === 'OK') return res.data;
    // Two payloads that trim to the same text clash on a unique column: keep the trigger first, add the index.
    if (res.code === 'Duplicate' && !res.error?.fields) {
      body = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, textFields.includes(k) && v === payload ? `${payload}-${i}` : v]));
      continue;
    }
    const refused = ((res.error?.fields ?? []) as Array<{ field: string }>).map((f) => f.field).filter((f) => textFields.includes(f) && body[f] !== base[f]);
    if (!refused.length) throw new Error(`${def.name}: ${JSON.stringify(res).slice(0, 300)}`);
    body = { ...body };
    for (const f of refused) {
      if (f in base) body[f] = base[f];
      else delete body[f];
    }
  }
  throw new Error(`${def.name}: no payload accepted`);
}

async function cellsOf(data: Buffer, type: string) {
  if (/spreadsheetml/.test(type)) return workbookCells(data);
  const workbook = new ExcelJS.Workbook();
  const sheet = await workbook.csv.read(Readable.from(data.toString('utf8').replace(/^\ufeff/, '')), { parserOptions: { delimiter: ',' } } as never);
  const cells: Array<{ address: string; text: string; formula: boolean }> = [];
  sheet.eachRow((row) =>
    row.eachCell((cell) => cells.push({ address: cell.address, text: String(cell.value ?? ''), formula: cell.type === ExcelJS.ValueType.Formula })),
  );
  return cells;
}

/** Runs one export as the administrator; a job's result file counts as the export's answer. */
async function runExport(route: string, ask: Export) {
  const res = await t.app.inject({
    method: ask.method,
    url: ask.url,
    headers: { 'x-token': admin, ...(ask.payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: ask.payload === undefined ? undefined : JSON.stringify(ask.payload),
  });
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json')) return files.push({ route, cells: await cellsOf(res.rawPayload, type) });
  const body = JSON.parse(res.body);
  expect(body.code, `${route}: ${res.body.slice(0, 300)}`).toBe('OK');
  await t.core.jobs!.runner!.drain();
  const job = (await call('GET', `/v0/jobs/${body.data.id}`)).data;
  expect(job.status, `${route}: ${JSON.stringify(job)}`).toBe('done');
  const file = await t.app.inject({ method: 'GET', url: `/v0/jobs/${body.data.id}/result`, headers: { 'x-token': admin } });
  files.push({ route, cells: await cellsOf(file.rawPayload, String(file.headers['content-type'])) });
}

/** Every export of the route table and how it is asked for; a new one fails the suite until it is listed. */
function exportsOf(routes: Array<{ method: string; url: string }>, merchantId: number): Record<string, Export[]> {
  const asks: Record<string, Export[]> = {
    'GET /v0/r7gorders/export.xlsx': [{ method: 'GET', url: `/v0/r7gorders/export.xlsx?from=${today}&to=${today}` }],
    'POST /v0/r7gorders/export.xlsx': [{ method: 'POST', url: '/v0/r7gorders/export.xlsx', payload: { from: today, to: today } }],
    'GET /v0/outbound/export.xlsx': Object.keys(OUTBOUND_VIEWS).map((view) => ({ method: 'GET' as const, url: `/v0/outbound/export.xlsx?view=${view}` })),
    'POST /v0/outbound/export.xlsx': [{ method: 'POST', url: '/v0/outbound/export.xlsx', payload: { view: 'orders' } }],
    'GET /v0/carriergate/bills/:id/bill.csv': [{ method: 'GET', url: `/v0/carriergate/bills/${gateBillId}/bill.csv` }],
    'GET /v0/wms/manifests/:id/manifest.csv': [{ method: 'GET', url: `/v0/wms/manifests/${manifestId}/manifest.csv` }],
    // The day's handover activity names the payload merchants, whose orders the setup hands over.
    'GET /v0/wms/manifests/activity.csv': [{ method: 'GET', url: `/v0/wms/manifests/activity.csv?day=${manifestDay}` }],
    'GET /v0/outbound/import/template': [
      { method: 'GET', url: `/v0/outbound/import/template?format=xlsx&merchantId=${merchantId}` },
      { method: 'GET', url: `/v0/outbound/import/template?format=csv&merchantId=${merchantId}` },
    ],
  };
  for (const route of routes) if (route.method === 'POST' && route.url.endsWith('/export')) asks[`POST ${route.url}`] = [{ method: 'POST', url: route.url }];
  return asks;
}
const looksLikeExport = (url: string) => /\/export(\.\w+)?$|\.(xlsx|csv)$|\/template$/.test(url);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
  resources = RESOURCES;
  const warehouseId = (await call('GET', '/v0/compartment/any?q=C-12-01')).data.warehouseId as number;
  const compartmentId = (await call('GET', '/v0/compartment/any?q=C-12-01')).data.id as number;
  // One merchant per payload, named with it, holding records whose every text field carries it.
  const merchantIds: number[] = [];
  const injectedOrders: number[] = [];
  for (const [i, p] of PAYLOADS.entries()) merchantIds.push(must('merchant', await call('POST', '/v0/merchants/', { code: `INJ${i}`, name: p })).id);
  const ctx = { warehouseId, compartmentId, merchantIds };
  for (const def of resources) {
    if (SEEDED_ELSEWHERE[def.name]) continue;
    // Records without a free text field (duties: user, class, weekdays, dates) hold nothing to inject.
    if (!Object.values(def.fields).some((f) => f.kind === 'text')) continue;
    const base = BASES[def.name];
    if (!base) throw new Error(`${def.name}: give it a valid base body in BASES of export-injection.int.test.ts`);
    for (const [i, p] of PAYLOADS.entries()) await createWith(def, base(i, ctx), p, i);
  }
  for (const [i, p] of PAYLOADS.entries()) {
    const merchantId = merchantIds[i]!;
    const item = await createWith(
      resources.find((d) => d.name === 'item')!,
      { merchantId, sku: `INJ-ITEM-${i}`, name: 'x' },
      p,
      i,
    );
    const sku = String(item.sku);
    must('adjust', await call('POST', '/v0/inventory/adjust', { itemId: item.id, compartment: 'C-12-01', delta: 5, reasonCode: 'found', batch: p, note: p }));
    const inbound = must(
      'inbound',
      await call('POST', '/v0/r7gorders/', {
        merchantId,
        warehouseId,
        reference: p,
        carrier: p,
        remark: p,
        trackingNumbers: [p],
        lines: [{ itemId: item.id, planned: 3 }],
      }),
    );
    must('scan', await call('POST', `/v0/r7gorders/${inbound.id}/scan`, { code: sku, quantity: 1, batch: p }));
    must('complete', await call('POST', `/v0/r7gorders/${inbound.id}/complete`, { final: false }));
    const line = { itemId: item.id, qty: 1, valid: 1, remark: p, itemBatch: p };
    must(
      'return',
      await call('POST', '/v0/r7greceiving/', { shipSN: `${p}RT00${i}`, originSN: p, note: p, agentGUID: `INJ${i}`, items: JSON.stringify([line]) }),
    );
    const order = must(
      'order',
      await call(
        'POST',
        '/v0/outbound/orders',
        orderBody({
          merchantId,
          refOrderId: p,
          remark: p,
          privateRemark: p,
          consignee: { name1: p, name2: p, streetName: p, streetNumber: '1', city: p },
          lines: [{ itemId: item.id, quantity: 1, batch: p }],
        }),
      ),
    );
    must('ticket', await call('POST', '/v0/tickets/', { orderId: order.id, subject: p, message: p }));
    injectedOrders.push(order.id as number);
    // An unknown code is refused and logged with what was scanned (the shipping log's export).
    await call('GET', `/v0/p11yorders/scanShipSN?q=${encodeURIComponent(p)}`);
  }
  // A carrier gate user's bill (its CSV): labels bought through the demo's sandbox carrier with the payloads
  // as the company, the sender and the shipments' references.
  const gateAddress = (p: string) => ({ name1: p, street: p, streetNumber: '1', zip: '20457', city: p, country: 'DE' });
  const gateUser = must(
    'gate user',
    await call('POST', '/v0/carriergate/users', { company: PAYLOADS[0], address: gateAddress(PAYLOADS[0]!), carriers: ['sandbox'] }),
  );
  const gateKey = must('gate key', await call('POST', `/v0/carriergate/users/${gateUser.id}/keys`, { name: 'shop' })).key as string;
  for (const [i, p] of PAYLOADS.entries()) {
    const bought = await t.app.inject({
      method: 'POST',
      url: '/v0/gate/shipments',
      headers: { 'x-api-key': gateKey, 'idempotency-key': `inj-${i}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ receiver: gateAddress(p), parcels: [{ weightKg: 1 }], product: 'SBX_PARCEL', reference: p }),
    });
    expect(JSON.parse(bought.body).code, bought.body.slice(0, 300)).toBe('OK');
  }
  const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(new Date());
  gateBillId = must('gate bill', await call('POST', '/v0/carriergate/bills/build', { period, gateUserId: gateUser.id }))[0].id as number;
  // An end-of-day manifest (its CSV) of the payload merchants' orders, packed and handed over on one pallet.
  for (const [i, id] of injectedOrders.entries())
    await sql`update outbound_orders set status = ${OUTBOUND_ORDER.codeOf('packingCompleted')}, ship_bundle = ${`INJ-MANIFEST-${i}`} where id = ${id}`.execute(
      t.database.db,
    );
  const pallet = must('pallet', await call('POST', '/v0/wms/pallets', { pickupCarrier: PAYLOADS[0] }));
  const numbers = injectedOrders.map((_, i) => ({ trackingNo: `INJ-MANIFEST-${i}` }));
  must('flush', await call('POST', `/v0/wms/pallets/${pallet.palletCode}/tracking/flush`, { items: numbers }));
  must('handover', await call('POST', `/v0/wms/pallets/${pallet.palletCode}/close`, {}));
  manifestDay = must('manifest day', await call('GET', '/v0/wms/manifests')).day as string;
  manifestId = must('manifest', await call('POST', '/v0/wms/manifests/close', { day: manifestDay, accountKey: 'carrier:dhl' })).id as number;
  const asks = exportsOf(t.routeTable, merchantIds[0]!);
  for (const [route, list] of Object.entries(asks)) for (const ask of list) await runExport(route, ask);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('export-injection suite', () => {
  it('knows how to ask for every export of the route table', () => {
    const asks = exportsOf(t.routeTable, 1);
    const unknown = t.routeTable.filter((r) => looksLikeExport(r.url) && !asks[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(unknown, 'add these exports to exportsOf() in export-injection.int.test.ts').toEqual([]);
    expect(new Set(files.map((f) => f.route)).size).toBe(Object.keys(asks).length);
  });

  it('writes no cell that starts with a formula trigger and no formula, in any export', () => {
    const bad = files.flatMap((f) =>
      f.cells.filter((c) => c.formula || (TRIGGER.test(c.text) && !NUMBER.test(c.text))).map((c) => `${f.route} ${c.address}: ${JSON.stringify(c.text)}`),
    );
    expect(bad).toEqual([]);
  });

  it('exported every payload, neutralised with a leading quote', () => {
    const texts = new Set(files.flatMap((f) => f.cells.map((c) => c.text)));
    for (const p of PAYLOADS) expect(texts.has(`'${p}`) || texts.has(`'${p.trim()}`), JSON.stringify(p)).toBe(true);
    // The receiving export carries the inbound order's reference (the defect of issue 15 item 6).
    const receiving = files.filter((f) => f.route === 'GET /v0/r7gorders/export.xlsx').flatMap((f) => f.cells.map((c) => c.text));
    expect(receiving).toContain(`'${PAYLOADS[0]}`);
    // The handover activity names the merchants (payloads as names) whose pallet the setup handed over.
    const activity = files.filter((f) => f.route === 'GET /v0/wms/manifests/activity.csv').flatMap((f) => f.cells.map((c) => c.text));
    expect(activity).toContain(`'${PAYLOADS[0]}`);
  });
});
