// Tracking poll benchmark (issue 19 "Done when"), on PostgreSQL: 100,000 open parcels (shipped orders
// of one parcel each on UPS) are polled against the local UPS fake, which keeps UPS's rate limit on
// tracking calls (a call above it answers 429). Reported: the time per parcel of the whole poll, the
// most tracking calls the fake saw in one second against the limit (goal: never above it, 0 refused),
// the events stored and the orders moved. One parcel in TRACKABLE_EVERY has events at UPS (delivered);
// the others have none yet (UPS answers 404), as most open parcels have nothing new on most polls.
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is dropped at the end.
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { OUTBOUND_ORDER } from '@kontor/contracts';
import { buildApp } from '../apps/server/src/app.js';
import { configFor } from '../apps/server/src/config.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { outboundServices } from '../apps/server/src/modules/outbound/index.js';
import { seedDemo, seedRoles } from '../apps/server/src/seed/seed.js';
import { UPS_FAKE_CREDENTIALS, UPS_FAKE_SHIPPER, startUpsFake } from '../apps/server/test/carrier-drivers/fakes/ups-fake.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt } from './lib.mjs';
import { listenLocally, signIn } from './http-session.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PARCELS = Number(process.env.BENCH_POLL_PARCELS ?? 100_000);
/** UPS's limit on tracking calls per second in this run (the poll's `perCarrierPerSecond` is set to it). */
const LIMIT = Number(process.env.BENCH_POLL_LIMIT ?? 1000);
const TRACKABLE_EVERY = 20;
/** A second, short round with a low limit, where the pace and not the machine bounds the rate. */
const PACE_PARCELS = Number(process.env.BENCH_POLL_PACE_PARCELS ?? 300);
const PACE_LIMIT = Number(process.env.BENCH_POLL_PACE_LIMIT ?? 25);

const database = await scratchPostgres(BASE_URL, 12);
await migrateToLatest(database.db);
await seedRoles(database.db);
await seedDemo(database.db);
const { app, core } = await buildApp({
  config: configFor({ CAPTCHA_FIXED: 'bench', LOG_LEVEL: 'silent', TRACKING_POLL_MS: '0', WEB_DIST: resolve('apps/web/dist') }),
  database,
});
const base = await listenLocally(app);
const db = database.db;
const fake = await startUpsFake();

