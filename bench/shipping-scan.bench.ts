// Shipping scan and loading scan benchmark (issue 19 "Done when"), on PostgreSQL.
// 1. Shipping scan: 16 shipping stations scan the parcels of the same orders at once
//    (`GET /v0/p11yorders/scanShipSN`, every parcel by every station, each station in its own order).
// 2. Tracking flush: 16 loading scanners, four per pallet, persist the same parcels on their pallets at
//    once (`POST /v0/wms/pallets/{code}/tracking/flush`, one number per call as the web sends them).
// Reported for each: parcels lost and doubled (goal 0 and 0), and the median time of one call through
// Kontor divided by the median of its raw transaction run by 16 workers on the same kind of data (goal
// ≤ 2.0). The raw transactions are the statements the services run, written out by hand: the scan finds
// the order by the scanned code; a repeat writes its log row only, a new parcel finds and locks the order
// again, appends the number and writes the log row (with the station read from the session); the flush
// locks the pallet, looks the number up, and when it is new resolves its order, inserts it and recounts
// the pallet, then writes the log row. The answer a call reads after its work (the scan's order) is
// the API's own cost and not in the raw side. The scanners run in a worker thread (the handhelds are
// devices of their own), so the server's process does the server's work only; the share of time its
// event loop was busy is printed beside each ratio (near 100 %: the process is short of CPU, and the
// ratio is then the CPU cost of a call over that of its raw transaction).
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is dropped at the end.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/types.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { apiCaller, demoApp, parcelOrder, scannersInWorker, signIn } from './http-session.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STATIONS = Number(process.env.BENCH_STATIONS ?? 16);
const ORDERS = Number(process.env.BENCH_SHIP_ORDERS ?? 30);
const PARCELS = 4;
const PALLETS = 4;

const database = await scratchPostgres(BASE_URL, STATIONS + 8);
const { app, base } = await demoApp(database);
const db = database.db;
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
    const order = await call(
      'POST',
      '/v0/outbound/orders',
      merchant,
      parcelOrder('ANK-CHG-65', {
        unitQty: PARCELS,
        weight: 1.2,
        refOrderId: `${tag}-${i}`,
        parcels: parcels.map((trackingNo) => ({ trackingNo })),
      }),
    );
    for (const to of ['inPicklist', 'readyToPack', 'packed', 'packingCompleted']) await call('POST', `/v0/outbound/orders/${order.id}/status`, admin, { to });
    orders.push({ id: order.id, parcels });
  }
  return orders;
}

