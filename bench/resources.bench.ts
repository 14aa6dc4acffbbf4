// Generic list benchmark (issue 4): on 1,000,000 lookup rows, the latency of GET /v0/lookup/ (first
// page, and a page at 90 % depth by keyset cursor) divided by the same SQL run directly on the same
// database in the same run (goal ≤ 2.0); and the time headless Chromium needs to show 1000 rows of
// the list page beside the time for 25 rows. PostgreSQL when BENCH_DATABASE_URL is set, else embedded.
import { sql } from 'kysely';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seedDemo, seedRoles } from '../apps/server/src/seed/seed.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { listenLocally, signIn } from './http-session.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 40);
const PAGE = 25;

const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, poolSize: 10 });
const db = database.db;
await migrateToLatest(db);
await sql`truncate lookups`.execute(db);
await seedRoles(db);
if (!(await db.selectFrom('users').select('id').limit(1).executeTakeFirst())) await seedDemo(db);

const loadStarted = performance.now();
await sql`insert into lookups (key, class, type, meta, remark, created_at)
  select 'bench-' || g, g % 10, g % 5, '{"packServices":["BOX-S"]}', '', timestamptz '2026-01-01' + g * interval '1 second'
  from generate_series(1, ${ROWS}::int) g`.execute(db);
await sql`analyze lookups`.execute(db);
console.log(
  `\nGeneric list (${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ${fmt(ROWS)} rows loaded in ${fmt((performance.now() - loadStarted) / 1000, 1)} s)`,
);

const { app } = await buildApp({ config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent', WEB_DIST: resolve('apps/web/dist') }), database });
const base = await listenLocally(app);
const token = await signIn(base, 'admin@demo.local');

// The cursor of the row at 90 % depth in the list's default order (newest first).
const deep = await db
  .selectFrom('lookups')
  .select(['created_at as at', 'id'])
  .orderBy('created_at', 'desc')
  .orderBy('id', 'desc')
  .offset(Math.floor(ROWS * 0.9))
  .limit(1)
  .executeTakeFirstOrThrow();
const { at, id } = deep;
const cursor = `${new Date(at).toISOString()}~${id}`;

const columns = sql`id, created_at as "createdAt", updated_at as "updatedAt", version, key, class, type, meta, remark`;
const direct = (after: { at: Date; id: number } | null) =>
  Promise.all([
    sql`select ${columns} from lookups ${after ? sql`where (created_at, id) < (${after.at}, ${after.id})` : sql``} order by created_at desc, id desc limit ${PAGE}`.execute(
      db,
    ),
    sql`select count(*) as n from (select 1 from lookups limit 10001) capped`.execute(db),
  ]);
const viaApi = async (o: string | null) => {
  const res = await fetch(`${base}/v0/lookup/?l=${PAGE}${o ? `&o=${encodeURIComponent(o)}` : ''}`, { headers: { 'x-token': token } });
  const body = (await res.json()) as { code: string; data: { data: unknown[] } };
  if (body.code !== 'OK' || body.data.data.length !== PAGE) throw new Error(`unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
};

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function compare(label: string, api: () => Promise<unknown>, raw: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await Promise.all([api(), raw()]).catch((e) => Promise.reject(e));
  const a: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    a.push(await time(api));
    r.push(await time(raw));
  }
  const [ma, mr] = [median(a), median(r)];
  console.log(`  ${label.padEnd(34)} API ${fmt(ma, 2)} ms   direct SQL ${fmt(mr, 2)} ms   ratio ${fmt(ma / mr, 2)}   (goal ≤ 2.0)`);
}

// The fixed cost of any authenticated call (HTTP, hook chain, envelope), for reading the ratios below.
{
  const ping = async () => {
    await (await fetch(`${base}/v0/ping`, { headers: { 'x-token': token } })).json();
  };
  for (let i = 0; i < 20; i++) await ping();
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) times.push(await time(ping));
  console.log(`  authenticated no-op call (fixed cost)    ${fmt(median(times), 2)} ms`);
}
await compare(
  'first page',
  () => viaApi(null),
  () => direct(null),
);
await compare(
  'page at 90 % depth (keyset)',
  () => viaApi(cursor),
  () => direct({ at: new Date(at), id }),
);

// Rendering: 25 and 1000 rows of the list page, alternately, in headless Chromium.
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await context.addCookies([{ name: 'Admin-Token', value: token, url: base }]);
const page = await context.newPage();
await page.goto(`${base}/home`);
await page.getByTestId('shell').waitFor();
async function render(size: number): Promise<number> {
  await page.goto(`${base}/home`);
  await page.getByTestId('shell').waitFor();
  const started = performance.now();
  await page.goto(`${base}/settings/lookup?l=${size}`);
  await page.getByTestId('mask-total').filter({ hasText: /\d/ }).waitFor();
  await page.locator('.ant-table-row').first().waitFor();
  // Runs in the page: the next frame after the rows are in.
  await page.evaluate(
    () => new Promise((r) => (globalThis as unknown as { requestAnimationFrame: (cb: () => void) => void }).requestAnimationFrame(() => r(null))),
  );
  return performance.now() - started;
}
const small: number[] = [];
const large: number[] = [];
await render(25);
await render(1000);
for (let i = 0; i < 5; i++) {
  small.push(await render(25));
  large.push(await render(1000));
}
await browser.close();
console.log(`  list page, 25 rows shown               ${fmt(median(small))} ms`);
console.log(`  list page, 1000 rows (virtual)         ${fmt(median(large))} ms   ratio ${fmt(median(large) / median(small), 2)}`);

await app.close();
await database.close();
