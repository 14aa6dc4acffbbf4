import { OUTBOUND_ORDER } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { checkStockInvariants } from '../src/modules/inventory/invariants.js';
import { generateOrders } from '../src/db/generate-orders.js';
import { seedDemo, seedRoles } from '../src/seed/seed.js';
import { createTestDatabase } from './helpers/test-db.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedRoles(database.db);
  await seedDemo(database.db);
});
afterAll(async () => {
  await database?.close();
});

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

describe('the order generator', () => {
  it('writes orders in batches with lines, keeping the live counts and the stock consistent', async () => {
    const before = await rows(sql<{ n: number }>`select count(*)::int as n from outbound_orders`);
    await generateOrders(database.db, { count: 2000, batch: 700, merchants: 5, itemsPerMerchant: 10 });
    await generateOrders(database.db, { count: 300, batch: 1000, merchants: 5, itemsPerMerchant: 10 });
    const after = await rows(sql<{ n: number }>`select count(*)::int as n from outbound_orders`);
    expect(after[0]!.n - before[0]!.n).toBe(2300);

    // The counts table holds appended deltas (folded now and then): their sums per key are the counts.
    const counted = await rows(sql<{ key: string; n: number }>`select merchant_id || '/' || status || '/' || deleted as key, sum(n)::int as n
      from outbound_status_counts group by 1 having sum(n) <> 0 order by 1`);
    const grouped = await rows(sql<{ key: string; n: number }>`select merchant_id || '/' || status || '/' || (deleted_at is not null) as key, count(*)::int as n
      from outbound_orders group by 1 order by 1`);
    expect(counted).toEqual(grouped);

    const lines = await rows(sql<{ bad: number }>`select count(*)::int as bad from outbound_orders o
      where o.line_count <> (select count(*) from outbound_lines l where l.order_id = o.id)
        or o.total_units <> (select coalesce(sum(quantity), 0) from outbound_lines l where l.order_id = o.id)
        or o.reserved_units <> (select coalesce(sum(quantity), 0) from reservations r where r.ref_type = 'outbound' and r.ref_id = o.id::text)`);
    expect(lines[0]!.bad).toBe(0);
    expect(await checkStockInvariants(database.db)).toEqual([]);

    // Like a real warehouse: most orders closed or on their way, some open, over the past year.
    const closed = OUTBOUND_ORDER.codes('delivered', 'finish', 'retourReceived', 'partiallyRetourReceived', 'canceled', 'inTransit', 'inDelivery', 'shipped');
    const share = await rows(sql<{ closed: number; days: number; countries: number }>`select
        avg(case when status = any(${closed}::int[]) then 1.0 else 0 end)::float8 as closed,
        extract(day from max(o.created_at) - min(o.created_at))::int as days, count(distinct consignee_country)::int as countries
      from outbound_orders o join merchants m on m.id = o.merchant_id where m.code like 'G%'`);
    expect(share[0]!.closed).toBeGreaterThan(0.9);
    expect(share[0]!.days).toBeGreaterThan(300);
    expect(share[0]!.countries).toBeGreaterThan(5);
  }, 120_000);
});