/** Runs `work` for every item of every worker's list, 16 workers at once, each one after the other: the times in ms. */
async function rawWorkers<T>(lists: T[][], work: (item: T) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    lists.map(async (list) => {
      for (const item of list) {
        const t0 = performance.now();
        await work(item);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}

/** How busy the server's event loop was while `work` ran (0 … 1). */
async function busy<T>(work: () => Promise<T>): Promise<{ result: T; utilization: number; seconds: number }> {
  const before = performance.eventLoopUtilization();
  const t0 = performance.now();
  const result = await work();
  return { result, utilization: performance.eventLoopUtilization(before).utilization, seconds: (performance.now() - t0) / 1000 };
}

// ---------------------------------------------------------------- the raw transactions

/** The station's session, as the scan's log row reads it. */
let stationSession = 0;
const stationOf = (sessionId: number) =>
  sql<string>`coalesce((select coalesce(nullif(p.account, ''), nullif(s.login_env_id, ''), nullif(s.login_ip, ''), '')
    from sessions s join users u on u.id = s.user_id left join users p on p.id = u.print_station_user_id where s.id = ${sessionId}), '')`;

/** The order a code names with its confirmed parcels; `lock`: the row locked (the lookup of `shippingScanRepo.findByCode`). */
async function rawFind(trx: Kysely<DB>, code: string, lock: boolean) {
  const unid = code.toUpperCase();
  const found = await sql<{ id: number; merchant_id: number; unid: string; status: number; ship_bundle_sent: string[] }>`
    select id, merchant_id, unid, status, ship_bundle_sent from outbound_orders
    where (unid = ${unid} or string_to_array(ship_bundle, E'\\n') @> array[${code}]::text[])
    order by unid = ${unid} desc, id desc limit 1 ${lock ? sql`for update` : sql``}`.execute(trx);
  return found.rows[0]!;
}

async function rawScanLog(trx: Kysely<DB>, order: { id: number; merchant_id: number; unid: string; status: number }, code: string, already: boolean) {
  await sql`insert into shipping_log (kind, merchant_id, order_id, order_unid, code, result, error_code, status_after, user_id, station)
    values ('shipping', ${order.merchant_id}, ${order.id}, ${order.unid}, ${code}, ${already ? 'already' : 'new'}, '', ${order.status}, null,
      ${stationOf(stationSession)})`.execute(trx);
}

/**
 * One shipping scan as the service runs it: find the order by the code; a repeat only writes its log
 * row; a new parcel is a transaction that finds and locks the order again, appends it and logs.
 */
async function rawScan(code: string) {
  const seen = await rawFind(db, code, false);
  if (seen.ship_bundle_sent.includes(code)) return rawScanLog(db, seen, code, true);
  await db.transaction().execute(async (trx) => {
    const order = await rawFind(trx, code, true);
    const already = order.ship_bundle_sent.includes(code);
    if (!already) {
      const one = JSON.stringify([code]);
      await sql`update outbound_orders set ship_bundle_sent = ship_bundle_sent || ${one}::jsonb, updated_at = now(), version = version + 1
        where id = ${order.id} and not ship_bundle_sent @> ${one}::jsonb`.execute(trx);
    }
    await rawScanLog(trx, order, code, already);
  });
}

/**
 * One tracking flush of one number as its transaction: lock the pallet, look up; a new number: resolve
 * its order, insert it and recount the pallet; log the scan (with the station read from the session).
 */
async function rawFlush(trx0: Kysely<DB>, palletCode: string, trackingNo: string) {
  await trx0.transaction().execute(async (trx) => {
    const pallet = (await sql<{ id: number; pallet_code: string }>`select * from pallets where pallet_code = ${palletCode} for update`.execute(trx)).rows[0]!;
    const existing = await sql`select * from pallet_tracking where tracking_no = ${trackingNo}`.execute(trx);
    let order: { id: number; unid: string; merchant_id: number; carrier: string } | undefined;
    if (existing.rows.length === 0) {
      order = (
        await sql<{ id: number; unid: string; merchant_id: number; carrier: string }>`
          select id, unid, merchant_id, carrier, status, ship_bundle from outbound_orders
          where string_to_array(ship_bundle, E'\\n') @> array[${trackingNo}]::text[] and deleted_at is null order by id desc limit 1`.execute(trx)
      ).rows[0];
      await sql`insert into pallet_tracking (pallet_id, pallet_code, tracking_no, outbound_id, outbound_unid, merchant_id, carrier, resolve_status,
          resolve_error, raw_scan, user_id)
        values (${pallet.id}, ${pallet.pallet_code}, ${trackingNo}, ${order?.id ?? null}, ${order?.unid ?? ''}, ${order?.merchant_id ?? null},
          ${order?.carrier ?? ''}, 'resolved', '', ${trackingNo}, null)
        on conflict (tracking_no) do nothing returning *`.execute(trx);
      await sql`update pallets set tracking_count = (select count(*) from pallet_tracking where pallet_id = ${pallet.id}), updated_at = now()
        where id = ${pallet.id}`.execute(trx);
    }
    await sql`insert into shipping_log (kind, merchant_id, order_id, order_unid, code, result, error_code, status_after, user_id, station, pallet_code)
      values ('loading', ${order?.merchant_id ?? null}, ${order?.id ?? null}, ${order?.unid ?? ''}, ${trackingNo}, ${order ? 'matched' : 'already'}, '',
        null, null, ${stationOf(stationSession)}, ${pallet.pallet_code})`.execute(trx);
  });
}

try {
  const admin = await signIn(base, 'admin@demo.local');
  const merchant = await signIn(base, 'merchant-a@demo.local');
  const stations = await Promise.all(Array.from({ length: STATIONS }, () => signIn(base, 'station@demo.local')));
  stationSession = Number(
    (
      await sql<{
        id: number;
      }>`select s.id from sessions s join users u on u.id = s.user_id where u.account = 'station@demo.local' order by s.id desc limit 1`.execute(db)
    ).rows[0]!.id,
  );

  // ---------------------------------------------------------------- 1. the shipping scan
  // Through Kontor: every station scans every parcel, in its own order, all at once.
  const orders = await packedOrders(admin, merchant, 'BSHIP');
  const codes = orders.flatMap((o) => o.parcels);
  const scanPath = (code: string) => `/v0/p11yorders/scanShipSN?q=${encodeURIComponent(code)}`;
  const viaApi = await busy(() =>
    scannersInWorker(
      base,
      stations.map((token) => ({ token, calls: shuffled(codes).map((code) => ({ path: scanPath(code) })) })),
    ),
  );
  const api = viaApi.result.times;
  const refused = viaApi.result.codes.filter((c) => c !== 'OK').length;
  const rows = await db
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
  const logged = await sql<{ n: number }>`select count(*)::int as n from shipping_log where result = 'new' and code like 'BSHIP-%'`.execute(db);

  // The raw transaction of one scan, by as many workers, on orders of the same shape.
  const raw = await packedOrders(admin, merchant, 'BRAW');
  const rawCodes = raw.flatMap((o) => o.parcels);
  const direct = await busy(() =>
    rawWorkers(
      stations.map(() => shuffled(rawCodes)),
      (code) => rawScan(code),
    ),
  );

  // One station alone: a new parcel through Kontor against its raw transaction, one after the other.
  const alone = await packedOrders(admin, merchant, 'BONE');
  const oneApi: number[] = [];
  const oneRaw: number[] = [];
  for (const order of alone) {
    const [first, second] = order.parcels;
    let t0 = performance.now();
    await call('GET', scanPath(first!), stations[0]!);
    oneApi.push(performance.now() - t0);
    t0 = performance.now();
    await rawScan(second!);
    oneRaw.push(performance.now() - t0);
  }

  console.log(`\nShipping scan (PostgreSQL, ${STATIONS} stations scanning the same ${codes.length} parcels of ${ORDERS} orders at once)`);
  console.log(`  parcels lost ${lost}, doubled ${doubled}, orders not ready to ship ${notReady}, calls refused ${refused}   (goal 0, 0, 0, 0)`);
  console.log(`  new scans in the shipping log ${logged.rows[0]!.n} for ${codes.length} parcels`);
  console.log(`  scanShipSN calls ${api.length} in ${fmt(viaApi.seconds, 1)} s, median ${fmt(median(api), 2)} ms`);
  console.log(
    `  one station alone   API ${fmt(median(oneApi), 2)} ms   raw transaction ${fmt(median(oneRaw), 2)} ms   ratio ${fmt(median(oneApi) / median(oneRaw), 2)}`,
  );
  console.log(
    `  ${STATIONS} stations at once   API ${fmt(median(api), 2)} ms   raw transaction ${fmt(median(direct.result), 2)} ms   ratio ${fmt(median(api) / median(direct.result), 2)}   (goal ≤ 2.0)`,
  );
  console.log(
    `  server event loop busy: API ${fmt(viaApi.utilization * 100)} % (${fmt(viaApi.result.times.length / viaApi.seconds)} calls/s), raw ${fmt(direct.utilization * 100)} % (${fmt(direct.result.length / direct.seconds)} transactions/s)`,
  );

  // ---------------------------------------------------------------- 2. the tracking flush
  // Pallets made through the API; parcel i goes on pallet i % PALLETS; scanner s loads pallet s % PALLETS,
  // every number of it in its own order (so each number is flushed by STATIONS / PALLETS scanners).
  const newPallets = async () =>
    Promise.all(
      Array.from(
        { length: PALLETS },
        async (_, p) => (await call('POST', '/v0/wms/pallets', admin, { pickupCarrier: 'DHL', plateNumber2: `B-BN ${p}` })).palletCode as string,
      ),
    );
  const share = (numbers: string[], pallet: number) => numbers.filter((_, i) => i % PALLETS === pallet);

  const apiPallets = await newPallets();
  const flushApi = await busy(() =>
    scannersInWorker(
      base,
      stations.map((token, s) => ({
        token,
        calls: shuffled(share(codes, s % PALLETS)).map((trackingNo) => ({
          path: `/v0/wms/pallets/${apiPallets[s % PALLETS]}/tracking/flush`,
          body: { items: [{ trackingNo }] },
        })),
      })),
    ),
  );
  const flushRefused = flushApi.result.codes.filter((c) => c !== 'OK').length;
  const onPallets = await sql<{
    tracking_no: string;
    pallet_code: string;
  }>`select tracking_no, pallet_code from pallet_tracking where pallet_code = any(${apiPallets})`.execute(db);
  let flushLost = 0;
  let flushWrong = 0;
  for (const [i, code] of codes.entries()) {
    const found = onPallets.rows.filter((r) => r.tracking_no === code);
    if (found.length === 0) flushLost++;
    else if (found[0]!.pallet_code !== apiPallets[i % PALLETS]) flushWrong++;
  }
  const flushDoubled = onPallets.rows.length - new Set(onPallets.rows.map((r) => r.tracking_no)).size;
  const counts = await sql<{ wrong: number }>`select count(*)::int as wrong from pallets p
    where p.pallet_code = any(${apiPallets}) and p.tracking_count <> (select count(*) from pallet_tracking t where t.pallet_id = p.id)`.execute(db);

  const rawPallets = await newPallets();
  const flushRaw = await busy(() =>
    rawWorkers(
      stations.map((_, s) => shuffled(share(rawCodes, s % PALLETS)).map((trackingNo) => ({ pallet: rawPallets[s % PALLETS]!, trackingNo }))),
      ({ pallet, trackingNo }) => rawFlush(db, pallet, trackingNo),
    ),
  );

  const perPallet = codes.length / PALLETS;
  console.log(
    `\nTracking flush (PostgreSQL, ${STATIONS} scanners loading ${codes.length} parcels onto ${PALLETS} pallets, ${STATIONS / PALLETS} scanners per pallet, ${perPallet} numbers each)`,
  );
  console.log(
    `  numbers lost ${flushLost}, doubled ${flushDoubled}, on the wrong pallet ${flushWrong}, pallet counts wrong ${counts.rows[0]!.wrong}, calls refused ${flushRefused}   (goal 0, 0, 0, 0, 0)`,
  );
  console.log(`  flush calls ${flushApi.result.times.length} in ${fmt(flushApi.seconds, 1)} s, median ${fmt(median(flushApi.result.times), 2)} ms`);
  console.log(
    `  ${STATIONS} scanners at once   API ${fmt(median(flushApi.result.times), 2)} ms   raw transaction ${fmt(median(flushRaw.result), 2)} ms   ratio ${fmt(median(flushApi.result.times) / median(flushRaw.result), 2)}   (goal ≤ 2.0)`,
  );
  console.log(
    `  server event loop busy: API ${fmt(flushApi.utilization * 100)} % (${fmt(flushApi.result.times.length / flushApi.seconds)} calls/s), raw ${fmt(flushRaw.utilization * 100)} % (${fmt(flushRaw.result.length / flushRaw.seconds)} transactions/s)`,
  );
} finally {
  await app.close();
  await database.close();
}
