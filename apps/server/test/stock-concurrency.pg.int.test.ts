import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { runStockHarness, type HarnessOptions, type HarnessResult } from './helpers/stock-harness.js';
import { createTestDatabase } from './helpers/test-db.js';

// Runs in the PostgreSQL project only (vitest.config.ts): real concurrency needs one connection per
// client, which the embedded database (one connection, exclusive transactions) cannot give.
const CLIENTS = 32;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** The harness on a fresh database of its own, with a pool of one connection per client (and spare). */
async function harness(options: HarnessOptions, settings: { deadlockTimeout?: string } = {}): Promise<HarnessResult> {
  const scratch = await createTestDatabase();
  cleanup.push(() => scratch.close());
  if (settings.deadlockTimeout) {
    // Applies to the connections opened below.
    const name = new URL(scratch.url!).pathname.slice(1);
    await sql.raw(`alter database ${name} set deadlock_timeout = '${settings.deadlockTimeout}'`).execute(scratch.db);
  }
  const database = await openDatabase({ url: scratch.url!, poolSize: CLIENTS + 8 });
  cleanup.push(() => database.close());
  return runStockHarness(database.db, options);
}

const summary = (label: string, r: HarnessResult) =>
  `${label}: ${r.ops} ops in ${(r.ms / 1000).toFixed(1)} s, refused ${r.refused} ${JSON.stringify(r.refusedBy)}, ` +
  `${r.errors.length} errors, ${r.violations.length} violations ${JSON.stringify(r.byOp)}`;

describe('stock under concurrent clients (issue 5, done when)', () => {
  it('keeps every invariant with row locks: 32 clients, 10,000 operations on 3 hot items', async () => {
    const result = await harness({ lockRows: true, clients: CLIENTS, operations: 10_000, seed: 1 });
    console.log(summary('locks on', result));
    expect(result.errors).toEqual([]);
    expect(result.violations).toEqual([]);
    expect(result.ops).toBeGreaterThanOrEqual(10_000);
    // The work was real: reservations, releases, moves, adjustments and stocktakes went through.
    expect(result.byOp.reserve.ok).toBeGreaterThan(2000);
    expect(result.byOp.release.ok).toBeGreaterThan(1000);
    expect(result.byOp.move.ok).toBeGreaterThan(1000);
    expect(result.byOp.adjust.ok).toBeGreaterThan(500);
    expect(result.byOp.count.ok).toBeGreaterThan(20);
  }, 90_000);

  it('breaks them without row locks: the harness sees the lost updates', async () => {
    // Without FOR UPDATE writers take row locks in any order, so PostgreSQL finds deadlocks; detect
    // them in 20 ms instead of the default second (the victims are counted as refusals).
    const result = await harness({ lockRows: false, clients: CLIENTS, operations: 2_000, seed: 2 }, { deadlockTimeout: '20ms' });
    console.log(summary('locks off', result));
    const rules = [...new Set(result.violations.map((v) => v.rule))];
    console.log(rules.map((rule) => `${rule}: ${result.violations.filter((v) => v.rule === rule).length}`).join('; '));
    expect(result.errors).toEqual([]);
    expect(result.violations.length).toBeGreaterThan(0);
    expect(rules).toEqual(expect.arrayContaining(['stock row = sum of its log', 'reserved = sum of reservations']));
  }, 60_000);
});
