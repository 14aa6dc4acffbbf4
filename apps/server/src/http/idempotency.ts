import { createHash } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Kysely } from 'kysely';
import { idempotencyKeys } from '../db/idempotency-keys.repo.js';
import type { DB } from '../db/types.js';
import { inRequestTransaction } from '../db/request-transaction.js';
import { AppError, ruleError } from './app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes `Idempotency-Key` (architecture rule 8, issue 15 item 6): a call a client may
     * retry after a lost answer (every stock change, every record a scanner or client creates).
     */
    idempotent?: boolean;
  }
}

/**
 * Runs one atomic unit of work again when the database picks it as a deadlock victim. Given by the
 * caller (app.ts passes the ledger's `retryingStatement`), so http/ depends on no module.
 */
export type Retry = <T>(work: () => Promise<T>) => Promise<T>;

/** Raised inside the transaction when the key is already taken: rolls back, then the stored answer is read. */
class Replay extends Error {}

/** The route a request runs, for the ledger's check that stock changes only through idempotent routes. */
const currentRoute = new AsyncLocalStorage<{ route: string; idempotent: boolean }>();

/**
 * Stock changes only through a route that takes `Idempotency-Key` (or outside any request: jobs,
 * timers, sockets). Called by the ledger; a route that changes stock without the declaration fails
 * loudly in its first test instead of booking twice on a client's retry.
 */
export function assertStockChangeRetrySafe(): void {
  const current = currentRoute.getStore();
  if (current && !current.idempotent)
    throw new Error(`${current.route} changes stock but does not declare config.idempotent (architecture rule 8: every stock change takes an Idempotency-Key)`);
}

/** What a key is bound to: the call (method, path, query) and its body; the same key for another call is refused. */
function scopeOf(request: FastifyRequest): string {
  const [path] = request.url.split('?');
  const { x_token: _token, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const digest = createHash('sha256')
    .update(JSON.stringify([query, request.body ?? null]))
    .digest('base64url');
  return `${request.method} ${path} ${digest}`;
}

/**
 * Runs a route's handler for a request carrying `Idempotency-Key`: the key, the handler's whole work
 * (every service transaction joins one, db/request-transaction.ts) and its answer are written in one
 * transaction. A request repeating the key gets the stored answer and changes nothing: on PostgreSQL
 * a concurrent twin waits on the key's row until the first commits, then replays it. A failed first
 * attempt rolls its key back with its work, so resending after an error runs again. A key reused for
 * another call is refused.
 */
async function keyed(db: Kysely<DB>, retry: Retry, request: FastifyRequest, handler: () => Promise<unknown>): Promise<unknown> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !request.auth) return handler();
  if (key.length < 1 || key.length > 100)
    throw new AppError('IntegrityError', { fields: [ruleError('Idempotency-Key', 'lengthBetween', { min: 1, max: 100 })] });
  const userId = request.auth.userId;
  const scope = scopeOf(request);
  try {
    return await retry(() =>
      inRequestTransaction(db as Kysely<unknown>, async (trx) => {
        const keyTrx = trx as Kysely<DB>;
        if (!(await idempotencyKeys.claim(keyTrx, userId, key, scope))) throw new Replay();
        const answer = await handler();
        await idempotencyKeys.storeAnswer(keyTrx, userId, key, answer);
        await idempotencyKeys.dropExpired(keyTrx, userId);
        return answer;
      }),
    );
  } catch (error) {
    if (!(error instanceof Replay)) throw error;
    const row = await idempotencyKeys.stored(db, userId, key);
    if (!row || row.scope !== scope) throw new AppError('IdempotencyKeyReused', { fields: [{ field: 'Idempotency-Key', message: key }] });
    return typeof row.response === 'string' ? JSON.parse(row.response) : row.response;
  }
}

/**
 * The one idempotency mechanism: every `/v0/` route runs knowing its declaration, and a route with
 * `config.idempotent` honours `Idempotency-Key`. Its handler must answer by returning its envelope
 * (the stored answer is what a retry gets), not by sending on the reply.
 */
export function installIdempotency(app: FastifyInstance, db: Kysely<DB>, retry: Retry): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/v0/')) return;
    const idempotent = route.config?.idempotent === true;
    const label = `${String(route.method)} ${url}`;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      const run = async () => {
        const answer = await handler.call(this, request, reply);
        if (idempotent && answer === reply) throw new Error(`${label} declares idempotent but answers on the reply; return the envelope instead`);
        return answer;
      };
      return currentRoute.run({ route: label, idempotent }, () => (idempotent ? keyed(db, retry, request, run) : handler.call(this, request, reply)));
    };
  });
}
