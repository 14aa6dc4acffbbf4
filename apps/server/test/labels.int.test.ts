import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { pageSizesMm } from './helpers/pdf.js';

let t: TestApp;
let admin: string;
let warehouse: string;
let merchantA: string;
let station: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LABEL_MAX_PER_REQUEST: '50', SSCC_COMPANY_PREFIX: '4012345' } });
  [admin, warehouse, merchantA, station] = (await Promise.all(
    ['admin@demo.local', 'warehouse@demo.local', 'merchant-a@demo.local', 'station@demo.local'].map((a) => t.login(a)),
  )) as [string, string, string, string];
  // A shared machine under load can take minutes to start an app on the embedded database.
}, 300_000);
afterAll(async () => {
  await t?.close();
});

interface PdfCall {
  method: 'GET' | 'POST';
  url: string;
  token: string;
  payload?: Record<string, unknown>;
}
interface Refusal {
  code: string;
  error?: { fields?: { field: string; rule?: string; message: string }[] };
}

/** A call answering a PDF: the raw bytes, or the refusal's envelope. */
async function pdf({ token, ...rest }: PdfCall) {
  const res = await t.app.inject({ ...rest, headers: { 'x-token': token } });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload, json: () => JSON.parse(res.body) as Refusal };
}

describe('barcode generator (POST /v0/labels/barcodes)', () => {
  it('answers one PDF with a label per value and copy', async () => {
    const res = await pdf({
      method: 'POST',
      url: '/v0/labels/barcodes',
      token: warehouse,
      payload: { symbology: 'code128', values: ['A-1', 'A-2', 'A-3'], size: '100x50', copies: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageSizesMm(res.bytes)).toEqual(Array(6).fill([100, 50]));
  });

  it('makes a range with prefix and padding, 24 to an A4 sheet', async () => {
    const res = await pdf({
      method: 'POST',
      url: '/v0/labels/barcodes',
      token: warehouse,
      payload: { symbology: 'qrcode', range: { from: 1, to: 30, prefix: 'BIN-', padding: 4 }, size: 'a4' },
    });
    expect(res.status).toBe(200);
    expect(pageSizesMm(res.bytes)).toEqual([
      [210, 297],
      [210, 297],
    ]);
  });

  it('refuses too many labels, values a symbology cannot carry, and neither or both of values and range', async () => {
    const tooMany = await pdf({
      method: 'POST',
      url: '/v0/labels/barcodes',
      token: warehouse,
      payload: { symbology: 'code128', range: { from: 1, to: 30 }, copies: 2 },
    });
    expect(tooMany.json().code).toBe('IntegrityError');
    expect(tooMany.json().error?.fields?.[0]).toMatchObject({ field: 'copies', rule: 'tooManyLabels' });
    expect(tooMany.json().error?.fields?.[0]?.message).toContain('60');

    const ean = await pdf({
      method: 'POST',
      url: '/v0/labels/barcodes',
      token: warehouse,
      payload: { symbology: 'ean13', values: ['4006381333931', 'ABC', '4006381333932'] },
    });
    expect(ean.json().error?.fields?.map((f) => [f.field, f.rule])).toEqual([
      ['values.1', 'notEncodable'],
      ['values.2', 'notEncodable'],
    ]);

    const neither = await pdf({ method: 'POST', url: '/v0/labels/barcodes', token: warehouse, payload: { symbology: 'code128' } });
    expect(neither.json().error?.fields?.[0]).toMatchObject({ field: 'values', rule: 'valuesOrRange' });
    const badSymbology = await pdf({ method: 'POST', url: '/v0/labels/barcodes', token: warehouse, payload: { symbology: 'pdf417', values: ['x'] } });
    expect(badSymbology.json().code).toBe('IntegrityError');
    expect(badSymbology.json().error?.fields?.[0]?.field).toBe('symbology');
  });

  it('is refused without tools.labelMultiplePrint.view', async () => {
    for (const token of [merchantA, station]) {
      const res = await pdf({ method: 'POST', url: '/v0/labels/barcodes', token, payload: { symbology: 'code128', values: ['A'] } });
      expect(res.type).not.toContain('application/pdf');
      expect(res.json().code).toBe('NoPermission');
    }
  });
});

describe('common logistics labels (POST /v0/labels/logistics)', () => {
  it('prints each kind in each language at 100 × 150 mm', async () => {
    for (const kind of ['fragile', 'thisSideUp', 'heavy', 'doNotStack', 'pallet'])
      for (const language of ['en', 'cn', 'de']) {
        const res = await pdf({ method: 'POST', url: '/v0/labels/logistics', token: warehouse, payload: { kind, language, copies: 2, weightKg: 42 } });
        expect(res.status, `${kind} ${language}`).toBe(200);
        expect(pageSizesMm(res.bytes)).toEqual([
          [100, 150],
          [100, 150],
        ]);
      }
  });

  it('names the merchant: a merchant label needs one, an unknown one is a field error', async () => {
    const none = await pdf({ method: 'POST', url: '/v0/labels/logistics', token: admin, payload: { kind: 'merchant' } });
    expect(none.json().error?.fields?.[0]).toMatchObject({ field: 'merchantId', rule: 'required' });
    const unknown = await pdf({ method: 'POST', url: '/v0/labels/logistics', token: admin, payload: { kind: 'merchant', merchantId: 999999 } });
    expect(unknown.json().error?.fields?.[0]).toMatchObject({ field: 'merchantId', rule: 'unknownRecord' });
    const merchants = (await t.call({ method: 'GET', url: '/v0/merchants/opts', token: admin })).body.data as { id: number }[];
    const ok = await pdf({
      method: 'POST',
      url: '/v0/labels/logistics',
      token: admin,
      payload: { kind: 'merchant', merchantId: merchants[0]!.id, size: '150x100', language: 'cn' },
    });
    expect(pageSizesMm(ok.bytes)).toEqual([[150, 100]]);
  });

  it('is refused without tools.commonLogisticsLabels.view', async () => {
    const res = await pdf({ method: 'POST', url: '/v0/labels/logistics', token: merchantA, payload: { kind: 'fragile' } });
    expect(res.json().code).toBe('NoPermission');
  });
});

describe('box and pallet labels (GET /v0/labels/box, /v0/labels/pallet)', () => {
  it('gives every box a new valid SSCC from the counter', async () => {
    const first = await pdf({
      method: 'GET',
      url: '/v0/labels/box?ref=SO-1&count=3&weightKg=4.5&shipTo=Erika%20Mustermann|51147%20K%C3%B6ln',
      token: warehouse,
    });
    expect(first.status).toBe(200);
    expect(pageSizesMm(first.bytes)).toEqual(Array(3).fill([100, 150]));
    const rows = await t.database.db.selectFrom('sscc_counters').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ prefix: '04012345', last_serial: 3 })]);
    await pdf({ method: 'GET', url: '/v0/labels/pallet?ref=LOAD-7&count=2', token: warehouse });
    await pdf({ method: 'GET', url: '/v0/labels/box?ref=SO-2', token: warehouse });
    const after = await t.database.db.selectFrom('sscc_counters').select(['prefix', 'last_serial']).orderBy('prefix').execute();
    expect(after).toEqual([
      { prefix: '04012345', last_serial: 4 },
      { prefix: '34012345', last_serial: 2 },
    ]);
  });

  it('refuses merchants (staff only) and a bad count', async () => {
    expect((await pdf({ method: 'GET', url: '/v0/labels/box?ref=SO-1', token: merchantA })).json().code).toBe('NoPermission');
    const bad = await pdf({ method: 'GET', url: '/v0/labels/box?ref=SO-1&count=0', token: warehouse });
    expect(bad.json().error?.fields?.[0]?.field).toBe('count');
  });
});

