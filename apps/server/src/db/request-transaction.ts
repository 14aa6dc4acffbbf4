import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, sql, type DatabaseConnection, type Dialect, type Driver, type Kysely, type TransactionSettings } from 'kysely';

/**
 * One transaction around a whole request (issue 15 item 6: an idempotent call stores its answer in
 * the same transaction as its work, whatever service code it runs).
 *
 * Services open their own transactions on the pool (`db.transaction()`, `stockTransaction`) and read
 * through the pool between them. Inside `inRequestTransaction`, the driver below lends every one of
 * them the request's connection: a plain query runs in the request's transaction, a service's own
 * transaction becomes a savepoint in it (so a service that catches a failed step still sees it rolled
 * back), and only the outermost commit is real. Outside it, nothing changes.
 */
interface Joined {
  /** The request's connection, taken from the pool when the request's transaction begins. */
  connection: DatabaseConnection | null;
  /** True while the request's transaction is open: every query of the request runs on its connection. */
  open: boolean;
  /** Savepoints of the nested transactions now open (one at a time, see `turn`). */
  savepoints: string[];
  /** Nested transactions take turns on the one connection, so their savepoints never interleave. */
  turn: Promise<void>;
  releaseTurn: Array<() => void>;
  serial: number;
  /** Work to run once the request's transaction has committed (notices, mail). */
  afterCommit: Array<() => Promise<void>>;
}

const joined = new AsyncLocalStorage<Joined>();

const lent = (connection: DatabaseConnection): Joined | null => {
  const store = joined.getStore();
  return store?.open && store.connection === connection ? store : null;
};

/**
 * A driver that lends the request's connection to everything run inside `inRequestTransaction`. The
 * request's own BEGIN and COMMIT are sent by `inRequestTransaction` itself, so every transaction the
 * driver is asked to begin on the lent connection is a nested one: a savepoint.
 */
class JoiningDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const store = joined.getStore();
    if (store?.open && store.connection) return store.connection;
    const connection = await this.inner.acquireConnection();
    // The first connection taken inside `inRequestTransaction` is the request's.
    if (store && !store.connection) store.connection = connection;
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const owner = lent(connection);
    if (!owner) return this.inner.beginTransaction(connection, settings);
    const previous = owner.turn;
    let release!: () => void;
    owner.turn = new Promise<void>((resolve) => (release = resolve));
    await previous;
    owner.releaseTurn.push(release);
    const name = `kontor_nested_${++owner.serial}`;
    owner.savepoints.push(name);
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const owner = lent(connection);
    if (!owner) return this.inner.commitTransaction(connection);
    const name = owner.savepoints.pop();
    try {
      if (name) await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
    } finally {
      owner.releaseTurn.pop()?.();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const owner = lent(connection);
    if (!owner) return this.inner.rollbackTransaction(connection);
    const name = owner.savepoints.pop();
    try {
      if (name) {
        await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
        await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
      }
    } finally {
      owner.releaseTurn.pop()?.();
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // The lent connection goes back to the pool only when the request's transaction has ended.
    if (lent(connection)) return;
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Wraps a dialect so that `inRequestTransaction` can join service transactions into one. */
export function joiningDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new JoiningDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/**
 * Runs `work` and everything it calls in one transaction on `db` (a Kysely built on `joiningDialect`):
 * the transactions it opens become savepoints, the transaction commits when `work` has answered (after
 * any nested transaction still running has ended) and rolls back when it throws. Work registered with
 * `afterCommit` runs after the commit, not on a rollback.
 */
export async function inRequestTransaction<T>(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<T>): Promise<T> {
  const store: Joined = { connection: null, open: false, savepoints: [], turn: Promise.resolve(), releaseTurn: [], serial: 0, afterCommit: [] };
  const answer = await joined.run(store, () =>
    db.connection().execute(async (trx) => {
      await sql`begin`.execute(trx);
      store.open = true;
      try {
        const result = await work(trx);
        await store.turn;
        await sql`commit`.execute(trx);
        return result;
      } catch (error) {
        await store.turn;
        // A failed rollback (a broken connection) must not hide why the work failed.
        await sql`rollback`.execute(trx).catch(() => undefined);
        throw error;
      } finally {
        store.open = false;
      }
    }),
  );
  await joined.exit(async () => {
    for (const task of store.afterCommit) await task();
  });
  return answer;
}

/** Runs `task` once the request's transaction has committed; at once when there is none. */
export async function afterCommit(task: () => Promise<void>): Promise<void> {
  const store = joined.getStore();
  if (store?.open) store.afterCommit.push(task);
  else await task();
}

/** Runs `task` outside any request transaction (background work started by a request: the job runner). */
export function detached<T>(task: () => T): T {
  return joined.exit(task);
}
