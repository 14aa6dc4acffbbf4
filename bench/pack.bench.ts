// Packing benchmark (issue 18 "Done when"), measured in one run on PostgreSQL: 16 packing stations
// pack ready orders at once through POST /v0/packing/orders/{id}/pack (each with its own
// Idempotency-Key, one packing material per parcel), every order handed to two stations so the second
// finds it packed; against the transaction that call performs (the key row, the pack flow, the stored
// answer) run directly with the same concurrency. Reported: the latency ratio (goal ≤ 2.0) and the
// counts: units issued per order exactly its units (lost: an order not packed; doubled: issued twice;
// goal 0 and 0), and the invariant check empty. Rounds alternate API and direct runs so drift hits both.
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is dropped at the end.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { inRequestTransaction } from '../apps/server/src/db/request-transaction.js';
import type { DB } from '../apps/server/src/db/types.js';
import { PackOrderFlow } from '../apps/server/src/flows/pack-order.flow.js';
import type { AuthContext } from '../apps/server/src/http/access.js';
import { checkStockInvariants } from '../apps/server/src/modules/inventory/invariants.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { apiCaller, demoApp, parcelOrder, signIn } from './http-session.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STATIONS = Number(process.env.BENCH_STATIONS ?? 16);
/** Orders each station packs per run. */
const PER_STATION = Number(process.env.BENCH_PACKS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BODY = { station: 'bench', parcels: [{ weight: null, dimensions: null, materials: [{ code: 'BOX-S', quantity: 1 }] }] };

const database = await scratchPostgres(BASE_URL, STATIONS + 8);
const db = database.db as Kysely<DB>;
const built = await demoApp(database);
const { base } = built;
const call = apiCaller(base);

try {
  const admin = await signIn(base, 'admin@demo.local');
  const station = await signIn(base, 'warehouse@demo.local');
  const merchantId = Number((await sql<{ id: number }>`select id from merchants where code = 'C001'`.execute(db)).rows[0]!.id);
  const userId = Number((await sql<{ id: number }>`select id from users where account = 'warehouse@demo.local'`.execute(db)).rows[0]!.id);
  const perRun = STATIONS * PER_STATION;
  const total = perRun * (1 + 2 * ROUNDS);
  // Eight items (a station's orders are of many SKUs), stock for every order, and boxes enough. The boxes
  // are one stock row that every pack takes from: the hot row of a packing floor.
  const SKUS = Array.from({ length: 8 }, (_, i) => `BENCH-PACK-${i}`);
  const items: number[] = [];
  for (const sku of SKUS) {
    const item = await call('POST', '/v0/items/', admin, { sku, name: `Bench pack item ${sku}`, merchantId, weight: 0.3 });
    await call('POST', '/v0/inventory/adjust', admin, { itemId: item.id, compartment: 'A-01-03', delta: total, reasonCode: 'found' }, randomUUID());
    items.push(item.id);
  }
  await call('POST', '/v0/inventory/adjust', admin, { item: 'BOX-S', compartment: 'C-05-01', delta: total * 2, reasonCode: 'found' }, randomUUID());
  const merchant = await signIn(base, 'merchant-a@demo.local');
  const orders: number[] = [];
  const create = async () => {
    const order = await call('POST', '/v0/outbound/orders', merchant, parcelOrder(SKUS[orders.length % SKUS.length]!));
    orders.push(order.id);
  };
  await Promise.all(
    Array.from({ length: 8 }, async () => Array.from({ length: Math.ceil(total / 8) }).reduce<Promise<void>>((p) => p.then(create), Promise.resolve())),
  );
  let next = 0;
  const take = () => orders.slice(next, (next += perRun));

  const flow = new PackOrderFlow(built.core);
  const auth = {
    userId,
    merchantId: null,
    subMerchantId: null,
    isAdmin: false,
    privileges: new Set<string>(),
    roles: [],
  } as unknown as AuthContext;
  const apiPack = async (id: number) => {
    const started = performance.now();
    const answer = await call('POST', `/v0/packing/orders/${id}/pack`, station, BODY, randomUUID());
    return { ms: performance.now() - started, outcome: answer.outcome as string };
  };
  // The same work without HTTP, the session and serialisation: key row, pack flow, stored answer.
  const directPack = async (id: number) => {
    const key = randomUUID();
    const started = performance.now();
    const answer = await inRequestTransaction(db as Kysely<unknown>, async (trx) => {
      await sql`insert into idempotency_keys (user_id, key, scope) values (${userId}, ${key}, 'raw') on conflict do nothing returning key`.execute(trx);
      const packed = await flow.pack(auth, id, { ...BODY, confirmWeight: false, short: [] });
      await sql`update idempotency_keys set response = ${JSON.stringify(packed)}::jsonb where user_id = ${userId} and key = ${key}`.execute(trx);
      return packed;
    });
    return { ms: performance.now() - started, outcome: answer.outcome };
  };
  // Every order goes to two stations (the second finds it packed); only the packing calls are timed.
  const run = async (pack: (id: number) => Promise<{ ms: number; outcome: string }>) => {
    const mine = take();
    const queue = [...mine, ...mine].map((id) => [Math.random(), id] as const).sort((a, b) => a[0] - b[0]);
    const times: number[] = [];
    const outcomes = { packed: 0, alreadyPacked: 0 };
    await Promise.all(
      Array.from({ length: STATIONS }, async () => {
        for (let job = queue.pop(); job; job = queue.pop()) {
          const { ms, outcome } = await pack(job[1]);
          if (outcome === 'packed') times.push(ms);
          outcomes[outcome as keyof typeof outcomes]++;
        }
      }),
    );
    if (outcomes.packed !== mine.length) throw new Error(`packed ${outcomes.packed} of ${mine.length} orders`);
    return median(times);
  };

  await run(apiPack); // warm-up
  const api: number[] = [];
  const direct: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    api.push(await run(apiPack));
    direct.push(await run(directPack));
  }
  const issued = (
    await sql<{ id: string; n: number }>`select ref_id as id, -sum(delta)::int as n from inventory_log
      where reason = 'issue' and reason_code is null and ref_type = 'outbound' and item_id = any(${items}::bigint[]) group by ref_id`.execute(db)
  ).rows;
  const perOrder = new Map(issued.map((r) => [Number(r.id), Number(r.n)]));
  const lost = orders.filter((id) => !perOrder.has(id)).length;
  const doubled = [...perOrder.values()].filter((n) => n > 1).length;
  const violations = await checkStockInvariants(db);
  const [a, d] = [median(api), median(direct)];
  console.log(`\nPacking (PostgreSQL, ${STATIONS} stations, ${perRun} orders per run each handed to two stations, ${ROUNDS} rounds)`);
  console.log(`  POST /v0/packing/orders/{id}/pack  API ${fmt(a, 2)} ms   direct transaction ${fmt(d, 2)} ms   ratio ${fmt(a / d, 2)}   (goal ≤ 2.0)`);
  console.log(`  orders ${orders.length}: lost ${lost}, issued twice ${doubled}   (goal 0 and 0); invariant violations ${violations.length}`);
} finally {
  await built.app.close();
  await database.close();
}