describe('item labels (POST /v0/labels/items)', () => {
  it('prints the items a merchant owns and refuses another merchant’s', async () => {
    const items = await t.database.db
      .selectFrom('items')
      .innerJoin('merchants', 'merchants.id', 'items.merchant_id')
      .select(['items.id', 'merchants.code'])
      .execute();
    const own = items.filter((i) => i.code === 'C001').map((i) => Number(i.id));
    const other = items.find((i) => i.code !== 'C001')!;
    const res = await pdf({ method: 'POST', url: '/v0/labels/items', token: merchantA, payload: { ids: own.slice(0, 2), copies: 2 } });
    expect(res.status).toBe(200);
    expect(pageSizesMm(res.bytes)).toEqual(Array(4).fill([60, 40]));
    const foreign = await pdf({ method: 'POST', url: '/v0/labels/items', token: merchantA, payload: { ids: [own[0], Number(other.id)] } });
    expect(foreign.json().error?.fields?.[0]).toMatchObject({ field: 'ids', rule: 'unknownRecord' });
  });
});

describe('packing slip (GET /v0/labels/orders/:id/packing-slip)', () => {
  const orderOf = async (unid: string) =>
    (await t.core.db.selectFrom('outbound_orders').select(['id', 'merchant_id']).where('unid', '=', unid).executeTakeFirstOrThrow()) as {
      id: number;
      merchant_id: number;
    };

  it("answers an A4 slip of the order's lines; a merchant gets only its own orders'", async () => {
    const order = await orderOf('MO20260001');
    const slip = await pdf({ method: 'GET', url: `/v0/labels/orders/${order.id}/packing-slip`, token: station });
    expect(slip.status).toBe(200);
    expect(slip.type).toBe('application/pdf');
    expect(pageSizesMm(slip.bytes)).toEqual([[210, 297]]);

    const own = await t.core.db.selectFrom('users').select('merchant_id').where('account', '=', 'merchant-a@demo.local').executeTakeFirstOrThrow();
    const other = await t.core.db
      .selectFrom('outbound_orders')
      .select('id')
      .where('merchant_id', '!=', Number(own.merchant_id))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await pdf({ method: 'GET', url: `/v0/labels/orders/${other.id}/packing-slip`, token: merchantA })).json().code).toBe('NotFound');
    expect((await pdf({ method: 'GET', url: '/v0/labels/orders/999999999/packing-slip', token: admin })).json().code).toBe('NotFound');
    expect((await pdf({ method: 'GET', url: '/v0/labels/orders/abc/packing-slip', token: admin })).json().code).toBe('IntegrityError');
  });
});
