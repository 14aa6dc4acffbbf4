import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/test-db.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('PostgreSQL connections', () => {
  it('survives the server closing idle connections (a restart or failover) and serves the next query', async () => {
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(database.db)));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const killed = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(killed.rows[0].n).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(row.rows[0]!.one).toBe(1);
  });
});
