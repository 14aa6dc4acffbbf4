// Inventory benchmark (issue 5), measured in one run:
// 1. order lines reserved per second by 32 concurrent clients on PostgreSQL (goal ≥ 1,000/s), with
//    the invariant check afterwards (oversold rows: goal 0);
// 2. the embedded database's throughput on the same work divided by PostgreSQL's (goal ≥ 0.4),
//    measured in alternating rounds;
// 3. on 1,000,000 stock rows, the latency of the stock lists through the API divided by the same SQL
//    run directly (goal ≤ 2.0), on PostgreSQL and, unless BENCH_PGLITE_LIST=0, on the embedded database.
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is created there
// and dropped at the end.
import { sql, type Kysely } from 'kysely';
import { resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { DB } from '../apps/server/src/db/types.js';
import { AppError } from '../apps/server/src/http/app-error.js';
import { checkStockInvariants } from '../apps/server/src/modules/inventory/invariants.js';
import { ReservationService } from '../apps/server/src/modules/inventory/reservation.service.js';
import { StockService } from '../apps/server/src/modules/inventory/stock.service.js';
import { seedDemo, seedRoles } from '../apps/server/src/seed/seed.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { listenLocally, signIn } from './http-session.js';
import { TenantScope } from '../apps/server/src/db/tenant-scope.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const ITEMS = 200;
const LINES = Number(process.env.BENCH_LINES ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 30);
const PGLITE_LIST = process.env.BENCH_PGLITE_LIST !== '0';

async function prepare(database: Database) {
  await migrateToLatest(database.db);
  await seedRoles(database.db);
  await seedDemo(database.db);
}

// ---------------------------------------------------------------------------------------------
// 1 and 2: reservations of order lines by concurrent clients.

/** ITEMS items of the demo merchants, each with plenty of stock in two compartments (and its opening ledger rows). */
async function reservationStock(db: Kysely<DB>): Promise<number[]> {
  await sql`insert into warehouses (code, name) values ('RB01', 'Reservation bench')`.execute(db);
  await sql`insert into compartments (warehouse_id, code, zone, kind, priority)
    select w.id, 'R-' || g, 'R', case when g % 2 = 0 then 'pick' else 'bulk' end, g from warehouses w, generate_series(1, 4) g where w.code = 'RB01'`.execute(
    db,
  );
  await sql`insert into items (merchant_id, sku, name)
    select (select id from merchants order by id limit 1 offset (g % 2)), 'RB-' || lpad(g::text, 4, '0'), 'Reservation bench item ' || g
    from generate_series(1, ${ITEMS}::int) g`.execute(db);
  await sql`insert into stock (merchant_id, item_id, warehouse_id, compartment_id, batch, status, quantity, reserved)
    select i.merchant_id, i.id, c.warehouse_id, c.id, '', 10, 1000000, 0
    from items i cross join compartments c join warehouses w on w.id = c.warehouse_id
    where i.sku like 'RB-%' and w.code = 'RB01' and c.code in ('R-1', 'R-2')`.execute(db);
  await sql`insert into inventory_log (merchant_id, stock_id, item_id, warehouse_id, compartment_id, batch, status, delta, delta_reserved, quantity_after, reserved_after, reason)
    select s.merchant_id, s.id, s.item_id, s.warehouse_id, s.compartment_id, s.batch, s.status, s.quantity, 0, s.quantity, 0, 'opening'
    from stock s join items i on i.id = s.item_id where i.sku like 'RB-%'`.execute(db);
  await sql`analyze`.execute(db);
  return ((await db.selectFrom('items').select('id').where('sku', 'like', 'RB-%').orderBy('id').execute()) as Array<{ id: number }>).map((r) => Number(r.id));
}

let round = 0;
/** Reserves `lines` order lines (1–3 units of a random item each) with CLIENTS concurrent clients; lines per second. */
async function reserveLines(db: Kysely<DB>, items: number[], lines: number) {
  const service = new ReservationService({ db }, new StockService({ db }));
  const tag = `r${++round}`;
  let issued = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (issued < lines) {
        const n = ++issued;
        const itemId = items[Math.floor(Math.random() * items.length)]!;
        try {
          await service.reserve({ userId: null, merchantScope: TenantScope.all }, { itemId, quantity: 1 + (n % 3), ref: { type: 'order', id: `${tag}-${n}` } });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused++;
        }
      }
    }),
  );
  return { perSecond: lines / ((performance.now() - started) / 1000), refused };
}

