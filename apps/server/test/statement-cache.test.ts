import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prepareCachedStatements, StatementCache } from '../src/db/statement-cache.js';

interface Tables {
  pallets: { id: number; pallet_code: string };
}

/** A Kysely that runs nothing and records what it was asked to send. */
function recordingDb() {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => void sent.push(event.query),
  });
  return { db, sent };
}

describe('statement cache (hot statements compiled once, issue 19)', () => {
  it('builds a statement once per key and sends its SQL with each call’s values', async () => {
    const { db, sent } = recordingDb();
    const cache = new StatementCache();
    let builds = 0;
    const byCode = (code: string) =>
      cache.rows(db, 'byCode', [code], () => {
        builds++;
        return db.selectFrom('pallets').selectAll().where('pallet_code', '=', code);
      });
    await byCode('LD1');
    await byCode('LD2');
    expect(builds).toBe(1);
    expect(sent.map((q) => q.sql)).toEqual([sent[0]!.sql, sent[0]!.sql]);
    expect(sent.map((q) => q.parameters)).toEqual([['LD1'], ['LD2']]);
  });

  it('refuses a statement whose values are not the ones named (they would be sent stale)', async () => {
    const { db } = recordingDb();
    const cache = new StatementCache();
    const limit = 5;
    await expect(cache.rows(db, 'page', ['LD1'], () => db.selectFrom('pallets').selectAll().where('pallet_code', '=', 'LD1').limit(limit))).rejects.toThrow(
      /statement page: its parameters \["LD1",5\] are not the ones named \["LD1"\]/,
    );
  });

  it('sends cached statements as named prepared statements on a PostgreSQL connection, any other as before', async () => {
    const { db } = recordingDb();
    const cache = new StatementCache();
    await cache.rows(db, 'one', [7], () => db.selectFrom('pallets').select('id').where('id', '=', 7));
    // A statement selecting `*` stays unprepared (a column added by a migration would break a prepared one).
    await new StatementCache({ prepared: false }).rows(db, 'all', [9], () => db.selectFrom('pallets').selectAll().where('id', '=', 9));
    const calls: unknown[][] = [];
    const client = { query: (...args: unknown[]) => calls.push(args) } as unknown as pg.PoolClient;
    prepareCachedStatements(client);
    await client.query('select "id" from "pallets" where "id" = $1', [8]);
    await client.query('select * from "pallets" where "id" = $1', [10]);
    await client.query('select 1', []);
    expect(calls[0]).toEqual([{ name: expect.stringMatching(/^kontor_cached_\d+$/), text: 'select "id" from "pallets" where "id" = $1', values: [8] }]);
    expect(calls[1]).toEqual(['select * from "pallets" where "id" = $1', [10]]);
    expect(calls[2]).toEqual(['select 1', []]);
  });
});
