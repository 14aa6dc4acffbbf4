import { INBOUND_ORDER } from '@kontor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let worker: string;
let merchantA: string;
let merchantB: string;
let warehouseId: number;
let merchantAId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, worker, merchantA, merchantB] = await Promise.all([
    t.login('admin@demo.local'),
    t.login('warehouse@demo.local'),
    t.login('merchant-a@demo.local'),
    t.login('merchant-b@demo.local'),
  ]);
  warehouseId = (await get('/v0/warehouses/?code=DE01')).data.data[0].id;
  merchantAId = (await get('/v0/merchants/opts')).data.find((m: { name: string }) => m.name.startsWith('Anker')).id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin, key?: string) =>
  t.call({ method, url, token, payload: payload as never, headers: key ? { 'idempotency-key': key } : {} }).then((r) => r.body);
const code = (state: keyof typeof INBOUND_ORDER.states) => INBOUND_ORDER.codeOf(state);
const stockQty = async (sku: string, compartment: string, status: number) =>
  ((await get(`/v0/stock/?sku=${sku}&l=100`)).data.data as Array<{ compartmentCode: string; status: number; quantity: number }>)
    .filter((r) => r.compartmentCode === compartment && r.status === status)
    .reduce((sum, r) => sum + r.quantity, 0);

/** A merchant A order: 10 × ANK-HUB-7 and 4 × ANK-SPK-MINI. */
async function announce(token = merchantA, extra: Record<string, unknown> = {}) {
  const body = await send(
    'POST',
    '/v0/r7gorders/',
    {
      warehouseId,
      reference: 'PO-4711',
      carrier: 'DHL',
      trackingNumbers: ['JJD000111'],
      boxQty: 2,
      lines: [
        { sku: 'ANK-HUB-7', planned: 10 },
        { sku: 'ANK-SPK-MINI', planned: 4 },
      ],
      ...(token === merchantA ? {} : { merchantId: merchantAId }),
      ...extra,
    },
    token,
  );
  expect(body.code).toBe('OK');
  return body.data as { id: number; unid: string };
}

