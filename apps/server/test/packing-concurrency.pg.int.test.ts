import { OUTBOUND_ORDER } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { orderBody } from './helpers/orders.js';

/**
 * Concurrent packing on PostgreSQL (issue 18 "Idempotency and concurrency"): two stations packing one
 * order book it once; stations scanning the same item at the single-item station pack different
 * orders; the same key sent twice at once books once. Requests run concurrently on the pool.
 */
let t: TestApp;
let admin: string;
let merchantA: string;

const send = (url: string, payload: unknown, token: string, key: string) =>
  t.call({ method: 'POST', url, token, payload: payload as never, headers: { 'idempotency-key': key } }).then((r) => r.body);

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local')]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function itemWithStock(sku: string, stock: number) {
  const created = await send('/v0/items/', { sku, name: sku, weight: 0.2 }, merchantA, `item-${sku}`);
  const itemId = Number(created.data.id);
  expect((await send('/v0/inventory/adjust', { itemId, compartment: 'A-01-03', delta: stock, reasonCode: 'found' }, admin, `adj-${sku}`)).code).toBe('OK');
  return itemId;
}

async function orders(sku: string, n: number, quantity = 1): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const body = await send('/v0/outbound/orders', orderBody({ lines: [{ sku, quantity }] }), merchantA, `o-${sku}-${i}`);
    expect(body.data.status).toBe(OUTBOUND_ORDER.codeOf('readyToPick'));
    ids.push(body.data.id);
  }
  return ids;
}

const issued = async (itemId: number) =>
  Number(
    (
      await sql<{ n: number }>`select coalesce(-sum(delta), 0)::int as n from inventory_log where item_id = ${itemId} and reason = 'issue'`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );

describe('concurrent packing on PostgreSQL', () => {
  it('two stations packing the same orders at once book each order once', async () => {
    const itemId = await itemWithStock('CC-TWO', 40);
    const ids = await orders('CC-TWO', 10, 2);
    const answers = await Promise.all(
      ids.flatMap((id) => [
        send(`/v0/packing/orders/${id}/pack`, { station: 'A' }, admin, `a-${id}`),
        send(`/v0/packing/orders/${id}/pack`, { station: 'B' }, admin, `b-${id}`),
      ]),
    );
    for (const a of answers) expect(a.code, JSON.stringify(a)).toBe('OK');
    const outcomes = answers.map((a) => a.data.outcome as string);
    expect(outcomes.filter((o) => o === 'packed')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'alreadyPacked')).toHaveLength(10);
    expect(await issued(itemId)).toBe(20);
    const logRows = await sql<{ n: number }>`select count(*)::int as n from pack_log where order_id = any(${ids}::bigint[])`.execute(t.database.db);
    expect(Number(logRows.rows[0]!.n)).toBe(10);
    const billed = await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from billing_activity where kind = 'pick.order'
      and ref_type = 'outbound' and ref_id = any(${ids.map(String)}::text[])`.execute(t.database.db);
    expect(Number(billed.rows[0]!.n)).toBe(10);
    expect((await t.call({ method: 'GET', url: '/v0/inventory/check', token: admin })).body.data).toEqual([]);
  });

  it('stations scanning the same item pack different orders, none twice', async () => {
    const itemId = await itemWithStock('CC-SINGLE', 12);
    const ids = await orders('CC-SINGLE', 8);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send('/v0/packing/single/scan', { code: 'CC-SINGLE', station: `S${i}` }, admin, `scan-${i}`)),
    );
    const packed = answers.filter((a) => a.code === 'OK').map((a) => a.data.orderId as number);
    expect(new Set(packed).size).toBe(packed.length);
    expect(packed.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(answers.filter((a) => a.code !== 'OK').map((a) => a.code)).toEqual(['NoOrderToPack', 'NoOrderToPack']);
    expect(await issued(itemId)).toBe(8);
    expect((await t.call({ method: 'GET', url: '/v0/inventory/check', token: admin })).body.data).toEqual([]);
  });

  it('the same key sent twice at once books once and answers the same', async () => {
    const itemId = await itemWithStock('CC-KEY', 5);
    const [id] = await orders('CC-KEY', 1);
    const [x, y] = await Promise.all([
      send(`/v0/packing/orders/${id}/pack`, { station: 'K' }, admin, 'same-key'),
      send(`/v0/packing/orders/${id}/pack`, { station: 'K' }, admin, 'same-key'),
    ]);
    expect(x.data).toEqual(y.data);
    expect(await issued(itemId)).toBe(1);
  });
});
