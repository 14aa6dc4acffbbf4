// Shipping scan benchmark (issue 19 "Done when"), on PostgreSQL: 16 shipping stations scan the parcels of
// the same orders at once (`GET /v0/p11yorders/scanShipSN`, every parcel by every station, each station
// in its own order). Reported: parcels lost and doubled (goal 0 and 0), orders not moved to ready to
// ship, the shipping log's count of new scans, and the median time of one scan through Kontor divided by
// the median of its raw transaction (lock the order, append the tracking number, write the log row) run
// by 16 workers on the same kind of orders (goal ≤ 2.0).
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is dropped at the end.
import { sql } from 'kysely';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { apiCaller, demoApp, signIn } from './http-session.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STATIONS = Number(process.env.BENCH_STATIONS ?? 16);
const ORDERS = Number(process.env.BENCH_SHIP_ORDERS ?? 30);
const PARCELS = 4;

const database = await scratchPostgres(BASE_URL, STATIONS + 8);
const { app, base } = await demoApp(database);

const call = apiCaller(base);
const shuffled = <T>(list: T[]) =>
  list
    .map((v) => [Math.random(), v] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);

/** Packed orders of merchant A with PARCELS parcels each, made through the API. */
async function packedOrders(admin: string, merchant: string, tag: string) {
  const orders: Array<{ id: number; parcels: string[] }> = [];
  for (let i = 0; i < ORDERS; i++) {
    const parcels = Array.from({ length: PARCELS }, (_, p) => `${tag}-${i}-${p}`);
    const order = await call('POST', '/v0/outbound/orders', merchant, {
      typeOfTask: 'B2C',
      modeOfTransport: 'parcel',
      pickupDate: '2026-12-01',
      unitQty: PARCELS,
      weight: 1.2,
      carrier: 'DHL',
      refOrderId: `${tag}-${i}`,
      consignee: { name1: 'Erika Muster', streetName: 'Ring', streetNumber: '3', zip: '80331', city: 'München', country: 'DE' },
      parcels: parcels.map((trackingNo) => ({ trackingNo })),
      lines: [{ sku: 'ANK-CHG-65', quantity: 1 }],
    });
    for (const to of ['inPicklist', 'readyToPack', 'packed', 'packingCompleted']) await call('POST', `/v0/outbound/orders/${order.id}/status`, admin, { to });
    orders.push({ id: order.id, parcels });
  }
  return orders;
}

try {
  const admin = await signIn(base, 'admin@demo.local');
  const merchant = await signIn(base, 'merchant-a@demo.local');
  const stations = await Promise.all(Array.from({ length: STATIONS }, () => signIn(base, 'station@demo.local')));

  // Through Kontor: every station scans every parcel, in its own order, all at once.
  const orders = await packedOrders(admin, merchant, 'BSHIP');
  const codes = orders.flatMap((o) => o.parcels);
  const api: number[] = [];
  const started = performance.now();
  await Promise.all(
    stations.map(async (token) => {
      for (const code of shuffled(codes)) {
        const t0 = performance.now();
        await call('GET', `/v0/p11yorders/scanShipSN?q=${encodeURIComponent(code)}`, token);
        api.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rows = await database.db
    .selectFrom('outbound_orders')
    .select(['id', 'ship_bundle_sent', 'status'])
    .where(
      'id',
      'in',
      orders.map((o) => o.id),
    )
    .execute();
  let lost = 0;
  let doubled = 0;
  for (const order of orders) {
    const sent = (rows.find((r) => Number(r.id) === order.id)?.ship_bundle_sent ?? []) as string[];
    lost += order.parcels.filter((p) => !sent.includes(p)).length;
    doubled += sent.length - new Set(sent).size;
  }
  const notReady = rows.filter((r) => r.status !== 96).length;
  const logged = await sql<{ n: number }>`select count(*)::int as n from shipping_log where result = 'new' and code like 'BSHIP-%'`.execute(database.db);

  // The raw transaction of one scan, by as many workers, on orders of the same shape.
  const raw = await packedOrders(admin, merchant, 'BRAW');
  const rawCodes = raw.flatMap((o) => o.parcels.map((code) => ({ id: o.id, code })));
  const direct: number[] = [];
  await Promise.all(
    stations.map(async () => {
      for (const { id, code } of shuffled(rawCodes)) {
        const t0 = performance.now();
        await database.db.transaction().execute(async (trx) => {
          await sql`select id from outbound_orders where id = ${id} for update`.execute(trx);
          const one = JSON.stringify([code]);
          await sql`update outbound_orders set ship_bundle_sent = ship_bundle_sent || ${one}::jsonb, updated_at = now()
            where id = ${id} and not ship_bundle_sent @> ${one}::jsonb`.execute(trx);
          await sql`insert into shipping_log (kind, order_id, code, result, station) values ('shipping', ${id}, ${code}, 'new', 'raw')`.execute(trx);
        });
        direct.push(performance.now() - t0);
      }
    }),
  );

  // One station alone: a new parcel through Kontor against its raw transaction, one after the other.
  const alone = await packedOrders(admin, merchant, 'BONE');
  const oneApi: number[] = [];
  const oneRaw: number[] = [];
  for (const order of alone) {
    const [viaApi, viaRaw] = order.parcels;
    let t0 = performance.now();
    await call('GET', `/v0/p11yorders/scanShipSN?q=${encodeURIComponent(viaApi!)}`, stations[0]!);
    oneApi.push(performance.now() - t0);
    t0 = performance.now();
    await database.db.transaction().execute(async (trx) => {
      await sql`select id from outbound_orders where id = ${order.id} for update`.execute(trx);
      const one = JSON.stringify([viaRaw]);
      await sql`update outbound_orders set ship_bundle_sent = ship_bundle_sent || ${one}::jsonb, updated_at = now()
        where id = ${order.id} and not ship_bundle_sent @> ${one}::jsonb`.execute(trx);
      await sql`insert into shipping_log (kind, order_id, code, result, station) values ('shipping', ${order.id}, ${viaRaw}, 'new', 'raw')`.execute(trx);
    });
    oneRaw.push(performance.now() - t0);
  }

  console.log(`\nShipping scan (PostgreSQL, ${STATIONS} stations scanning the same ${codes.length} parcels of ${ORDERS} orders at once)`);
  console.log(`  parcels lost ${lost}, doubled ${doubled}, orders not ready to ship ${notReady}   (goal 0, 0, 0)`);
  console.log(`  new scans in the shipping log ${logged.rows[0]!.n} for ${codes.length} parcels`);
  console.log(`  scanShipSN calls ${api.length} in ${fmt(seconds, 1)} s, median ${fmt(median(api), 2)} ms`);
  console.log(
    `  one station alone   API ${fmt(median(oneApi), 2)} ms   raw transaction ${fmt(median(oneRaw), 2)} ms   ratio ${fmt(median(oneApi) / median(oneRaw), 2)}`,
  );
  console.log(
    `  16 stations at once   API ${fmt(median(api), 2)} ms   raw transaction ${fmt(median(direct), 2)} ms   ratio ${fmt(median(api) / median(direct), 2)}   (goal ≤ 2.0)`,
  );
} finally {
  await app.close();
  await database.close();
}