describe('announcing inbound orders', () => {
  it('lets a merchant announce, numbers it MI…, and keeps it from other merchants', async () => {
    const { id, unid } = await announce();
    expect(unid).toMatch(/^MI\d{8}\d{6}$/);
    const detail = (await get(`/v0/r7gorders/${id}/detail`, merchantA)).data;
    expect(detail.order).toMatchObject({ unid, status: code('readyToInbound'), plannedUnits: 14, merchantName: 'Anker Innovations DE' });
    expect(detail.lines.map((l: { sku: string; planned: number }) => [l.sku, l.planned])).toEqual([
      ['ANK-HUB-7', 10],
      ['ANK-SPK-MINI', 4],
    ]);
    expect((await get(`/v0/r7gorders/${id}/detail`, merchantB)).code).toBe('NotFound');
    expect((await get(`/v0/r7gorders/?unid=${unid}`, merchantB)).data.total).toBe(0);
    expect((await get(`/v0/r7gorders/?unid=${unid}`, merchantA)).data.total).toBe(1);
  });

  it('refuses bad lines with a clear field and books nothing', async () => {
    const before = (await get('/v0/r7gorders/?l=1')).data.total;
    const foreign = await send('POST', '/v0/r7gorders/', { warehouseId, lines: [{ sku: 'SKU-C', planned: 1 }] }, merchantA);
    expect(foreign).toMatchObject({ code: 'ItemNotFound', error: { fields: [{ field: 'lines.0.sku' }] } });
    const twice = await send(
      'POST',
      '/v0/r7gorders/',
      {
        warehouseId,
        lines: [
          { sku: 'SKU-B', planned: 1 },
          { sku: '4006381333948', planned: 2 },
        ],
      },
      merchantA,
    );
    expect(twice).toMatchObject({ code: 'IntegrityError', error: { fields: [{ field: 'lines.1.sku' }] } });
    expect((await send('POST', '/v0/r7gorders/', { warehouseId, lines: [] }, merchantA)).code).toBe('IntegrityError');
    expect((await send('POST', '/v0/r7gorders/', { warehouseId, lines: [{ sku: 'SKU-B', planned: 1.5 }] }, merchantA)).code).toBe('IntegrityError');
    expect((await send('POST', '/v0/r7gorders/', { lines: [{ sku: 'SKU-B', planned: 1 }], warehouseId }, admin)).error.fields[0].field).toBe('merchantId');
    expect((await get('/v0/r7gorders/?l=1')).data.total).toBe(before);
  });

  it('walks the hand-set statuses the table allows and refuses the others', async () => {
    const { id } = await announce();
    const status = (s: string, token = merchantA) => send('POST', `/v0/r7gorders/${id}/status`, { status: s }, token);
    expect((await status('inTransit')).data.order.status).toBe(code('inTransit'));
    expect((await status('receiptPending')).data.order.status).toBe(code('receiptPending'));
    expect((await status('inTransit')).code).toBe('InvalidState');
    expect((await status('canceled')).data.order.status).toBe(code('canceled'));
    expect((await status('receiptPending')).code).toBe('InvalidState');
    expect((await send('POST', `/v0/r7gorders/${id}/scan`, { code: 'ANK-HUB-7' }, worker)).code).toBe('InvalidState');
  });

  it('lets the merchant edit until receiving starts; then only staff, with a reason', async () => {
    const { id } = await announce();
    let version = (await get(`/v0/r7gorders/${id}/detail`)).data.order.version;
    const edited = await send('PUT', `/v0/r7gorders/${id}`, { version, remark: 'two boxes', lines: [{ sku: 'ANK-HUB-7', planned: 12 }] }, merchantA);
    expect(edited.data.order).toMatchObject({ remark: 'two boxes', plannedUnits: 12 });
    expect((await send('PUT', `/v0/r7gorders/${id}`, { version, remark: 'stale' }, merchantA)).code).toBe('Conflict');
    await send('POST', `/v0/r7gorders/${id}/scan`, { code: 'ANK-HUB-7' }, worker);
    version = (await get(`/v0/r7gorders/${id}/detail`)).data.order.version;
    expect((await send('PUT', `/v0/r7gorders/${id}`, { version, remark: 'late' }, merchantA)).code).toBe('InvalidState');
    expect((await send('PUT', `/v0/r7gorders/${id}`, { version, remark: 'late' }, admin)).error.fields[0].field).toBe('reason');
    const withReason = await send('PUT', `/v0/r7gorders/${id}`, { version, remark: 'late', reason: 'supplier call' }, admin);
    expect(withReason.data.order.remark).toBe('late');
    // A counted line stays on the order.
    const drop = await send(
      'PUT',
      `/v0/r7gorders/${id}`,
      { version: withReason.data.order.version, reason: 'x', lines: [{ sku: 'SKU-B', planned: 1 }] },
      admin,
    );
    expect(drop.code).toBe('InUse');
  });
});

describe('changing an announcement', () => {
  it('changes only the fields an update sends, keeps unplanned lines, and offers warehouses to merchants', async () => {
    const { id } = await announce();
    const before = (await get(`/v0/r7gorders/${id}/detail`, merchantA)).data.order;
    const after = (await send('PUT', `/v0/r7gorders/${id}`, { version: before.version, carrier: 'UPS' }, merchantA)).data.order;
    expect(after).toMatchObject({ carrier: 'UPS', reference: 'PO-4711', trackingNumbers: ['JJD000111'], boxQty: 2, plannedUnits: 14 });
    await send('POST', `/v0/r7gorders/${id}/scan`, { code: 'ANK-CAM-C2', confirm: true }, worker);
    const detail = (await get(`/v0/r7gorders/${id}/detail`)).data;
    const lines = detail.lines.map((l: { itemId: number; planned: number }) => ({ itemId: l.itemId, planned: l.planned }));
    const kept = await send('PUT', `/v0/r7gorders/${id}`, { version: detail.order.version, reason: 'plan fixed', lines }, admin);
    expect(kept.data.lines.find((l: { sku: string }) => l.sku === 'ANK-CAM-C2')).toMatchObject({ planned: 0, pending: 1 });
    const warehouses = (await get('/v0/warehouses/opts', merchantA)).data;
    expect(warehouses).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'DE01' })]));
  });

  it('lets a merchant attach only its own files', async () => {
    const foreign = await send(
      'POST',
      '/v0/r7gorders/',
      { warehouseId, lines: [{ sku: 'SKU-B', planned: 1 }], files: [{ id: 'no-such-file', name: 'x.pdf' }] },
      merchantA,
    );
    expect(foreign).toMatchObject({ code: 'IntegrityError', error: { fields: [{ field: 'files.0.id' }] } });
  });
});

