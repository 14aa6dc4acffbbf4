// Outbound benchmark (issue 7), on 1,000,000 generated orders on PostgreSQL (BENCH_ORDERS for a
// quicker run), measured side by side in one run:
// (a) the order list through the API divided by the same SQL run directly (goal ≤ 2.0): the first
//     page and a page at 90 % depth by keyset cursor, plain and with a status filter and a search;
//     and the page at 90 % depth divided by the first page (goal ≤ 1.5);
// (b) the count per status (GET /v0/outbound/lists/orders/counts) against its SQL;
// (c) allocation of 10,000 order lines (orders of 10 lines) divided by ten times 1,000 lines
//     (goal ≤ 1.2), through OutboundOrderService.create and the reservation service.
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is created there
// and dropped at the end.
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { AuthContext } from '../apps/server/src/http/access.js';
import { outboundServices } from '../apps/server/src/modules/outbound/outbound-services.js';
import { OUTBOUND_RESOURCES } from '../apps/server/src/modules/outbound/outbound.resources.js';
import { allFields, columnOf } from '../apps/server/src/modules/resources/define.js';
import { generateOrders } from '../apps/server/src/db/generate-orders.js';
import { seedDemo, seedRoles } from '../apps/server/src/seed/seed.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { listenLocally, signIn } from './http-session.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);
const SMALL_ORDERS = Number(process.env.BENCH_ALLOC_ORDERS ?? 100);
const PAGE = 25;
/** A consignee's surname (one name in forty), as an operator would search it. */
const SEARCH = process.env.BENCH_SEARCH ?? 'Schmidt';
const DELIVERED = 127;

const database = await scratchPostgres(BASE_URL, 10);
const db = database.db;
await migrateToLatest(db);
await seedRoles(db);
await seedDemo(db);
let shown = 0;
const generated = await generateOrders(db, {
  count: ORDERS,
  onProgress: (done, total) => {
    if (done - shown >= total / 5 || done === total) console.log(`  … ${fmt(done)} orders`);
    shown = done;
  },
});
console.log(`\nOutbound orders (PostgreSQL, ${fmt(ORDERS)} orders generated in ${fmt(generated / 1000, 1)} s)`);

const built = await buildApp({ config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent', JOBS: '0' }), database });
const { app, core } = built;
const base = await listenLocally(app);
const token = await signIn(base, 'admin@demo.local');

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** Median times of `api` and `raw`, measured alternately after a warm-up. */
async function pair(api: () => Promise<unknown>, raw: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < 5; i++) await Promise.all([api(), raw()]);
  const a: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    a.push(await time(api));
    r.push(await time(raw));
  }
  return [median(a), median(r)];
}

// The fixed cost of any authenticated call (HTTP, hook chain, envelope), for reading the ratios below.
{
  const ping = async () => (await fetch(`${base}/v0/ping`, { headers: { 'x-token': token } })).json();
  for (let i = 0; i < 20; i++) await ping();
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) times.push(await time(ping));
  console.log(`  authenticated no-op call (fixed cost)   ${fmt(median(times), 2)} ms`);
}

// ---------------------------------------------------------------------------------------------
// (a) the order list: the API against the SQL it runs (the view's columns, keyset page, capped total).

const fields = Object.entries(allFields(OUTBOUND_RESOURCES.orders));
const columns = sql.raw(
  fields
    .map(([id, f]) => {
      const column = `"${columnOf(id, f)}"`;
      if (f.kind === 'date') return `to_char(${column}, 'YYYY-MM-DD') as "${id}"`;
      if (f.kind === 'decimal') return `${column}::float8 as "${id}"`;
      return `${column} as "${id}"`;
    })
    .join(', '),
);
const searched = fields.filter(([, f]) => f.search).map(([id, f]) => columnOf(id, f));

