import { sql, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { DB } from '../../src/db/types.js';
import { AppError } from '../../src/http/app-error.js';
import { checkStockInvariants, type Violation } from '../../src/modules/inventory/invariants.js';
import { ReservationService } from '../../src/modules/inventory/reservation.service.js';
import type { Actor } from '../../src/modules/inventory/stock-tx.js';
import { StockService } from '../../src/modules/inventory/stock.service.js';
import { StocktakeService } from '../../src/modules/inventory/stocktake.service.js';
import { TenantScope } from '../../src/db/tenant-scope.js';

/**
 * Concurrency harness of the stock model (issue 5, "done when"): many clients hammer a few hot stock
 * rows with reservations, releases, moves, adjustments and stocktakes at once, then the invariants
 * are checked together with what the clients themselves saw succeed. With `lockRows: true` nothing
 * may break; with `lockRows: false` (the services still write absolute values they read without a
 * row lock) lost updates must show up as violations, which proves the harness can see them.
 */
export interface HarnessOptions {
  lockRows: boolean;
  /** Concurrent clients; on PostgreSQL the pool needs one connection per client (plus one). */
  clients: number;
  /** Operations issued in total across all clients. */
  operations: number;
  /** Hot items (default 3, of two merchants) and compartments each holds stock in (default 4). */
  items?: number;
  compartments?: number;
  /** Opening units per stock row (default 150). */
  opening?: number;
  /** Seed of the clients' random choices (timing still varies between runs). */
  seed?: number;
}

export type OpName = 'reserve' | 'release' | 'move' | 'adjust' | 'count';

export interface HarnessResult {
  /** Operations run (successful + refused + errors). */
  ops: number;
  /** Business refusals (AppError; with lockRows:false also check-constraint and deadlock aborts). */
  refused: number;
  /** Anything else: a failure of the harness or the services. */
  errors: Array<{ op: OpName; message: string; code?: string }>;
  violations: Violation[];
  /** Per operation: how many succeeded and how many were refused. */
  byOp: Record<OpName, { ok: number; refused: number }>;
  /** Refusals by error code. */
  refusedBy: Record<string, number>;
  ms: number;
}

interface Hot {
  merchantId: number;
  warehouseId: number;
  items: Array<{ id: number; merchantId: number }>;
  compartments: number[];
  opening: number;
}

/** A small deterministic generator per client (mulberry32), so a run's choices can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** Merchants, a warehouse, compartments and items of their own, with opening stock and its ledger rows. */
async function setUp(db: Kysely<DB>, itemCount: number, compartmentCount: number, opening: number): Promise<Hot> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const merchants: number[] = [];
  for (const n of [1, 2]) {
    const row = await db
      .insertInto('merchants')
      .values({ code: `H${tag}${n}`, name: `Harness merchant ${n}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    merchants.push(Number(row.id));
  }
  const warehouse = await db
    .insertInto('warehouses')
    .values({ code: `HW${tag}`, name: 'Harness warehouse' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const warehouseId = Number(warehouse.id);
  const compartments = (await db
    .insertInto('compartments')
    .values(
      Array.from({ length: compartmentCount }, (_, i) => ({
        warehouse_id: warehouseId,
        code: `H-${String(i + 1).padStart(2, '0')}`,
        zone: 'H',
        kind: i % 2 === 0 ? 'pick' : 'bulk',
        priority: i + 1,
      })),
    )
    .returning('id')
    .execute()) as Array<{ id: number }>;
  const items: Hot['items'] = [];
  for (let i = 0; i < itemCount; i++) {
    const merchantId = merchants[i % 3 === 2 ? 1 : 0]!;
    const sku = `H${tag}-${i + 1}`;
    const row = await db
      .insertInto('items')
      .values({ merchant_id: merchantId, sku, name: `Hot item ${i + 1}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('item_codes').values({ merchant_id: merchantId, code: sku, item_id: row.id, kind: 'sku' }).execute();
    items.push({ id: Number(row.id), merchantId });
  }
  for (const item of items) {
    for (const c of compartments) {
      const key = { merchant_id: item.merchantId, item_id: item.id, warehouse_id: warehouseId, compartment_id: c.id, batch: '', status: 10 };
      const stock = await db
        .insertInto('stock')
        .values({ ...key, quantity: opening, reserved: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('inventory_log')
        .values({ ...key, stock_id: stock.id, delta: opening, delta_reserved: 0, quantity_after: opening, reserved_after: 0, reason: 'opening' })
        .execute();
    }
  }
  return { merchantId: merchants[0]!, warehouseId, items, compartments: compartments.map((c) => Number(c.id)), opening };
}

/** Runs the harness on a migrated database; see HarnessOptions. */
export async function runStockHarness(db: Kysely<DB>, options: HarnessOptions): Promise<HarnessResult> {
  const { lockRows, clients, operations } = options;
  const hot = await setUp(db, options.items ?? 3, options.compartments ?? 4, options.opening ?? 150);
  const core = { db };
  const stock = new StockService(core, { lockRows });
  const reservations = new ReservationService(core, stock);
  const stocktakes = new StocktakeService(core, stock);

  // What the clients saw succeed, checked against the database afterwards.
  const expectedOnHand = new Map(hot.items.map((i) => [i.id, hot.opening * hot.compartments.length]));
  const adjusted = new Map(hot.items.map((i) => [i.id, 0]));
  const refs = new Map<string, { itemId: number; requested: number; outstanding: number }>();

  const byOp: HarnessResult['byOp'] = {
    reserve: { ok: 0, refused: 0 },
    release: { ok: 0, refused: 0 },
    move: { ok: 0, refused: 0 },
    adjust: { ok: 0, refused: 0 },
    count: { ok: 0, refused: 0 },
  };
  const refusedBy: Record<string, number> = {};
  const errors: HarnessResult['errors'] = [];
  const answered: Violation[] = [];
  let issued = 0;

  const refusal = (error: unknown): string | null => {
    if (error instanceof AppError) return error.code;
    const code = (error as { code?: string }).code;
    // Without row locks the database's checks and deadlock detection stop some races: expected then.
    if (!lockRows && code && ['23514', '40P01', '40001'].includes(code)) return `pg ${code}`;
    return null;
  };

  async function client(index: number) {
    const r = rng((options.seed ?? 20260) * 1000 + index);
    const open: string[] = [];
    let serial = 0;
    const actorFor = (merchantId: number): Actor => ({ userId: null, merchantScope: r.next() < 0.5 ? TenantScope.all : TenantScope.merchant(merchantId) });

    const ops: Record<OpName, () => Promise<void>> = {
      async reserve() {
        const item = r.pick(hot.items);
        const requested = r.int(1, 12);
        const partial = r.next() < 0.5;
        const ref = { type: 'harness', id: `c${index}-${++serial}` };
        const result = await reservations.reserve(actorFor(item.merchantId), { itemId: item.id, quantity: requested, ref, partial });
        const key = `${ref.type}/${ref.id}`;
        refs.set(key, { itemId: item.id, requested, outstanding: result.reserved });
        if (result.reserved > requested || (!partial && result.reserved !== requested)) {
          answered.push({ rule: 'a reservation answers what was asked', detail: `${key}: reserved ${result.reserved} of ${requested} (partial ${partial})` });
        }
        if (result.reserved > 0) open.push(key);
      },
      async release() {
        const at = r.int(0, open.length - 1);
        const key = open[at]!;
        const entry = refs.get(key)!;
        const [type, id] = key.split('/') as [string, string];
        const all = r.next() < 0.6 || entry.outstanding <= 1;
        const quantity = all ? undefined : r.int(1, entry.outstanding - 1);
        const result = await reservations.release(actorFor(hot.items.find((i) => i.id === entry.itemId)!.merchantId), {
          ref: { type, id },
          ...(r.next() < 0.5 ? { itemId: entry.itemId } : {}),
          ...(quantity !== undefined ? { quantity } : {}),
        });
        entry.outstanding -= result.released;
        if (entry.outstanding <= 0) open.splice(at, 1);
      },
      async move() {
        const item = r.pick(hot.items);
        const from = r.pick(hot.compartments);
        const to = r.pick(hot.compartments.filter((c) => c !== from));
        await stock.move(actorFor(item.merchantId), {
          itemId: item.id,
          compartmentId: from,
          toCompartmentId: to,
          batch: '',
          status: 10,
          quantity: r.int(1, 25),
          note: '',
          withReservations: r.next() < 0.35,
        });
      },
      async adjust() {
        const item = r.pick(hot.items);
        let delta = r.int(-10, 12);
        if (delta === 0) delta = 1;
        await stock.adjust(actorFor(item.merchantId), {
          itemId: item.id,
          compartmentId: r.pick(hot.compartments),
          batch: '',
          status: 10,
          delta,
          reasonCode: 'correction',
          note: '',
        });
        expectedOnHand.set(item.id, expectedOnHand.get(item.id)! + delta);
        adjusted.set(item.id, adjusted.get(item.id)! + delta);
      },
      async count() {
        const item = r.pick(hot.items);
        const compartmentId = r.pick(hot.compartments);
        const actor: Actor = { userId: null, merchantScope: TenantScope.all };
        const created = await stocktakes.create(actor, { warehouseId: hot.warehouseId, compartmentIds: [compartmentId], note: '' });
        const held = (await db
          .selectFrom('stock')
          .select('quantity')
          .where('item_id', '=', item.id)
          .where('compartment_id', '=', compartmentId)
          .where('batch', '=', '')
          .where('status', '=', 10)
          .executeTakeFirst()) as { quantity: number } | undefined;
        const counted = Math.max(0, (held?.quantity ?? 0) + r.int(-6, 6));
        await stocktakes.count(actor, Number(created.id), [{ compartmentId, itemId: item.id, batch: '', status: 10, counted }]);
        const posted = await stocktakes.post(actor, Number(created.id));
        for (const line of posted.lines) {
          expectedOnHand.set(Number(line.itemId), expectedOnHand.get(Number(line.itemId))! + Number(line.difference));
          adjusted.set(Number(line.itemId), adjusted.get(Number(line.itemId))! + Number(line.difference));
        }
      },
    };

    while (issued < operations) {
      issued++;
      const roll = r.next();
      let op: OpName = roll < 0.36 ? 'reserve' : roll < 0.6 ? 'release' : roll < 0.82 ? 'move' : roll < 0.97 ? 'adjust' : roll < 0.985 ? 'count' : 'reserve';
      // Keep each client's open references few so stock stays available, and release only what exists.
      if (op === 'release' && open.length === 0) op = 'reserve';
      if (op === 'reserve' && open.length >= 4) op = 'release';
      try {
        await ops[op]();
        byOp[op].ok++;
      } catch (error) {
        const code = refusal(error);
        if (code) {
          byOp[op].refused++;
          refusedBy[code] = (refusedBy[code] ?? 0) + 1;
        } else {
          errors.push({ op, message: error instanceof Error ? error.message : String(error), code: (error as { code?: string }).code });
        }
      }
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const ms = performance.now() - started;

  const violations = [...answered, ...(await checkStockInvariants(db, 1000))];
  const itemIds = hot.items.map((i) => i.id);

  // On-hand per item = opening + what adjustments and counts changed (moves conserve it).
  const onHand = (await db
    .selectFrom('stock')
    .select(['item_id as itemId', sql<number>`sum(quantity)::int`.as('quantity'), sql<number>`sum(reserved)::int`.as('reserved')])
    .where('item_id', 'in', itemIds)
    .groupBy('item_id')
    .execute()) as Array<{ itemId: number; quantity: number; reserved: number }>;
  for (const row of onHand) {
    const expected = expectedOnHand.get(Number(row.itemId))!;
    if (row.quantity !== expected)
      violations.push({ rule: 'on-hand = opening + adjustments + counts', detail: `item ${row.itemId}: ${row.quantity} vs ${expected}` });
  }
  const ledger = (await db
    .selectFrom('inventory_log')
    .select(['item_id as itemId', sql<number>`sum(delta)::int`.as('delta')])
    .where('item_id', 'in', itemIds)
    .where('reason', 'in', ['adjust', 'count'])
    .groupBy('item_id')
    .execute()) as Array<{ itemId: number; delta: number }>;
  for (const id of itemIds) {
    const logged = Number(ledger.find((l) => Number(l.itemId) === id)?.delta ?? 0);
    if (logged !== adjusted.get(id))
      violations.push({ rule: 'ledger adjustments = successful adjustments', detail: `item ${id}: ${logged} vs ${adjusted.get(id)}` });
  }

  // Per reference: what the reservations table holds = reserved − released as answered, never more than requested.
  const held = new Map(
    (
      (await db
        .selectFrom('reservations')
        .select(['ref_type as refType', 'ref_id as refId', sql<number>`sum(quantity)::int`.as('quantity')])
        .where('ref_type', '=', 'harness')
        .groupBy(['ref_type', 'ref_id'])
        .execute()) as Array<{ refType: string; refId: string; quantity: number }>
    ).map((r) => [`${r.refType}/${r.refId}`, r.quantity]),
  );
  const reservedPerItem = new Map(itemIds.map((id) => [id, 0]));
  for (const [key, entry] of refs) {
    const quantity = held.get(key) ?? 0;
    reservedPerItem.set(entry.itemId, reservedPerItem.get(entry.itemId)! + entry.outstanding);
    if (quantity > entry.requested)
      violations.push({ rule: 'a reference never holds more than it requested', detail: `${key}: ${quantity} > ${entry.requested}` });
    if (quantity !== entry.outstanding)
      violations.push({ rule: 'reservations of a reference = reserved − released', detail: `${key}: ${quantity} vs ${entry.outstanding}` });
  }
  for (const key of held.keys())
    if (!refs.has(key)) violations.push({ rule: 'reservations of a reference = reserved − released', detail: `${key}: unknown reference` });
  for (const row of onHand) {
    const expected = reservedPerItem.get(Number(row.itemId))!;
    if (row.reserved !== expected)
      violations.push({ rule: 'reserved per item = open reservations', detail: `item ${row.itemId}: ${row.reserved} vs ${expected}` });
  }

  const ops = Object.values(byOp).reduce((n, o) => n + o.ok + o.refused, 0) + errors.length;
  const refused = Object.values(byOp).reduce((n, o) => n + o.refused, 0);
  return { ops, refused, errors, violations, byOp, refusedBy, ms };
}