describe('receiving by scan, completing and putaway', () => {
  it('receives one short and one damaged line, books staging, puts away, and ends inbounded with its ledger', async () => {
    const { id, unid } = await announce();
    const hubBefore = await stockQty('ANK-HUB-7', 'A-01-03', 10);
    const scan = (body: Record<string, unknown>, key?: string) => send('POST', `/v0/r7gorders/${id}/scan`, body, worker, key);
    const first = await scan({ code: 'ANK-HUB-7', quantity: 8, unit: `${unid}P001` });
    expect(first.data.scan).toMatchObject({ sku: 'ANK-HUB-7', quantity: 8, outcome: 'ok' });
    expect(first.data.status).toBe(code('receiving'));
    await scan({ code: '4006381333979', quantity: 3 });
    await scan({ code: 'ANK-SPK-MINI', condition: 'damaged' });
    const detail = (await get(`/v0/r7gorders/${id}/detail`, worker)).data;
    const line = (sku: string) => detail.lines.find((l: { sku: string }) => l.sku === sku);
    expect(line('ANK-HUB-7')).toMatchObject({ planned: 10, pending: 8, difference: -2 });
    expect(line('ANK-SPK-MINI')).toMatchObject({ planned: 4, pending: 4, pendingDamaged: 1, difference: 0 });
    // Nothing is in stock before completing.
    expect(await stockQty('ANK-HUB-7', 'IN-01', 5)).toBe(0);

    const done = await send('POST', `/v0/r7gorders/${id}/complete`, { final: true }, worker);
    expect(done.data).toMatchObject({ booked: 12, order: { status: code('received'), receivedUnits: 11, damagedUnits: 1, difference: -2 } });
    expect(await stockQty('ANK-HUB-7', 'IN-01', 5)).toBe(8);
    expect(await stockQty('ANK-SPK-MINI', 'IN-01', 2)).toBe(1);
    // Completing again books nothing twice.
    expect((await send('POST', `/v0/r7gorders/${id}/complete`, { final: true }, worker)).data.booked).toBe(0);
    expect(await stockQty('ANK-HUB-7', 'IN-01', 5)).toBe(8);

    const staging = done.data.staging as Array<{ sku: string; status: number; quantity: number; suggestion: { code: string } | null }>;
    expect(staging.find((s) => s.sku === 'ANK-HUB-7')).toMatchObject({ status: 5, quantity: 8, suggestion: { code: 'A-01-03' } });
    expect(staging.find((s) => s.sku === 'ANK-SPK-MINI' && s.status === 2)).toMatchObject({ quantity: 1, suggestion: { code: 'DMG-01' } });

    const hubItem = detail.lines.find((l: { sku: string }) => l.sku === 'ANK-HUB-7').itemId;
    const spkItem = detail.lines.find((l: { sku: string }) => l.sku === 'ANK-SPK-MINI').itemId;
    const put = (body: Record<string, unknown>, key?: string) => send('POST', `/v0/r7gorders/${id}/putaway`, body, worker, key);
    expect((await put({ itemId: hubItem, quantity: 9, compartment: 'A-01-03' })).code).toBe('InsufficientStock');
    expect((await put({ itemId: hubItem, quantity: 1, compartment: 'OUT-01' })).code).toBe('WrongCompartmentKind');
    expect((await put({ itemId: spkItem, fromStatus: 2, quantity: 1, compartment: 'A-02-01' })).code).toBe('WrongCompartmentKind');
    expect((await put({ itemId: hubItem, quantity: 1, compartment: 'Z-99' })).code).toBe('CompartmentNotFound');
    expect((await put({ itemId: hubItem, quantity: 8, compartment: 'A-01-03' }, 'put-hub-1')).data.order.status).toBe(code('received'));
    // Repeating the same key moves nothing again.
    expect((await put({ itemId: hubItem, quantity: 8, compartment: 'A-01-03' }, 'put-hub-1')).data.moved.compartment).toBe('A-01-03');
    expect(await stockQty('ANK-HUB-7', 'A-01-03', 10)).toBe(hubBefore + 8);
    await put({ itemId: spkItem, quantity: 3, compartment: 'A-02-01' });
    const last = await put({ itemId: spkItem, fromStatus: 2, quantity: 1, compartment: 'DMG-01' });
    expect(last.data.order).toMatchObject({ status: code('inbounded'), putAwayUnits: 12 });
    expect(last.data.staging).toEqual([]);
    expect(await stockQty('ANK-SPK-MINI', 'DMG-01', 2)).toBe(1);

    const log = (await get(`/v0/inventorylog/?refId=${unid}&l=50`)).data.data as Array<{ reason: string; delta: number }>;
    expect(log.filter((l) => l.reason === 'receive').reduce((s, l) => s + l.delta, 0)).toBe(12);
    expect(log.filter((l) => l.reason === 'putaway').reduce((s, l) => s + l.delta, 0)).toBe(0);
    expect(await checkStockInvariants(t.core.db)).toEqual([]);
  });

  it('repeats a scan with the same idempotency key without counting it twice; without a key each scan adds', async () => {
    const { id } = await announce();
    const scan = (key?: string, body: Record<string, unknown> = { code: 'ANK-HUB-7', quantity: 2 }) =>
      send('POST', `/v0/r7gorders/${id}/scan`, body, worker, key);
    const a = await scan('scan-key-1');
    const b = await scan('scan-key-1');
    expect(b).toEqual(a);
    expect((await scan('scan-key-1', { code: 'ANK-HUB-7', quantity: 3 })).code).toBe('IdempotencyKeyReused');
    await scan();
    await scan();
    const hub = (await get(`/v0/r7gorders/${id}/detail`, worker)).data.lines.find((l: { sku: string }) => l.sku === 'ANK-HUB-7');
    expect(hub.pending).toBe(6);
    // Ten clients sending the same key at once count once.
    await Promise.all(Array.from({ length: 10 }, () => scan('scan-key-burst')));
    const after = (await get(`/v0/r7gorders/${id}/detail`, worker)).data.lines.find((l: { sku: string }) => l.sku === 'ANK-HUB-7');
    expect(after.pending).toBe(8);
  });

  it('counts every one of 16 concurrent scans exactly once, and completing twice at once books once', async () => {
    const { id } = await announce(admin, { lines: [{ sku: 'ANK-EAR-P3', planned: 200 }] });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) => send('POST', `/v0/r7gorders/${id}/scan`, { code: 'ANK-EAR-P3', quantity: n + 1 }, worker)),
    );
    expect(answers.every((a) => a.code === 'OK')).toBe(true);
    expect((await get(`/v0/r7gorders/${id}/detail`, worker)).data.lines[0].pending).toBe(136);
    const [one, two] = await Promise.all([
      send('POST', `/v0/r7gorders/${id}/complete`, { final: false }, worker),
      send('POST', `/v0/r7gorders/${id}/complete`, { final: false }, worker),
    ]);
    expect([one.data.booked, two.data.booked].sort((a, b) => a - b)).toEqual([0, 136]);
    expect((await get(`/v0/r7gorders/${id}/detail`, worker)).data.lines[0]).toMatchObject({ received: 136, pending: 0 });
  });

  it('asks to confirm an item not on the order and a count beyond the tolerance; undoes an open scan', async () => {
    const { id } = await announce();
    const scan = (body: Record<string, unknown>) => send('POST', `/v0/r7gorders/${id}/scan`, body, worker);
    const unknown = await scan({ code: 'ANK-CAM-C2' });
    expect(unknown).toMatchObject({ code: 'NotOnOrder', error: { confirm: true } });
    expect(unknown.data).toContain('ANK-CAM-C2');
    expect((await scan({ code: 'ANK-CAM-C2', confirm: true })).data.scan.outcome).toBe('notOnOrder');
    expect((await scan({ code: 'ANK-CAM-C2' })).code).toBe('OK');
    expect((await scan({ code: 'ANK-HUB-7', quantity: 11 })).data.scan.outcome).toBe('over');
    expect((await scan({ code: 'ANK-HUB-7', quantity: 1 })).code).toBe('OverDelivery');
    expect((await scan({ code: 'SKU-C' })).code).toBe('ItemNotFound');
    expect((await scan({ code: 'NOPE-123' })).code).toBe('ItemNotFound');
    const lastScan = (await get(`/v0/r7gorders/${id}/detail`, worker)).data.scans[0];
    const undone = await send('DELETE', `/v0/r7gorders/${id}/scans/${lastScan.id}`, undefined, worker);
    expect(undone.data.lines.find((l: { sku: string }) => l.sku === 'ANK-HUB-7').pending).toBe(0);
    expect((await send('DELETE', `/v0/r7gorders/${id}/scans/${lastScan.id}`, undefined, worker)).code).toBe('NotFound');
  });

  it('finishes partially, resumes, and needs batches and serials where the item tracks them', async () => {
    const { id } = await announce(admin, { lines: [{ sku: 'SKU-A', planned: 5 }] });
    const scan = (body: Record<string, unknown>) => send('POST', `/v0/r7gorders/${id}/scan`, body, worker);
    expect((await scan({ code: 'SKU-A' })).error.fields[0].field).toBe('batch');
    await scan({ code: 'SKU-A', batch: 'B2501', quantity: 2 });
    const partial = await send('POST', `/v0/r7gorders/${id}/complete`, { final: false }, worker);
    expect(partial.data.order.status).toBe(code('partiallyInbounded'));
    expect(partial.data.lines[0]).toMatchObject({ batch: 'B2501', received: 2, planned: 5 });
    expect((await scan({ code: 'SKU-A', batch: 'B2501', quantity: 3 })).data.status).toBe(code('receiving'));
    await send('POST', `/v0/r7gorders/${id}/complete`, { final: true }, worker);
    expect((await get(`/v0/r7gorders/${id}/detail`)).data.lines[0]).toMatchObject({ received: 5, difference: 0 });

    // Merchant B's serial-numbered item.
    const merchantBId = (await get('/v0/merchants/opts')).data.find((m: { name: string }) => m.name.startsWith('EcoFlow')).id;
    const b = await send('POST', '/v0/r7gorders/', { merchantId: merchantBId, warehouseId, lines: [{ sku: 'SKU-C', planned: 2 }] });
    const scanB = (body: Record<string, unknown>) => send('POST', `/v0/r7gorders/${b.data.id}/scan`, body, worker);
    expect((await scanB({ code: 'SKU-C', quantity: 2, serials: ['ABCDEFGH01'] })).error.fields[0].field).toBe('serials');
    expect((await scanB({ code: 'SKU-C', quantity: 1, serials: ['bad'] })).error.fields[0]).toMatchObject({
      rule: 'patternMismatch',
      params: { value: 'bad' },
    });
    // The receiver reads the refusal in its own language.
    const german = await t.call({
      method: 'POST',
      url: `/v0/r7gorders/${b.data.id}/scan`,
      token: worker,
      payload: { code: 'SKU-C', quantity: 1, serials: ['bad'] },
      headers: { 'x-lang': 'de' },
    });
    expect(german.body.error.fields[0].message).toMatch(/bad entspricht nicht dem Muster /);
    expect((await scanB({ code: 'SKU-C', quantity: 2, serials: ['ABCDEFGH01', 'ABCDEFGH02'] })).code).toBe('OK');
    // Beyond the plan the receiver confirms first (issue 15 item 13); a serial already taken is still refused.
    expect((await scanB({ code: 'SKU-C', quantity: 1, serials: ['ABCDEFGH02'] })).code).toBe('OverDelivery');
    expect((await scanB({ code: 'SKU-C', quantity: 1, serials: ['ABCDEFGH02'], confirm: true })).code).toBe('SerialConflict');
    await send('POST', `/v0/r7gorders/${b.data.id}/complete`, { final: true }, worker);
    expect((await scanB({ code: 'SKU-C', quantity: 1, serials: ['ABCDEFGH01'] })).code).toBe('InvalidState');
  });

  it('says an item is not on the order before it asks for its serials or batch (issue 15 item 13)', async () => {
    const merchantBId = (await get('/v0/merchants/opts')).data.find((m: { name: string }) => m.name.startsWith('EcoFlow')).id;
    const b = await send('POST', '/v0/r7gorders/', { merchantId: merchantBId, warehouseId, lines: [{ sku: 'EF-SOLAR-110', planned: 2 }] });
    const scanB = (body: Record<string, unknown>) => send('POST', `/v0/r7gorders/${b.data.id}/scan`, body, worker);
    // EF-RIVER-2 needs serials and is not on the order: the receiver hears that first.
    expect(await scanB({ code: 'EF-RIVER-2', quantity: 2 })).toMatchObject({ code: 'NotOnOrder', error: { confirm: true } });
    // Accepted anyway, it still needs its serials.
    expect((await scanB({ code: 'EF-RIVER-2', quantity: 2, confirm: true })).error.fields[0].field).toBe('serials');
    const accepted = await scanB({ code: 'EF-RIVER-2', quantity: 2, confirm: true, serials: ['RIVER0000001', 'RIVER0000002'] });
    expect(accepted.data.scan.outcome).toBe('notOnOrder');
    // A batch-tracked item not on the order: the same, before its batch.
    const { id } = await announce();
    expect((await send('POST', `/v0/r7gorders/${id}/scan`, { code: 'SKU-A' }, worker)).code).toBe('NotOnOrder');
  });

  it('records handling for billing and tells the merchant', async () => {
    const { id, unid } = await announce();
    await send('POST', `/v0/r7gorders/${id}/scan`, { code: 'ANK-HUB-7', quantity: 10, unit: `${unid}P001`, unitKind: 'pallet' }, worker);
    await send('POST', `/v0/r7gorders/${id}/complete`, { final: true }, worker);
    const rows = await t.core.db.selectFrom('billing_activity').select(['kind', 'quantity']).where('ref_id', '=', String(unid)).execute();
    expect(Object.fromEntries((rows as Array<{ kind: string; quantity: number }>).map((r) => [r.kind, r.quantity]))).toEqual({
      'inbound.unit': 10,
      'inbound.pallet': 1,
    });
  });
});

