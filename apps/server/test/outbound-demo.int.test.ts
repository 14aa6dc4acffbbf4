import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { OUTBOUND_HISTORY_ACTIONS } from '@kontor/contracts/domains/outbound';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let merchantA: string;
let merchantB: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA, merchantB] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local'), t.login('merchant-b@demo.local')]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);
const byUnid = async (unid: string, token = admin) => {
  const rows = (await get(`/v0/outbound/lists/orders/?q=${unid}`, token)).data.data as Array<Record<string, unknown>>;
  return rows.find((r) => r.unid === unid);
};

describe('the demo orders', () => {
  it('hold the original examples of facts §8', async () => {
    const first = await byUnid('MO20260001');
    expect(first).toMatchObject({ merchantCode: 'C001', carrier: 'DHL', remark: 'Fragile', shipBundle: 'TRK1001\nTRK1002', status: code('packingCompleted') });
    expect((first!.parcels as Array<{ trackingNo: string }>).map((p) => p.trackingNo)).toEqual(['TRK1001', 'TRK1002']);

    const second = await byUnid('MO20260002');
    expect(second).toMatchObject({ merchantCode: 'C002', carrier: 'UPS', shipBundle: 'TRK2001', privateRemark: 'Check the SN sticker!' });
    const lines = (await get(`/v0/outbound/orders/${second!.id as number}/detail`)).data.lines as Array<{ sku: string }>;
    expect(lines.map((l) => l.sku)).toEqual(['SKU-C', 'EF-CABLE-XT60']);
    // The private remark is the warehouse's own: hidden from merchants, even on their own order.
    expect((await byUnid('MO20260002', merchantB))!.privateRemark).toBe('');
    expect((await get(`/v0/outbound/orders/${second!.id as number}/detail`, merchantB)).data.order.privateRemark).toBe('');
    expect(await byUnid('MO20260002', merchantA)).toBeUndefined();

    expect(await byUnid('MO20260099')).toMatchObject({ status: code('canceled'), shipBundle: 'CANCEL1', reservedUnits: 0 });
  });

  it('spread over the statuses, with reservations where the status holds stock, and consistent stock', async () => {
    const counts = (await get('/v0/outbound/lists/orders/counts')).data.counts as Record<string, number>;
    for (const state of [
      'readyToPick',
      'outOfStock',
      'hold',
      'wrongAddress',
      'cancelRequested',
      'packingCompleted',
      'shipped',
      'inTransit',
      'delivered',
      'canceled',
    ] as const)
      expect(counts[String(code(state))], state).toBeGreaterThan(0);
    const countsA = (await get('/v0/outbound/lists/orders/counts', merchantA)).data;
    const countsB = (await get('/v0/outbound/lists/orders/counts', merchantB)).data;
    expect(countsA.total).toBeGreaterThan(3);
    expect(countsB.total).toBeGreaterThan(3);
    const wrong = (await get(`/v0/outbound/lists/orders/?status=${code('wrongAddress')}`)).data.data[0];
    expect(wrong.addressProblems.length).toBeGreaterThan(0);
    expect(wrong).toMatchObject({ exceptionReason: 'address', exceptionOwner: 'merchant' });
    const holders = await sql<{ status: number; units: number; reserved: number; held: number }>`select o.status, o.total_units as units,
        o.reserved_units as reserved, coalesce((select sum(quantity) from reservations r where r.ref_type = 'outbound' and r.ref_id = o.id::text), 0)::int as held
      from outbound_orders o`.execute(t.database.db);
    for (const row of holders.rows) expect(row.held).toBe(row.reserved);
    const ready = holders.rows.filter((r) => r.status === code('readyToPick'));
    expect(ready.length).toBeGreaterThan(0);
    expect(ready.every((r) => r.reserved === r.units)).toBe(true);
    const table = await sql<{ status: number; n: number }>`select status, count(*)::int as n from outbound_orders group by status`.execute(t.database.db);
    expect(Object.fromEntries(table.rows.map((r) => [String(r.status), r.n]))).toEqual(counts);
    expect((await get('/v0/inventory/check')).data).toEqual([]);
  });

  it('write only history actions the console has words for (outbound.historyActions)', async () => {
    const rows = await sql<{ action: string }>`select distinct action from outbound_history order by action`.execute(t.database.db);
    const actions = rows.rows.map((r) => r.action);
    expect(actions.length).toBeGreaterThan(3);
    expect(actions.filter((a) => !(OUTBOUND_HISTORY_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });
});
