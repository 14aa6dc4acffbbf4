import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';

export interface JobContext {
  jobId: number;
  payload: Record<string, unknown>;
  userId: number | null;
  merchantId: number | null;
  db: Kysely<DB>;
  core: Core;
  signal: AbortSignal;
  /** Reports progress; throttled to the database and pushed to the user's sockets. */
  progress(done: number, total: number, message?: string): Promise<void>;
}

export interface JobOutcome {
  result?: unknown;
  file?: { name: string; mime: string; data: Buffer };
}

export type JobHandler = (ctx: JobContext) => Promise<JobOutcome>;

/** An error a handler throws when repeating the job may succeed (a carrier or mail server was down). */
export class RetryableJobError extends Error {}

const handlers = new Map<string, { handler: JobHandler; maxAttempts: number }>();

/** Modules register their job kinds once at start-up (imports, exports, batch work). */
export function registerJobHandler(kind: string, handler: JobHandler, options: { maxAttempts?: number } = {}): void {
  handlers.set(kind, { handler, maxAttempts: options.maxAttempts ?? 3 });
}

export function jobHandler(kind: string) {
  return handlers.get(kind);
}