const postgres = await scratchPostgres(BASE_URL, CLIENTS + 8);
const embedded = await openDatabase({});
try {
  await Promise.all([prepare(postgres), prepare(embedded)]);
  const [pgItems, liteItems] = [await reservationStock(postgres.db), await reservationStock(embedded.db)];
  console.log(`\nReservations (${CLIENTS} clients, ${ITEMS} items, ${fmt(LINES)} order lines per round, ${ROUNDS} alternating rounds)`);
  await reserveLines(postgres.db, pgItems, 300);
  await reserveLines(embedded.db, liteItems, 300);
  const pgRates: number[] = [];
  const liteRates: number[] = [];
  let refused = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const p = await reserveLines(postgres.db, pgItems, LINES);
    const l = await reserveLines(embedded.db, liteItems, LINES);
    pgRates.push(p.perSecond);
    liteRates.push(l.perSecond);
    refused += p.refused + l.refused;
  }
  const [pgViolations, liteViolations] = [await checkStockInvariants(postgres.db), await checkStockInvariants(embedded.db)];
  const oversold = async (db: Kysely<DB>) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from stock where reserved > quantity or quantity < 0`.execute(db)).rows[0]!.n);
  console.log(`  PostgreSQL                     ${fmt(median(pgRates))} lines/s   (goal ≥ 1,000)`);
  console.log(
    `  embedded database              ${fmt(median(liteRates))} lines/s   ratio to PostgreSQL ${fmt(median(liteRates) / median(pgRates), 2)}   (goal ≥ 0.4)`,
  );
  console.log(
    `  oversold rows ${await oversold(postgres.db)} / ${await oversold(embedded.db)}, invariant violations ${pgViolations.length} / ${liteViolations.length}` +
      ` (PostgreSQL / embedded; goal 0)   refusals ${refused}`,
  );
  if (pgViolations.length || liteViolations.length) console.log(JSON.stringify([...pgViolations, ...liteViolations].slice(0, 5)));

  // -------------------------------------------------------------------------------------------
  // 3: the stock lists on 1,000,000 rows.
  await listBench(postgres, 'PostgreSQL');
  if (PGLITE_LIST) await listBench(embedded, 'embedded database');
} finally {
  await embedded.close();
  await postgres.close();
}

/** 1000 items × 1000 compartments = ROWS stock rows (no ledger rows: the lists do not read them). */
async function loadStock(db: Kysely<DB>) {
  const side = Math.ceil(Math.sqrt(ROWS));
  await sql`insert into warehouses (code, name) values ('LB01', 'List bench')`.execute(db);
  await sql`insert into compartments (warehouse_id, code, zone, kind, priority)
    select w.id, 'L-' || lpad(g::text, 4, '0'), 'L', 'bulk', 100 from warehouses w, generate_series(1, ${side}::int) g where w.code = 'LB01'`.execute(db);
  await sql`insert into items (merchant_id, sku, name)
    select (select id from merchants order by id limit 1 offset (g % 2)), 'LB-' || lpad(g::text, 5, '0'), 'List bench item ' || g
    from generate_series(1, ${side}::int) g`.execute(db);
  // The rows reference existing items, compartments, warehouses and merchants by construction: as a
  // superuser, skip the per-row foreign-key triggers (the load takes about half as long).
  const superuser = (await sql<{ su: boolean }>`select rolsuper as su from pg_roles where rolname = current_user`.execute(db)).rows[0]?.su;
  await db.transaction().execute(async (trx) => {
    if (superuser) await sql`set local session_replication_role = replica`.execute(trx);
    await sql`insert into stock (merchant_id, item_id, warehouse_id, compartment_id, batch, status, quantity, reserved, created_at, updated_at)
    select i.merchant_id, i.id, c.warehouse_id, c.id, '', 10, 3 + g % 50, g % 3,
      timestamptz '2026-01-01' + ((g::bigint * 7919) % ${ROWS}::int) * interval '1 second',
      timestamptz '2026-01-01' + ((g::bigint * 7919) % ${ROWS}::int) * interval '1 second'
    from generate_series(0, ${ROWS - 1}::int) g
    join (select id, merchant_id, (row_number() over (order by id))::int - 1 as n from items where sku like 'LB-%') i on i.n = g % ${side}::int
    join (select id, warehouse_id, (row_number() over (order by id))::int - 1 as n from compartments where code like 'L-%') c on c.n = g / ${side}::int`.execute(
      trx,
    );
  });
  await sql`analyze`.execute(db);
}

async function listBench(database: Database, label: string) {
  const db = database.db;
  const loadStarted = performance.now();
  await loadStock(db);
  const loaded = (performance.now() - loadStarted) / 1000;
  const total = Number((await sql<{ n: number }>`select count(*)::int as n from stock`.execute(db)).rows[0]!.n);
  console.log(`\nStock lists (${label}, ${fmt(total)} stock rows, loaded in ${fmt(loaded, 1)} s)`);

  const { app } = await buildApp({ config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent', WEB_DIST: resolve('apps/web/dist') }), database });
  const base = await listenLocally(app);
  try {
    const token = await signIn(base, 'admin@demo.local');

    const middle = Math.ceil(Math.ceil(Math.sqrt(ROWS)) / 2);
    const probe = (
      await sql<{ compartmentId: number; sku: string }>`select s.compartment_id as "compartmentId", i.sku from stock s join items i on i.id = s.item_id
        join compartments c on c.id = s.compartment_id where c.code = ${`L-${String(middle).padStart(4, '0')}`}
          and i.sku = ${`LB-${String(middle).padStart(5, '0')}`}`.execute(db)
    ).rows[0]!;

    const api = (path: string, size: number) => async () => {
      const res = await fetch(`${base}${path}`, { headers: { 'x-token': token } });
      const body = (await res.json()) as { code: string; data: { data: unknown[] } };
      if (body.code !== 'OK' || body.data.data.length !== size) throw new Error(`unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
    };
    // The same SQL the list layer runs: the page and the capped total, in parallel.
    const stockColumns = sql`id, created_at as "createdAt", updated_at as "updatedAt", version, merchant_id as "merchantId", item_id as "itemId", sku,
      item_name as "itemName", warehouse_id as "warehouseId", warehouse_code as "warehouseCode", compartment_id as "compartmentId",
      compartment_code as "compartmentCode", unit_id as "unitId", batch, to_char(expiry, 'YYYY-MM-DD') as expiry, status, quantity, reserved,
      available, merchant_name as "merchantName"`;
    const stockPage = (where: ReturnType<typeof sql>) => () =>
      Promise.all([
        sql`select ${stockColumns} from stock_view where ${where} order by updated_at desc, id desc limit 50`.execute(db),
        sql`select count(*) as n from (select 1 from stock_view where ${where} limit 10001) capped`.execute(db),
      ]);
    const inventoryPage = () =>
      Promise.all([
        sql`select id, item_id as "itemId", sku as "itemUnid", item_name as "itemName", compartment_code as compartment, warehouse_code as warehouse,
            batch as "itemBatch", quantity, reserved as "lockedQty", available, status, merchant_name as customer, merchant_id as "merchantId",
            compartment_id::text as "locationGuid", updated_at as "updatedAt", to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor
          from stock_view where quantity > 0 and (updated_at, id) > (${'1970-01-01T00:00:00.000Z'}::timestamptz, ${0})
          order by updated_at, id limit 100`.execute(db),
        sql`select count(*)::int as n from (select 1 as one from stock_view where quantity > 0 limit 10001) capped`.execute(db),
      ]);

    await compare('GET /v0/stock/?l=50', api('/v0/stock/?l=50', 50), stockPage(sql`true`));
    await compare(
      'GET /v0/stock/?compartmentId=…',
      api(`/v0/stock/?l=50&compartmentId=${probe.compartmentId}`, 50),
      stockPage(sql`compartment_id = ${probe.compartmentId}`),
    );
    await compare('GET /v0/stock/?sku=…', api(`/v0/stock/?l=50&sku=${probe.sku}`, 50), stockPage(sql`sku = ${probe.sku}`));
    await compare('GET /v0/inventory/list?l=100', api('/v0/inventory/list?l=100', 100), inventoryPage);
  } finally {
    await app.close();
  }
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function compare(label: string, api: () => Promise<unknown>, raw: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await Promise.all([api(), raw()]);
  const a: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    a.push(await time(api));
    r.push(await time(raw));
  }
  const [ma, mr] = [median(a), median(r)];
  console.log(`  ${label.padEnd(34)} API ${fmt(ma, 2)} ms   direct SQL ${fmt(mr, 2)} ms   ratio ${fmt(ma / mr, 2)}   (goal ≤ 2.0)`);
}
