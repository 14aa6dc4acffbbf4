import type { Job } from '@kontor/contracts/domains/jobs';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { JobsRepo } from './jobs.repo.js';
import { jobHandler } from './registry.js';
import type { JobRunner } from './runner.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

type JobRow = NonNullable<Awaited<ReturnType<JobsRepo['get']>>>;

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as Job['status'],
    done: row.progress_done,
    total: row.progress_total,
    message: row.message,
    error: row.error,
    attempts: row.attempts,
    resultUrl: row.result_file_id ? `/v0/jobs/${row.id}/result` : null,
    result: (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/** Enqueuing and reading jobs; a user sees only their own (admins with sys.jobs.all see all). */
export class JobsService {
  readonly repo: JobsRepo;
  runner: JobRunner | null = null;

  constructor(private readonly core: Core) {
    this.repo = new JobsRepo(core.db);
  }

  /** Queues a job; `runAfter` delays it (a publication at a set time). */
  async enqueue(
    kind: string,
    payload: Record<string, unknown>,
    owner: { userId: number | null; merchantId: number | null },
    options: { runAfter?: Date } = {},
  ): Promise<Job> {
    const entry = jobHandler(kind);
    if (!entry) throw new Error(`no handler for job kind ${kind}`);
    const row = await this.repo.insert({
      kind,
      payload,
      userId: owner.userId,
      merchantId: owner.merchantId,
      maxAttempts: entry.maxAttempts,
      runAfter: options.runAfter,
    });
    this.runner?.wake();
    return toJob(row as JobRow);
  }

  /** The user's own jobs, newest first; `kind` narrows to one kind (the export jobs screen keeps more of them). */
  async list(auth: AuthContext, kind?: string, limit = 50): Promise<Job[]> {
    return (await this.repo.listForUser(auth.userId, limit, kind)).map(toJob);
  }

  /** The caller's own job; `sys.jobs.all` widens that to every job of the caller's tenant scope, never beyond it. */
  private async own(auth: AuthContext, id: number): Promise<JobRow> {
    const row = await this.repo.get(id);
    const scope = TenantScope.of(auth);
    const all = auth.privileges.has('sys.jobs.all') && tenantAllows(scope, row?.merchant_id);
    if (!row || (row.user_id !== auth.userId && !all)) throw new AppError('NotFound');
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<Job> {
    return toJob(await this.own(auth, id));
  }

  async cancel(auth: AuthContext, id: number): Promise<Job> {
    await this.own(auth, id);
    if (!(await this.repo.cancel(id))) throw new AppError('InvalidState');
    return toJob((await this.repo.get(id))!);
  }

  async resultFile(auth: AuthContext, id: number) {
    const row = await this.own(auth, id);
    const file = row.result_file_id ? await this.repo.file(row.result_file_id) : undefined;
    if (!file) throw new AppError('NotFound');
    return file;
  }
}
