// Picklists benchmark (issue 18 "Done when"), measured side by side in one run on PostgreSQL:
// (a) creating picklists for BENCH_PICK_ORDERS (10,000) ready-to-pick orders in one call, divided by
//     ten calls of a tenth each (goal ≤ 1.2): the same flow as the console (`picklistFlow.create`:
//     candidates locked `for update skip locked`, pick path, each order moved through the outbound
//     machine), on orders made ready in bulk SQL with their reservations;
// (b) the picklist PDF of BENCH_PDF_LINES (1,000) lines streamed, its time, bytes and the process's
//     peak RSS above what it used before.
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is created there
// and dropped at the end.
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { AuthContext } from '../apps/server/src/http/access.js';
import { picklistFlow } from '../apps/server/src/flows/picklist.flow.js';
import { picklistSheet } from '../apps/server/src/lib/documents/picklist-sheet.js';
import { seedDemo, seedRoles } from '../apps/server/src/seed/seed.js';
import { picklistRulesSchema } from '../packages/contracts/src/domains/picking.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt } from './lib.mjs';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ORDERS = Number(process.env.BENCH_PICK_ORDERS ?? 10_000);
const PDF_LINES = Number(process.env.BENCH_PDF_LINES ?? 1000);
const MB = 1024 * 1024;

const database = await scratchPostgres(BASE_URL, 10);
const db = database.db;
try {
  await migrateToLatest(db);
  await seedRoles(db);
  await seedDemo(db);
  const built = await buildApp({ config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent', JOBS: '0' }), database });
  const { core } = built;
  const admin = await sql<{ id: number }>`select id from users where account = 'admin@demo.local'`.execute(db);
  const auth = { userId: Number(admin.rows[0]!.id), merchantId: null, subMerchantId: null, isAdmin: true, roles: ['admin'] } as unknown as AuthContext;

  // Ready-to-pick orders in bulk: stock of merchant A's items spread over forty compartments, orders of
  // one line of two units (all type 1, so every call fills its lists exactly) reserved on it, as
  // allocation leaves them. Two pools by carrier: DHL for the
  // one large call, DPD for the ten small ones.
  await sql`insert into stock (merchant_id, item_id, warehouse_id, compartment_id, batch, quantity)
    select i.merchant_id, i.id, c.warehouse_id, c.id, 'BENCH', 1000000 from
      (select id, merchant_id from items where merchant_id = (select id from merchants where code = 'C001') order by id limit 8) i
      cross join (select id, warehouse_id from compartments where not blocked order by id limit 40) c
    on conflict do nothing`.execute(db);
  await sql`with s as (select id, merchant_id, item_id, warehouse_id, row_number() over (order by id) - 1 as k, count(*) over () as n from stock where batch = 'BENCH'),
    o as (insert into outbound_orders (merchant_id, warehouse_id, status, type_of_task, mode_of_transport, pickup_date, unit_qty, weight, consignee,
        consignee_name, consignee_country, carrier, line_count, total_units, created_at)
      select (select merchant_id from s limit 1), (select warehouse_id from s limit 1), 0, 'B2C', 'parcel', current_date, 2, 1,
        '{"name1":"Bench","country":"DE"}'::jsonb, 'Bench', 'DE', case when g <= ${ORDERS} then 'DHL' else 'DPD' end, 1, 2,
        now() - make_interval(secs => g)
      from generate_series(1, ${2 * ORDERS}) g returning id, total_units),
    pick as (select o.id as order_id, o.total_units as q, s.* from o join s on s.k = o.id % s.n),
    l as (insert into outbound_lines (order_id, item_id, quantity, reserved) select order_id, item_id, q, q from pick),
    r as (insert into reservations (merchant_id, stock_id, item_id, ref_type, ref_id, quantity) select merchant_id, id, item_id, 'outbound', order_id::text, q from pick)
    update stock set reserved = reserved + x.q from (select id, sum(q) as q from pick group by id) x where stock.id = x.id`.execute(db);
  await sql`analyze`.execute(db);

  const flow = picklistFlow(core);
  const rules = (carrier: string, lists: number) => picklistRulesSchema.parse({ carrier, maxOrders: 100, maxLists: lists });
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  const small: number[] = [];
  for (let i = 0; i < 10; i++) small.push(await time(() => flow.create(auth, rules('DPD', ORDERS / 10 / 100))));
  const large = await time(() => flow.create(auth, rules('DHL', ORDERS / 100)));
  const counted = await sql<{ n: number }>`select count(*)::int as n from picklist_orders where active`.execute(db);
  const smallSum = small.reduce((a, b) => a + b, 0);
  console.log(`\nPicklists (PostgreSQL, ${fmt(2 * ORDERS)} ready orders, ${fmt(counted.rows[0]!.n)} put into picklists)`);
  console.log(`  ${fmt(ORDERS)} orders in one call            ${fmt(large)} ms (${fmt(ORDERS / (large / 1000))} orders/s)`);
  console.log(`  ten calls of ${fmt(ORDERS / 10)} orders             ${fmt(smallSum)} ms (each ${small.map((ms) => fmt(ms)).join(', ')})`);
  console.log(`  ratio large / ten small               ${fmt(large / smallSum, 2)}  (goal ≤ 1.2)`);

  // (b) the PDF of PDF_LINES lines, streamed.
  const lines = Array.from({ length: PDF_LINES }, (_, i) => ({
    compartment: `A-${String(1 + (i % 40)).padStart(2, '0')}-${String(1 + (i % 7)).padStart(2, '0')}`,
    sku: `BENCH-${String(i).padStart(5, '0')}`,
    name: `Benchmark item ${i}`,
    batch: i % 5 === 0 ? `B${2400 + (i % 12)}` : '',
    qty: 1 + (i % 9),
  }));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  let bytes = 0;
  const stream = picklistSheet({
    unid: 'PL20269999',
    typeLabel: 'Pack Scan Order',
    carrier: 'DHL',
    merchant: 'Bench',
    created: '2026-11-25 10:00',
    orderCount: 500,
    itemQty: lines.reduce((s, l) => s + l.qty, 0),
    lines,
    language: 'de',
  });
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`  picklist PDF, ${fmt(PDF_LINES)} lines streamed         ${fmt(ms)} ms, ${fmt(bytes / 1024)} KB, peak RSS +${fmt((peak - before) / MB, 1)} MB`);
  await built.app.close();
} finally {
  await database.close();
}
