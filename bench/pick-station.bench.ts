// Pick station benchmark (issue 18 "Done when"), measured in one run on PostgreSQL: 16 Pick Scan Batch
// stations (facts §3.6) work type-100 picklists at once, four stations to a picklist, through the
// original calls: read the picklist (`GET /v0/p11y/pick/`), take a slice of one piece with the label-index
// algorithm, `POST /v0/order/batchPrintLabel` (initiator packScanBatch: the slice is claimed, its order
// packed through the pack flow and its label bought) and `PUT /v0/p11y/pick/` with the progress, each
// with its own Idempotency-Key. Against the work those two calls perform, run directly with the same
// concurrency: the key row, the station's flow (`PickScanBatchFlow.batchPrintLabel`), the PUT's service,
// the stored answer. A scan is the label call plus the PUT (the read before it is not timed); a slice
// another station took first is refused (`LabelsTaken`), re-read and not timed. Reported: the median
// scan ratio (goal ≤ 2.0), and the counts: lost (an order not packed, or its label index never printed)
// and doubled (a unit issued twice, a label index or label printed twice), goal 0 and 0; the invariant
// check. Rounds alternate API and direct runs so the machine's drift hits both.
// PostgreSQL: BENCH_DATABASE_URL (default the local test server); a scratch database is dropped at the end.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { labelSlices, type LabelIndexOrder } from '../packages/contracts/src/picking/label-index.js';
import type { DB } from '../apps/server/src/db/types.js';
import { PickScanBatchFlow } from '../apps/server/src/flows/pick-scan-batch.flow.js';
import { picklistFlow } from '../apps/server/src/flows/picklist.flow.js';
import { AppError } from '../apps/server/src/http/app-error.js';
import type { AuthContext } from '../apps/server/src/http/access.js';
import { checkStockInvariants } from '../apps/server/src/modules/inventory/invariants.js';
import { pickingServices } from '../apps/server/src/modules/picking/index.js';
import { p11yPickPutSchema, picklistRulesSchema } from '../packages/contracts/src/domains/picking.js';
import { batchPrintLabelSchema } from '../packages/contracts/src/domains/carriers.js';
import { scratchPostgres } from './scratch-db.js';
// @ts-expect-error plain ES module helper
import { fmt, median } from './lib.mjs';
import { apiCaller, apiEnvelope, demoApp, parcelOrder, signIn } from './http-session.js';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STATIONS = Number(process.env.BENCH_STATIONS ?? 16);
/** Stations sharing one picklist. */
const PER_LIST = Number(process.env.BENCH_STATIONS_PER_LIST ?? 4);
/** Slices (one piece each) every station prints per run. */
const PER_STATION = Number(process.env.BENCH_PICKS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SKU = 'BENCH-PICK';

interface Picklist {
  id: number;
  itemQtyPicked: number;
  items: string;
  itemInfo: string;
  printBatch: string;
  orders: string;
}
type InfoRow = { sku: string; itemBatch: string; inventoryName: string; qty: number; qtyPrinted: number };
type PrintRow = { UNID: string; id: number; packSKU: string; lblIdx: number[]; packingMaterials: number[]; initiator: string };

/** What one station needs to print and save a slice: by HTTP, or the same work called directly. */
interface StationCalls {
  read(id: number): Promise<Picklist>;
  /** The label call's answer (the merged PDF's URL), or null when another station took the slice. */
  labels(rows: PrintRow[]): Promise<string | null>;
  save(progress: Picklist): Promise<void>;
}

const database = await scratchPostgres(BASE_URL, STATIONS + 8);
const db = database.db as Kysely<DB>;
const built = await demoApp(database);
const { base } = built;
const call = apiEnvelope(base);
const must = apiCaller(base);
const filesOf = (url: string) => JSON.parse(decodeURIComponent(url.slice(url.indexOf('files=') + 6))) as number[];

try {
  const admin = await signIn(base, 'admin@demo.local');
  const merchant = await signIn(base, 'merchant-a@demo.local');
  const adminRow = (await sql<{ id: number }>`select id from users where account = 'admin@demo.local'`.execute(db)).rows[0]!;
  const perRun = STATIONS * PER_STATION;
  const total = perRun * (1 + 2 * ROUNDS);
  const item = await must('POST', '/v0/items/', merchant, { sku: SKU, name: 'Bench pick item', weight: 0.3 });
  await must('POST', '/v0/inventory/adjust', admin, { itemId: item.id, compartment: 'A-01-03', delta: total, reasonCode: 'found' }, randomUUID());
  await must('POST', '/v0/inventory/adjust', admin, { item: 'BOX-S', compartment: 'C-05-01', delta: total * 2, reasonCode: 'found' }, randomUUID());
  const box = Number((await sql<{ id: number }>`select id from items where sku = 'BOX-S'`.execute(db)).rows[0]!.id);
  // The demo's ready orders go into lists of their own first, so each run's picklists hold only its orders.
  const lists = picklistFlow(built.core);
  const staff = { userId: Number(adminRow.id), merchantId: null, subMerchantId: null, isAdmin: true, privileges: new Set<string>(), roles: ['admin'] };
  await lists.create({ ...staff, sessionId: 0 } as unknown as AuthContext, picklistRulesSchema.parse({ maxLists: 0 }));

  const allOrders: number[] = [];
  /** A run's orders (single-item, one unit) in STATIONS / PER_LIST new type-100 picklists. */
  const prepare = async () => {
    const ids: number[] = [];
    const create = async () => {
      const order = await must('POST', '/v0/outbound/orders', merchant, parcelOrder(SKU));
      ids.push(order.id);
    };
    await Promise.all(
      Array.from({ length: 8 }, async () => Array.from({ length: perRun / 8 }).reduce<Promise<void>>((p) => p.then(create), Promise.resolve())),
    );
    allOrders.push(...ids);
    const count = STATIONS / PER_LIST;
    const rules = picklistRulesSchema.parse({ split: 'singleOnly', maxOrders: perRun / count, maxLists: count, oldestFirst: true });
    const made = await lists.create({ ...staff, sessionId: 0 } as unknown as AuthContext, rules);
    if (made.created.length !== count) throw new Error(`${made.created.length} picklists made, ${count} wanted`);
    return made.created.map((p) => Number(p.id));
  };

  const printed: string[] = [];
  const files: number[] = [];
  let refusals = 0;

  /** One station: slices of one piece until it printed PER_STATION of them or its picklist is done. */
  const station = async (calls: StationCalls, picklistId: number, times: number[]) => {
    let done = 0;
    for (let attempt = 0; done < PER_STATION && attempt < 10_000; attempt++) {
      const p = await calls.read(picklistId);
      const info: InfoRow[] = p.itemInfo ? JSON.parse(p.itemInfo) : JSON.parse(p.items).map((r: InfoRow) => ({ ...r, qtyPrinted: 0 }));
      const row = info.find((r) => r.sku === SKU && r.qtyPrinted < r.qty);
      if (!row) return;
      const already = info.filter((r) => r.sku === SKU).reduce((sum, r) => sum + r.qtyPrinted, 0);
      const rows: PrintRow[] = labelSlices(JSON.parse(p.orders) as LabelIndexOrder[], SKU, already, 1).map((s) => ({
        UNID: s.UNID,
        id: s.ID,
        packSKU: SKU,
        lblIdx: s.lblIdx,
        packingMaterials: [box],
        initiator: 'packScanBatch',
      }));
      const batch = [
        ...(p.printBatch ? JSON.parse(p.printBatch) : []),
        { name: `${SKU} () @ ${row.inventoryName}:1`, time: '2026-12-01 10:00:00', data: rows },
      ];
      const next = info.map((r) => (r === row ? { ...r, qtyPrinted: r.qtyPrinted + 1 } : r));
      const started = performance.now();
      const url = await calls.labels(rows);
      if (url === null) {
        refusals++;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
        continue;
      }
      await calls.save({ ...p, itemQtyPicked: p.itemQtyPicked + 1, itemInfo: JSON.stringify(next), printBatch: JSON.stringify(batch) });
      times.push(performance.now() - started);
      printed.push(...rows.flatMap((r) => r.lblIdx.map((i) => `${r.id}:${i}`)));
      files.push(...filesOf(url));
      done++;
    }
  };

  const viaApi = async (): Promise<StationCalls> => {
    const token = await signIn(base, 'admin@demo.local');
    return {
      read: (id) => must('GET', `/v0/p11y/pick/?q=${id}`, token),
      async labels(rows) {
        const answer = await call('POST', '/v0/order/batchPrintLabel', token, rows, randomUUID());
        if (answer.code === 'LabelsTaken') return null;
        if (answer.code !== 'OK') throw new Error(`batchPrintLabel: ${JSON.stringify(answer).slice(0, 300)}`);
        return answer.data as string;
      },
      save: async (progress) => void (await must('PUT', '/v0/p11y/pick/', token, progress, randomUUID())),
    };
  };
  // The same work without HTTP, the session and serialisation: key row, the flow or service, stored answer.
  const flow = new PickScanBatchFlow(built.core);
  const { picking } = pickingServices(built.core);
  let nextSession = 1_000_000;
  const direct = (): StationCalls => {
    const auth = { ...staff, sessionId: nextSession++ } as unknown as AuthContext;
    const keyed = async <T>(work: () => Promise<T>): Promise<T> => {
      const key = randomUUID();
      await sql`insert into idempotency_keys (user_id, key, scope) values (${auth.userId}, ${key}, 'raw') on conflict do nothing`.execute(db);
      const answer = await work();
      await sql`update idempotency_keys set response = ${JSON.stringify({ code: 'OK', data: answer ?? null })}::jsonb
        where user_id = ${auth.userId} and key = ${key}`.execute(db);
      return answer;
    };
    return {
      read: async (id) => (await picking.get(auth, id)) as unknown as Picklist,
      async labels(rows) {
        try {
          return await keyed(() => flow.batchPrintLabel(auth, batchPrintLabelSchema.parse(rows)));
        } catch (error) {
          if (error instanceof AppError && error.code === 'LabelsTaken') return null;
          throw error;
        }
      },
      save: (progress) => keyed(() => picking.put(auth, p11yPickPutSchema.parse(progress))).then(() => undefined),
    };
  };

  const run = async (make: () => StationCalls | Promise<StationCalls>) => {
    const picklists = await prepare();
    const stations = await Promise.all(Array.from({ length: STATIONS }, () => make()));
    const times: number[] = [];
    await Promise.all(stations.map((calls, i) => station(calls, picklists[Math.floor(i / PER_LIST)]!, times)));
    if (times.length !== perRun) throw new Error(`${times.length} scans of ${perRun}`);
    return median(times) as number;
  };

  await run(viaApi); // warm-up
  const api: number[] = [];
  const raw: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    api.push(await run(viaApi));
    raw.push(await run(direct));
  }

  const issued = (
    await sql<{ id: string; n: number }>`select ref_id as id, -sum(delta)::int as n from inventory_log
      where reason = 'issue' and reason_code is null and ref_type = 'outbound' and item_id = ${item.id} group by ref_id`.execute(db)
  ).rows;
  const perOrder = new Map(issued.map((r) => [Number(r.id), Number(r.n)]));
  const printedSet = new Set(printed);
  const lost = allOrders.filter((id) => !perOrder.has(id) || !printedSet.has(`${id}:0`)).length;
  const doubled = [...perOrder.values()].filter((n) => n > 1).length + (printed.length - printedSet.size) + (files.length - new Set(files).size);
  const violations = await checkStockInvariants(db);
  const [a, d] = [median(api), median(raw)];
  console.log(
    `\nPick station (PostgreSQL, ${STATIONS} stations, ${PER_LIST} to a type-100 picklist, ${PER_STATION} one-piece slices each per run, ${ROUNDS} rounds)`,
  );
  console.log(`  scan = batchPrintLabel + PUT /v0/p11y/pick/  API ${fmt(a, 2)} ms   direct ${fmt(d, 2)} ms   ratio ${fmt(a / d, 2)}   (goal ≤ 2.0)`);
  console.log(
    `  orders ${allOrders.length}: lost ${lost}, doubled ${doubled}   (goal 0 and 0); slices refused and re-read ${refusals}; invariant violations ${violations.length}`,
  );
} finally {
  await built.app.close();
  await database.close();
}