describe('lookups, logging scan and containers', () => {
  it('finds an order by number, label and tracking number; logs tracking numbers once (facts §3.4)', async () => {
    const { id, unid } = await announce();
    expect((await get(`/v0/r7gorders/any?q=${unid}P003`, worker)).data).toMatchObject({ id, unid });
    expect((await get(`/v0/r7gorders/any?q=NOPE`, worker)).data).toEqual({ id: 0, unid: '' });
    const first = (await get(`/v0/r7gorders/scanLog?id=0&q=${unid}P001`, worker)).data;
    expect(first).toMatchObject({ id, unid, shipBundleSent: [] });
    expect((await get(`/v0/r7gorders/scanLog?id=0&q=MI000`, worker)).data).toEqual({ id: 0, unid: '' });
    const logged = (await get(`/v0/r7gorders/scanLog?id=${id}&q=JJD000999`, worker)).data;
    expect(logged.shipBundleSent).toEqual(['JJD000999']);
    expect((await get(`/v0/r7gorders/scanLog?id=${id}&q=JJD000999`, worker)).data.shipBundleSent).toEqual(['JJD000999']);
  });

  it('moves the orders a container carries to receipt pending when it arrives', async () => {
    const container = await send('POST', '/v0/c7rorders/', { number: 'TCLU1111111', warehouseId, size: '40hc', carrier: 'MSC', eta: '2026-12-01' }, worker);
    expect(container.code).toBe('OK');
    const cid = container.data.id;
    expect((await get(`/v0/c7rorders/${cid}`, worker)).data).toMatchObject({ unid: expect.stringMatching(/^MIC\d{12}$/), status: 1 });
    const { id } = await announce(admin, { containerId: cid });
    const other = await announce();
    const status = (s: string) => send('POST', `/v0/c7rorders/${cid}/status`, { status: s }, worker);
    expect((await status('unloaded')).code).toBe('InvalidState');
    expect((await status('arrived')).data.ordersReceiptPending).toBe(1);
    expect((await get(`/v0/r7gorders/${id}/detail`)).data.order.status).toBe(code('receiptPending'));
    expect((await get(`/v0/r7gorders/${other.id}/detail`)).data.order.status).toBe(code('readyToInbound'));
    expect((await get(`/v0/r7gorders/?containerId=${cid}`)).data.total).toBe(1);
    expect((await send('DELETE', `/v0/c7rorders/${cid}`, undefined, worker)).code).toBe('InUse');
    // The number is taken while the container is open.
    expect((await send('POST', '/v0/c7rorders/', { number: 'TCLU1111111', warehouseId }, worker)).code).toBe('Duplicate');
    expect((await get('/v0/c7rorders/', merchantA)).code).toBe('NoPermission');
  });
});
