import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * A pg-Pool look-alike over one embedded PGlite instance, for Kysely's PostgresDialect.
 * PGlite is a single connection, so the pool hands out that connection to one holder at a time:
 * a transaction therefore runs exclusively, as PostgreSQL's own locking would require of several
 * connections. Code inside a transaction must use the transaction handle, never the pool; the wait
 * limit turns such a self-deadlock into a loud error instead of a hang.
 */
export class PgliteExclusivePool implements PostgresPool {
  private queue: Array<() => void> = [];
  private held = false;

  constructor(
    readonly pg: PGlite,
    private readonly waitLimitMs = 60_000,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.held) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.queue = this.queue.filter((w) => w !== waiter);
          reject(new Error('Embedded database busy for too long (nested use of the pool inside a transaction?)'));
        }, this.waitLimitMs);
        const waiter = () => {
          clearTimeout(timer);
          resolve();
        };
        this.queue.push(waiter);
      });
    }
    this.held = true;
    let released = false;
    const client = {
      query: async <R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> => {
        if (parameters.length === 0 && /;\s*\S/.test(sql)) {
          const results = await this.pg.exec(sql);
          const last = results[results.length - 1];
          return { command: commandOf(sql), rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
        }
        const result = await this.pg.query<R>(sql, parameters as unknown[]);
        return { command: commandOf(sql), rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release: () => {
        if (released) return;
        released = true;
        const next = this.queue.shift();
        if (next) next();
        else this.held = false;
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.pg.close();
  }
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const word = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
  return (['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(word) ? word : 'SELECT') as PostgresQueryResult<unknown>['command'];
}

/** Same value shapes on both databases: int8 and counts as numbers. */
export const PGLITE_PARSERS = {
  [pgliteTypes.INT8]: (v: string) => Number(v),
};
