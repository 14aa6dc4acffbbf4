import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type pg from 'pg';

/** The SQL of every cached statement and the name it is prepared under on a PostgreSQL connection. */
const preparedNames = new Map<string, string>();

/**
 * Statements of a hot path built and compiled by Kysely once, then sent with new values (issue 19, the
 * shipping scan): building a select of eighty columns costs the server more CPU than its round trip.
 * Each statement is named by a key that covers everything that shapes its SQL; the caller names its
 * parameters in the order the SQL takes them. The first compile of a key checks that the statement's
 * parameters are exactly those, so a value that is not named (and would be sent stale) fails at once
 * (in the tests) instead of being cached.
 */
export class StatementCache {
  private readonly sqlOf = new Map<string, string>();

  /**
   * `prepared: false` for statements that select `*`: a migration that adds a column while this process
   * runs (a rolling deploy) would make a prepared one fail ("cached plan must not change result type")
   * until the process restarts. Statements with their columns named are prepared.
   */
  constructor(private readonly options: { prepared: boolean } = { prepared: true }) {}

  async rows<R>(db: Pick<Kysely<unknown>, 'executeQuery'>, key: string, parameters: readonly unknown[], build: () => Compilable<R>): Promise<R[]> {
    let text = this.sqlOf.get(key);
    if (text === undefined) {
      const compiled = build().compile();
      if (!isDeepStrictEqual(compiled.parameters, parameters))
        throw new Error(`statement ${key}: its parameters ${JSON.stringify(compiled.parameters)} are not the ones named ${JSON.stringify(parameters)}`);
      text = compiled.sql;
      this.sqlOf.set(key, text);
      if (this.options.prepared && !preparedNames.has(text)) preparedNames.set(text, `kontor_cached_${preparedNames.size + 1}`);
    }
    return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
  }
}

/**
 * Sends the cached statements as named prepared statements on a PostgreSQL connection (`pg` parses each
 * name once per connection): the server plans the order record's view and its JSON extras once, not on
 * every scan. Any other statement goes as before. Called for each new connection of the pool.
 */
export function prepareCachedStatements(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) ? preparedNames.get(text) : undefined;
    return name === undefined ? send(text, values, ...rest) : send({ name, text, values });
  }) as typeof client.query;
}
