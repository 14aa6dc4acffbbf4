// Receiving benchmark (issue 6), measured in one run on PostgreSQL:
// the latency of POST /v0/r7gorders/{id}/scan through HTTP with 16 concurrent scanning clients
// (four per inbound order, each scan with its own Idempotency-Key, one in ten sent twice as a
// client retry would) divided by the latency of the transaction that scan performs, run directly
// with the same concurrency (goal ≤ 2.0); then the counts: every accepted scan counted exactly once
// (lost and doubled scans: goal 0). Rounds alternate API and direct runs so drift hits both.
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is dropped at the end.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { InboundRepo } from '../apps/server/src/modules/inbound/inbound.repo.js';
import { PlacesRepo } from '../apps/server/src/modules/inventory/places.repo.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { apiEnvelope, demoApp, signIn } from './http-session.js';
import { TenantScope } from '../apps/server/src/db/tenant-scope.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const ORDERS = 4;
const SCANS = Number(process.env.BENCH_SCANS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SKUS = ['ANK-CHG-65', 'ANK-HUB-7', 'ANK-SPK-MINI', 'ANK-EAR-P3', 'ANK-CAM-C2', 'SKU-B'];

const database = await scratchPostgres(BASE_URL, CLIENTS + 8);
const db = database.db;
const { app, base } = await demoApp(database);
const call = apiEnvelope(base);

try {
  // One warehouse session shared by the clients, as scanners of one shift often are.
  const token = await signIn(base, 'warehouse@demo.local');
  const tokens = Array.from({ length: CLIENTS }, () => token);
  const merchantId = Number((await sql<{ id: number }>`select id from merchants where code = 'C001'`.execute(db)).rows[0]!.id);
  const warehouseId = (await call('GET', '/v0/warehouses/?code=DE01', tokens[0]!)).data.data[0].id;
  const orders: number[] = [];
  for (let o = 0; o < ORDERS; o++) {
    const created = await call('POST', '/v0/r7gorders/', tokens[0]!, { merchantId, warehouseId, lines: SKUS.map((sku) => ({ sku, planned: 1_000_000 })) });
    orders.push(created.data.id);
  }
  const items = (await sql<{ id: number; sku: string }>`select id, sku from items where sku in (${sql.join(SKUS)})`.execute(db)).rows;
  const repo = new InboundRepo();
  const userId = Number((await sql<{ id: number }>`select id from users where account = 'warehouse@demo.local'`.execute(db)).rows[0]!.id);

  let accepted = 0;
  const apiScan = async (client: number, n: number) => {
    const order = orders[client % ORDERS]!;
    const key = randomUUID();
    const body = { code: SKUS[(client + n) % SKUS.length]!, quantity: 1 };
    const started = performance.now();
    const answer = await call('POST', `/v0/r7gorders/${order}/scan`, tokens[client]!, body, key);
    const ms = performance.now() - started;
    if (answer.code !== 'OK') throw new Error(`scan refused: ${JSON.stringify(answer).slice(0, 200)}`);
    accepted++;
    // One in ten is sent again with the same key, as a client does after a lost answer.
    if (n % 10 === 0) {
      const again = await call('POST', `/v0/r7gorders/${order}/scan`, tokens[client]!, body, key);
      if (again.data.scan.id !== answer.data.scan.id) throw new Error('a retried scan was counted again');
    }
    return ms;
  };
  // The transaction the scan route performs, with the same statements, run directly.
  const rawScan = async (client: number, n: number) => {
    const order = orders[client % ORDERS]!;
    const item = items[(client + n) % items.length]!;
    const key = randomUUID();
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`insert into idempotency_keys (user_id, key, scope) values (${userId}, ${key}, 'raw') on conflict do nothing returning key`.execute(trx);
      await repo.order(trx, order, TenantScope.all, true);
      await new PlacesRepo(trx).itemsByCode(item.sku, TenantScope.merchant(merchantId));
      await repo.lines(trx, order);
      await repo.serialsTaken(trx, item.id, []);
      await repo.ensureLine(trx, order, item.id, '');
      await repo.insertScan(trx, {
        orderId: order,
        itemId: item.id,
        batch: '',
        condition: 'valid',
        quantity: 1,
        unit: '',
        unitKind: 'box',
        serials: [],
        expiry: null,
        userId,
      });
      await repo.addPending(trx, order, item.id, '', 'valid', 1);
      await sql`update inbound_orders set updated_at = now() where id = ${order}`.execute(trx);
      await repo.lines(trx, order);
      await sql`update idempotency_keys set response = '{}'::jsonb where user_id = ${userId} and key = ${key}`.execute(trx);
      await sql`delete from idempotency_keys where user_id = ${userId} and created_at < now() - make_interval(days => 7)`.execute(trx);
    });
    return performance.now() - started;
  };
  const run = async (scan: (client: number, n: number) => Promise<number>) => {
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; n < SCANS; n++) times.push(await scan(client, n));
      }),
    );
    return median(times);
  };

  const rawBefore = Number((await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from receiving_scans`.execute(db)).rows[0]!.n);
  await run(apiScan); // warm-up
  const api: number[] = [];
  const raw: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    api.push(await run(apiScan));
    raw.push(await run(rawScan));
  }
  const rawScans = (ROUNDS * CLIENTS * SCANS) as number;
  const counted = Number((await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from receiving_scans`.execute(db)).rows[0]!.n) - rawBefore;
  const expected = accepted + rawScans;
  const [a, r] = [median(api), median(raw)];
  console.log(`\nReceiving scan (PostgreSQL, ${CLIENTS} concurrent clients on ${ORDERS} orders, ${fmt(accepted)} API scans, ${fmt(rawScans)} direct)`);
  console.log(`  POST /v0/r7gorders/{id}/scan       API ${fmt(a, 2)} ms   direct transaction ${fmt(r, 2)} ms   ratio ${fmt(a / r, 2)}   (goal ≤ 2.0)`);
  console.log(
    `  scans counted ${fmt(counted)} of ${fmt(expected)}: lost ${fmt(Math.max(0, expected - counted))}, doubled ${fmt(Math.max(0, counted - expected))}   (goal 0)`,
  );
} finally {
  await app.close();
  await database.close();
}
