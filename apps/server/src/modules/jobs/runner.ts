import { errorText, toLocale } from '@kontor/contracts';
import type { Core } from '../../core.js';
import { AppError } from '../../http/app-error.js';
import { detached } from '../../db/request-transaction.js';
import { newFileId } from '../../lib/crypto.js';
import { JobsRepo } from './jobs.repo.js';
import { jobHandler, RetryableJobError } from './registry.js';

const PROGRESS_EVERY_MS = 250;
const STALE_AFTER_MS = 10 * 60_000;

export interface JobEventPayload {
  id: number;
  kind: string;
  status: string;
  done: number;
  total: number;
  message: string;
}

/**
 * What the user reads about a failed job, in the language the job was asked in: a refusal's own
 * text, else the catalogue's InternalError text. JavaScript messages ("Invalid string length")
 * stay in the log (issue 15 item 5).
 */
export function failureText(err: unknown, payload: unknown): string {
  let locale: unknown;
  try {
    locale = (typeof payload === 'string' ? JSON.parse(payload) : (payload as Record<string, unknown> | null))?.locale;
  } catch {
    locale = undefined;
  }
  const lang = toLocale(String(locale ?? 'en'));
  if (err instanceof AppError) return err.options.detail ?? errorText(err.code, lang, err.options.params);
  return errorText(err instanceof RetryableJobError ? 'Unavailable' : 'InternalError', lang);
}

/**
 * Runs queued jobs in this process, one at a time: claims (SKIP LOCKED, so several processes share
 * the queue), runs the kind's handler with progress and cancellation, stores the result file,
 * retries retryable failures with backoff, and tells the user's sockets at each step.
 */
export class JobRunner {
  private readonly repo: JobsRepo;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private current: AbortController | null = null;

  constructor(private readonly core: Core) {
    this.repo = new JobsRepo(core.db);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.repo.requeueStale(new Date(Date.now() - STALE_AFTER_MS));
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.current?.abort();
    await this.running;
  }

  /** Looks for work now (called on enqueue in this process). */
  wake(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Runs every job that is due, then returns (tests drive the queue with it). */
  async drain(): Promise<void> {
    while (await this.runOne());
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    // A request that enqueues wakes the runner: its jobs must not run inside that request's transaction.
    this.timer = detached(() =>
      setTimeout(() => {
        this.running = this.drain()
          .catch((err: unknown) => this.core.log.error({ err }, 'job runner failed'))
          .finally(() => {
            this.running = null;
            if (!this.stopped) this.schedule(this.core.config.JOB_POLL_MS);
          });
      }, ms),
    );
    this.timer.unref?.();
  }

  private async emit(job: { id: number; kind: string; user_id: number | null }, status: string, done: number, total: number, message = '') {
    if (job.user_id === null) return;
    const event: JobEventPayload = { id: job.id, kind: job.kind, status, done, total, message };
    await this.core.realtime.emitToUser(job.user_id, 'job', event).catch(() => undefined);
  }

  private async runOne(): Promise<boolean> {
    const job = await this.repo.claim(this.core.instanceId);
    if (!job) return false;
    const entry = jobHandler(job.kind);
    if (!entry) {
      await this.repo.fail(job.id, `unknown job kind ${job.kind}`, null);
      await this.emit(job, 'failed', 0, 0);
      return true;
    }
    const controller = new AbortController();
    this.current = controller;
    let lastWrite = 0;
    const progress = async (done: number, total: number, message = '') => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS && done < total) return;
      lastWrite = now;
      const stillRunning = await this.repo.progress(job.id, done, total, message);
      if (!stillRunning) controller.abort();
      else await this.emit(job, 'running', done, total, message);
    };
    await this.emit(job, 'running', 0, 0);
    try {
      const payload = (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as Record<string, unknown>;
      const outcome = await entry.handler({
        jobId: job.id,
        payload,
        userId: job.user_id,
        merchantId: job.merchant_id,
        db: this.core.db,
        core: this.core,
        signal: controller.signal,
        progress,
      });
      if (controller.signal.aborted) return true;
      let fileId: string | null = null;
      if (outcome.file) {
        fileId = newFileId();
        await this.repo.insertFile({ id: fileId, ...outcome.file, userId: job.user_id, merchantId: job.merchant_id });
      }
      await this.repo.finish(job.id, outcome.result, fileId);
      await this.emit(job, 'done', 1, 1);
    } catch (err) {
      if (controller.signal.aborted) return true;
      const retry = err instanceof RetryableJobError && job.attempts < Math.min(job.max_attempts, entry.maxAttempts);
      const message = failureText(err, job.payload).slice(0, 1000);
      await this.repo.fail(job.id, message, retry ? new Date(Date.now() + 1000 * 2 ** job.attempts) : null);
      await this.emit(job, retry ? 'queued' : 'failed', 0, 0, message);
      this.core.log.warn({ jobId: job.id, kind: job.kind, err, retry }, 'job failed');
    } finally {
      this.current = null;
    }
    return true;
  }
}