interface Case {
  status?: number;
  q?: string;
}
const where = (c: Case) => {
  const parts = [sql`true`];
  if (c.q) {
    const pattern = `%${c.q}%`;
    parts.push(
      sql`(${sql.join(
        searched.map((col) => sql`${sql.ref(col)} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  if (c.status !== undefined) parts.push(sql`status = ${c.status}`);
  return sql.join(parts, sql` and `);
};
const direct = (c: Case, after: { at: Date; id: number } | null) =>
  Promise.all([
    sql`select ${columns} from outbound_orders_live where ${where(c)} ${after ? sql`and (created_at, id) < (${after.at}, ${after.id})` : sql``}
      order by created_at desc, id desc limit ${PAGE}`.execute(db),
    sql`select count(*) as n from (select 1 from outbound_orders_live where ${where(c)} limit 10001) capped`.execute(db),
  ]);
const viaApi = async (c: Case, o: string | null) => {
  const query = new URLSearchParams({ l: String(PAGE) });
  if (o) query.set('o', o);
  if (c.q) query.set('q', c.q);
  if (c.status !== undefined) query.set('status', String(c.status));
  const res = await fetch(`${base}/v0/outbound/lists/orders/?${query}`, { headers: { 'x-token': token } });
  const body = (await res.json()) as { code: string; data: { data: unknown[] } };
  if (body.code !== 'OK' || body.data.data.length !== PAGE) throw new Error(`unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
};
/** The row at 90 % of the list's default order (newest first): its cursor asks for the page after it. */
async function deepCursor(c: Case) {
  const n = Number((await sql<{ n: number }>`select count(*)::int as n from outbound_orders_live where ${where(c)}`.execute(db)).rows[0]!.n);
  const row = (
    await sql<{ at: Date; id: number }>`select created_at as at, id from outbound_orders_live where ${where(c)}
      order by created_at desc, id desc offset ${Math.floor(n * 0.9)} limit 1`.execute(db)
  ).rows[0]!;
  return { n, at: new Date(row.at), id: Number(row.id), o: `${new Date(row.at).toISOString()}~${row.id}` };
}

async function listCase(label: string, c: Case) {
  const deep = await deepCursor(c);
  const [firstApi, firstRaw] = await pair(
    () => viaApi(c, null),
    () => direct(c, null),
  );
  const [deepApi, deepRaw] = await pair(
    () => viaApi(c, deep.o),
    () => direct(c, deep),
  );
  console.log(`  ${label} (${fmt(deep.n)} matching orders)`);
  console.log(`    first page            API ${fmt(firstApi, 2)} ms   direct SQL ${fmt(firstRaw, 2)} ms   ratio ${fmt(firstApi / firstRaw, 2)}   (goal ≤ 2.0)`);
  console.log(`    page at 90 % depth    API ${fmt(deepApi, 2)} ms   direct SQL ${fmt(deepRaw, 2)} ms   ratio ${fmt(deepApi / deepRaw, 2)}   (goal ≤ 2.0)`);
  console.log(`    depth / first         API ${fmt(deepApi / firstApi, 2)}   direct SQL ${fmt(deepRaw / firstRaw, 2)}   (goal ≤ 1.5)`);
}

await listCase('order list, no filter', {});
await listCase(`order list, status delivered and search "${SEARCH}"`, { status: DELIVERED, q: SEARCH });

// ---------------------------------------------------------------------------------------------
// (b) the count per status: read from the live counts table.
{
  const [api, raw] = await pair(
    async () => {
      const body = (await (await fetch(`${base}/v0/outbound/lists/orders/counts`, { headers: { 'x-token': token } })).json()) as {
        data: { total: number };
      };
      if (!(body.data.total >= ORDERS * 0.99)) throw new Error(`unexpected total ${JSON.stringify(body).slice(0, 200)}`);
    },
    () => sql`select status, sum(n)::bigint as n from outbound_status_counts where deleted = false group by status`.execute(db),
  );
  const scans: number[] = [];
  for (let i = 0; i < 3; i++)
    scans.push(await time(() => sql`select status, count(*) as n from outbound_orders where deleted_at is null group by status`.execute(db)));
  const scan = median(scans);
  console.log(
    `  count per status        API ${fmt(api, 2)} ms   direct SQL ${fmt(raw, 2)} ms   ratio ${fmt(api / raw, 2)}   (a group by over the orders: ${fmt(scan, 0)} ms)`,
  );
}

// ---------------------------------------------------------------------------------------------
// (c) allocation: orders of 10 lines created through the service (each in its own transaction).
{
  const { orders } = outboundServices(core);
  const admin = await sql<{ id: number }>`select id from users where account = 'admin@demo.local'`.execute(db);
  const auth = {
    userId: Number(admin.rows[0]!.id),
    merchantId: null,
    subMerchantId: null,
    isAdmin: true,
    privileges: new Set<string>(),
    roles: ['admin'],
  } as unknown as AuthContext;
  const merchant = await sql<{ id: number }>`select id from merchants where code = 'G001'`.execute(db);
  const merchantId = Number(merchant.rows[0]!.id);
  const items = (await sql<{ id: number }>`select id from items where merchant_id = ${merchantId} order by id limit 40`.execute(db)).rows.map((r) =>
    Number(r.id),
  );
  let n = 0;
  const create = async (count: number) => {
    for (let i = 0; i < count; i++) {
      n++;
      const lines = Array.from({ length: 10 }, (_, k) => ({ itemId: items[(n * 3 + k) % items.length]!, quantity: 1 + (k % 3), batch: '' }));
      const created = await orders.create(auth, {
        merchantId,
        warehouseId: null,
        typeOfTask: 'B2C',
        modeOfTransport: 'parcel',
        priority: 'normal',
        pickupDate: '2026-12-01',
        pickupFrom: '',
        refOrderId: `BENCH-${n}`,
        unitQty: 1,
        weight: 1,
        consignee: {
          name1: 'Erika Muster',
          name2: '',
          streetName: 'Hauptstraße',
          streetNumber: '5',
          zip: '10115',
          city: 'Berlin',
          country: 'DE',
          phone: '',
          email: '',
          addition: '',
        },
        consignor: null,
        sender: null,
        dangerGoods: false,
        deliveryServices: [],
        autoRetourLabel: false,
        forceShipLabel: false,
        labelSwap: false,
        relatedFiles: [],
        remark: '',
        privateRemark: '',
        importantNote: '',
        rsd: null,
        rad: null,
        carrier: 'DHL',
        carrierService: '',
        shipNo: '',
        retourNo: '',
        batchNo: '',
        boxQty: 0,
        pltQty: 0,
        dimensions: null,
        parcels: [],
        lines,
      });
      if (created.status !== 0) throw new Error(`order ${created.unid} not allocated (status ${created.status})`);
    }
  };
  await create(20);
  // Alternating rounds (the machine is shared): small, large, small, large, small; each order timed too,
  // so a cost that grows with the run shows as a later tenth slower than the first.
  const perOrder: number[] = [];
  const timed = async (count: number) => {
    const started = performance.now();
    for (let i = 0; i < count; i++) perOrder.push(await time(() => create(1)));
    return performance.now() - started;
  };
  const small: number[] = [];
  const large: number[] = [];
  let tenths = '';
  for (let round = 0; round < 2; round++) {
    small.push(await timed(SMALL_ORDERS));
    perOrder.length = 0;
    large.push(await timed(SMALL_ORDERS * 10));
    const tenth = perOrder.length / 10;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    tenths = `first tenth ${fmt(mean(perOrder.slice(0, tenth)), 1)} ms/order, last tenth ${fmt(mean(perOrder.slice(-tenth)), 1)} ms/order`;
  }
  small.push(await timed(SMALL_ORDERS));
  const [s, l] = [median(small), median(large)];
  console.log(
    `  allocation              ${fmt(SMALL_ORDERS * 10)} lines ${fmt(s)} ms, ${fmt(SMALL_ORDERS * 100)} lines ${fmt(l)} ms (${fmt((SMALL_ORDERS * 100) / (l / 1000))} lines/s)   ratio ${fmt(l / (10 * s), 2)}   (goal ≤ 1.2)`,
  );
  console.log(`    rounds: ${small.map((x) => fmt(x)).join(' / ')} ms and ${large.map((x) => fmt(x)).join(' / ')} ms; last large run: ${tenths}`);
}

await app.close();
await database.close();
