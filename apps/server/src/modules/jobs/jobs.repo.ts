import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/types.js';

/** SQL of the job queue. Claiming uses FOR UPDATE SKIP LOCKED, so processes never take one job twice. */
export class JobsRepo {
  constructor(private readonly db: Kysely<DB>) {}

  insert(job: { kind: string; payload: Record<string, unknown>; userId: number | null; merchantId: number | null; maxAttempts: number; runAfter?: Date }) {
    return this.db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        user_id: job.userId,
        merchant_id: job.merchantId,
        max_attempts: job.maxAttempts,
        run_after: job.runAfter ?? new Date(),
        updated_at: new Date(),
        result: null,
        result_file_id: null,
        error: null,
        locked_by: null,
        locked_at: null,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async claim(instanceId: string) {
    const result = await sql<Selectable<DB['jobs']>>`
      update jobs set status = 'running', locked_by = ${instanceId}, locked_at = now(), attempts = attempts + 1, updated_at = now()
      where id = (
        select id from jobs where status = 'queued' and run_after <= now()
        order by id limit 1 for update skip locked
      )
      returning *`.execute(this.db);
    return result.rows[0] ?? null;
  }

  /** Records progress; answers false when the job is no longer running (canceled meanwhile). */
  async progress(id: number, done: number, total: number, message: string): Promise<boolean> {
    const row = await this.db
      .updateTable('jobs')
      .set({ progress_done: done, progress_total: total, message: message.slice(0, 500), updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }

  finish(id: number, result: unknown, fileId: string | null) {
    return this.db
      .updateTable('jobs')
      .set({
        status: 'done',
        result: result === undefined ? null : JSON.stringify(result),
        result_file_id: fileId,
        finished_at: new Date(),
        updated_at: new Date(),
        locked_by: null,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  fail(id: number, error: string, retryAt: Date | null) {
    return this.db
      .updateTable('jobs')
      .set(
        retryAt
          ? { status: 'queued', error, run_after: retryAt, locked_by: null, updated_at: new Date() }
          : { status: 'failed', error, finished_at: new Date(), locked_by: null, updated_at: new Date() },
      )
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Jobs whose process died while running them go back to the queue. */
  async requeueStale(olderThan: Date): Promise<number> {
    const rows = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_by: null, updated_at: new Date() })
      .where('status', '=', 'running')
      .where('locked_at', '<', olderThan)
      .returning('id')
      .execute();
    return rows.length;
  }

  get(id: number) {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listForUser(userId: number, limit: number, kind?: string) {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  cancel(id: number) {
    return this.db
      .updateTable('jobs')
      .set({ status: 'canceled', finished_at: new Date(), updated_at: new Date(), locked_by: null })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .returning('id')
      .executeTakeFirst();
  }

  insertFile(file: { id: string; name: string; mime: string; data: Buffer; userId: number | null; merchantId: number | null }) {
    return this.db
      .insertInto('files')
      .values({
        id: file.id,
        kind: 'job',
        name: file.name,
        mime: file.mime,
        size: file.data.length,
        data: file.data,
        owner_user_id: file.userId,
        merchant_id: file.merchantId,
        deleted_at: null,
      })
      .execute();
  }

  file(id: string) {
    return this.db
      .selectFrom('files')
      .select(['id', 'name', 'mime', 'data', 'owner_user_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}
