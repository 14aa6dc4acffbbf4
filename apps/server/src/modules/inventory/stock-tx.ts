import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import type { TenantScope } from '../../db/tenant-scope.js';

/** Who changes stock: the user for the ledger, and the merchant scope of the session (null = all). */
export interface Actor {
  userId: number | null;
  merchantScope: TenantScope;
}

const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Runs a stock transaction, retrying a few times when PostgreSQL picks it as a deadlock or
 * serialisation victim: the work is all-or-nothing, so a retry is safe and the user never sees it.
 */
export async function stockTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return retryingStatement(() => db.transaction().execute(work));
}

/** Runs one atomic unit of work (a transaction or a single statement), retrying deadlock victims. */
export async function retryingStatement<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}