try {
  const admin = await signIn(base, 'admin@demo.local');
  const res = await fetch(`${base}/v0/carriers/accounts`, {
    method: 'POST',
    headers: { 'x-token': admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'UPS (bench fake)',
      carrier: 'ups',
      endpoint: fake.url,
      credentials: UPS_FAKE_CREDENTIALS,
      options: { shipperNumber: UPS_FAKE_SHIPPER },
      shipper: { name1: 'Kontor Fulfilment Hamburg', street: 'Lagerstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' },
    }),
  });
  const created = (await res.json()) as { code: string };
  if (created.code !== 'OK') throw new Error(`carrier account: ${JSON.stringify(created)}`);

  // The open parcels: shipped orders of merchant A, one UPS parcel each, written in one statement.
  const shipped = OUTBOUND_ORDER.codeOf('shipped');
  const merchant = Number((await sql<{ id: number }>`select id from merchants order by id limit 1`.execute(db)).rows[0]!.id);
  const openParcels = async (prefix: string, count: number) => {
    await sql`insert into outbound_orders (merchant_id, type_of_task, mode_of_transport, pickup_date, unit_qty, weight, consignee, carrier, ship_bundle,
        status, shipped_at)
      select ${merchant}, 'B2C', 'parcel', date '2026-12-01', 1, 1.0, '{"name1":"Erika Muster","country":"DE"}'::jsonb, 'UPS',
        ${prefix} || lpad(g::text, 9, '0'), ${shipped}, now()
      from generate_series(1, ${count}) g`.execute(db);
    for (let g = 1; g <= count; g += TRACKABLE_EVERY) fake.trackable.add(`${prefix}${String(g).padStart(9, '0')}`);
  };
  const limitTo = async (perSecond: number) => {
    fake.trackLimitPerSecond = perSecond;
    fake.trackPerSecond.clear();
    const rules = JSON.stringify({ perCarrierPerPoll: PARCELS + PACE_PARCELS + 1000, perCarrierPerSecond: perSecond });
    await sql`insert into settings (key, value) values ('tracking.rules', ${rules}::jsonb) on conflict (key) do update set value = excluded.value`.execute(db);
  };
  const seenByFake = () => {
    const perSecond = [...fake.trackPerSecond.entries()].sort((a, b) => a[0] - b[0]);
    const total = perSecond.reduce((a, [, n]) => a + n, 0);
    const whole = perSecond.slice(1, -1); // whole seconds only
    return { total, max: Math.max(...perSecond.map(([, n]) => n)), average: whole.length ? whole.reduce((a, [, n]) => a + n, 0) / whole.length : total };
  };
  await openParcels('1ZBENCH', PARCELS);
  await limitTo(LIMIT);

  // One round over every open parcel, as the job runs it.
  const tracking = outboundServices(core).tracking;
  const t0 = performance.now();
  const outcome = await tracking.pollTracking(PARCELS + 1000);
  const seconds = (performance.now() - t0) / 1000;

  const seen = seenByFake();
  const delivered = Number(
    (await sql<{ n: number }>`select count(*)::int as n from outbound_orders where status = ${OUTBOUND_ORDER.codeOf('delivered')}`.execute(db)).rows[0]!.n,
  );
  const unpolled = Number(
    (await sql<{ n: number }>`select count(*)::int as n from outbound_orders where ship_bundle like '1ZBENCH%' and tracking_polled_at is null`.execute(db))
      .rows[0]!.n,
  );

  console.log(`\nTracking poll (PostgreSQL, ${fmt(PARCELS)} open parcels on UPS, the UPS fake limiting tracking calls to ${fmt(LIMIT)} per second)`);
  console.log(
    `  polled ${fmt(outcome.orders)} orders in ${fmt(seconds, 1)} s: ${fmt((seconds * 1000) / Math.max(outcome.orders, 1), 3)} ms per parcel, ${fmt(unpolled)} left unpolled`,
  );
  console.log(
    `  tracking calls seen by the fake ${fmt(seen.total)}: at most ${fmt(seen.max)} in one second, ${fmt(seen.average)} per second on average, limit ${fmt(LIMIT)}, refused (429) ${fmt(fake.trackRefused)}   (goal ≤ limit, 0 refused)`,
  );
  console.log(
    `  events stored ${fmt(outcome.events)}, orders moved ${fmt(outcome.moved)} (delivered now ${fmt(delivered)}; ${fmt(Math.ceil(PARCELS / TRACKABLE_EVERY))} parcels had events)`,
  );

  // The pace alone: a limit the machine easily exceeds, so only the poll's spreading keeps to it.
  await openParcels('1ZPACE', PACE_PARCELS);
  await limitTo(PACE_LIMIT);
  const refusedBefore = fake.trackRefused;
  const p0 = performance.now();
  const paced = await tracking.pollTracking(PACE_PARCELS);
  const paceSeconds = (performance.now() - p0) / 1000;
  const pace = seenByFake();
  console.log(
    `  spreading at a low limit: ${fmt(paced.orders)} parcels in ${fmt(paceSeconds, 1)} s, at most ${fmt(pace.max)} calls in one second, ${fmt(pace.average, 1)} per second on average, limit ${fmt(PACE_LIMIT)}, refused (429) ${fmt(fake.trackRefused - refusedBefore)}   (goal ≤ limit, 0 refused)`,
  );
} finally {
  await fake.close();
  await app.close();
  await database.close();
}
