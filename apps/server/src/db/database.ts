import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import type { DB } from './types.js';
import { PGLITE_PARSERS, PgliteExclusivePool } from './pglite-pool.js';
import { prepareCachedStatements } from './statement-cache.js';
import { joiningDialect } from './request-transaction.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** The embedded engine itself (embedded only), for dumps. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Told when an idle PostgreSQL connection fails (it is replaced on the next use). */
  onIdleError?: (error: Error) => void;
  /** Embedded only: start from this data-directory dump instead of an empty cluster (tests). */
  loadDataDir?: Blob;
}

// Same value shapes on both databases: int8 (ids, counts) as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server closes (a PostgreSQL restart, a failover, a dropped test database)
    // is discarded by the pool; without a listener its error would end the whole process.
    pool.on('error', (error) => options.onIdleError?.(error));
    pool.on('connect', prepareCachedStatements);
    // joiningDialect: a request taking an Idempotency-Key runs in one transaction (request-transaction.ts).
    const db = new Kysely<DB>({ dialect: joiningDialect(new PostgresDialect({ pool })) });
    await sql`select 1`.execute(db);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  // Named 'memory://' rather than left undefined: PGlite.create(undefined, options) ignores loadDataDir.
  const pglite = await PGlite.create(dir ?? 'memory://', {
    parsers: PGLITE_PARSERS,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // The embedded engine runs inside our process: no parallel workers (issue 2, §3).
  await pglite.exec('set max_parallel_workers_per_gather = 0');
  const db = new Kysely<DB>({ dialect: joiningDialect(new PostgresDialect({ pool: new PgliteExclusivePool(pglite) })) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
