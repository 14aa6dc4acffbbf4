import { errorText } from '@kontor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandler, RetryableJobError } from '../src/modules/jobs/registry.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let staff: string;
let flakyRuns = 0;

beforeAll(async () => {
  registerJobHandler('test.crash', async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'x')");
  });
  registerJobHandler('test.flaky', async ({ progress }) => {
    flakyRuns++;
    await progress(1, 2, 'half');
    if (flakyRuns < 2) throw new RetryableJobError('carrier down');
    return { result: { ok: true } };
  });
  registerJobHandler(
    'test.broken',
    async () => {
      throw new RetryableJobError('still down');
    },
    { maxAttempts: 2 },
  );
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
  staff = await t.login('staff@demo.local');
});
afterAll(async () => {
  await t?.close();
});

const runner = () => t.core.jobs!.runner!;
/** Makes retried jobs due at once instead of after their backoff. */
const dueNow = () =>
  t.core.db
    .updateTable('jobs')
    .set({ run_after: new Date(Date.now() - 1000) })
    .where('status', '=', 'queued')
    .execute();

describe('background jobs', () => {
  it('exports the mail outbox as a CSV result that only its owner can download', async () => {
    await t.core.mailer.send({ to: 'ops@demo.local', subject: 'Grüße, 你好', body: 'x' });
    const queued = await t.call({ method: 'POST', url: '/v0/mail/outbox/export', token: admin });
    expect(queued.body.code).toBe('OK');
    expect(queued.body.data.status).toBe('queued');
    await runner().drain();
    const job = (await t.call({ method: 'GET', url: `/v0/jobs/${queued.body.data.id}`, token: admin })).body.data;
    expect(job).toMatchObject({ status: 'done', attempts: 1, result: { rows: 1 } });
    expect(job.done).toBe(job.total);
    const file = await t.call({ method: 'GET', url: job.resultUrl, token: admin });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('text/csv');
    expect(String(file.headers['content-disposition'])).toMatch(/attachment; filename="mail-outbox-/);
    expect(String(file.body)).toContain('Grüße, 你好');
    expect((await t.call({ method: 'GET', url: `/v0/jobs/${job.id}`, token: staff })).body.code).toBe('NotFound');
    expect((await t.call({ method: 'GET', url: job.resultUrl, token: staff })).body.code).toBe('NotFound');
    const mine = (await t.call({ method: 'GET', url: '/v0/jobs/', token: admin })).body.data;
    expect(mine[0].id).toBe(job.id);
  });

  it('refuses the export without the privilege', async () => {
    expect((await t.call({ method: 'POST', url: '/v0/mail/outbox/export', token: staff })).body.code).toBe('NoPermission');
  });

  it('retries a retryable failure and then succeeds', async () => {
    const job = await t.core.jobs!.enqueue('test.flaky', {}, { userId: null, merchantId: null });
    await runner().drain();
    let row = await t.core.jobs!.repo.get(job.id);
    // The user reads the catalogue's text in the job's language, not the developer's message.
    expect(row).toMatchObject({ status: 'queued', error: errorText('Unavailable', 'en'), attempts: 1 });
    await dueNow();
    await runner().drain();
    row = await t.core.jobs!.repo.get(job.id);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails for good after the allowed attempts, keeping a translated error', async () => {
    const job = await t.core.jobs!.enqueue('test.broken', {}, { userId: null, merchantId: null });
    await runner().drain();
    await dueNow();
    await runner().drain();
    const row = await t.core.jobs!.repo.get(job.id);
    expect(row).toMatchObject({ status: 'failed', error: errorText('Unavailable', 'en'), attempts: 2 });
  });

  it('stores a translated message, never a JavaScript error, when a job crashes (issue 15 item 5)', async () => {
    const job = await t.core.jobs!.enqueue('test.crash', { locale: 'de' }, { userId: null, merchantId: null });
    await runner().drain();
    const row = await t.core.jobs!.repo.get(job.id);
    expect(row).toMatchObject({ status: 'failed', error: errorText('InternalError', 'de') });
    expect(row!.error).not.toContain('Cannot read properties');
  });

  it('cancels a queued job; a finished one cannot be canceled', async () => {
    const user = await t.core.db.selectFrom('users').select('id').where('account', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    const job = await t.core.jobs!.enqueue('mail.outbox.export', {}, { userId: user.id, merchantId: null });
    const canceled = await t.call({ method: 'POST', url: `/v0/jobs/${job.id}/cancel`, token: admin });
    expect(canceled.body.data.status).toBe('canceled');
    await runner().drain();
    expect((await t.core.jobs!.repo.get(job.id))!.status).toBe('canceled');
    expect((await t.call({ method: 'POST', url: `/v0/jobs/${job.id}/cancel`, token: admin })).body.code).toBe('InvalidState');
    expect((await t.call({ method: 'GET', url: '/v0/jobs/abc', token: admin })).body.code).toBe('IntegrityError');
    expect((await t.call({ method: 'GET', url: '/v0/jobs/999999', token: admin })).body.code).toBe('NotFound');
  });

  it('never hands one job to two runners', async () => {
    const job = await t.core.jobs!.enqueue('test.flaky', {}, { userId: null, merchantId: null });
    const [first, second] = await Promise.all([t.core.jobs!.repo.claim('a'), t.core.jobs!.repo.claim('b')]);
    const claimed = [first, second].filter((j) => j?.id === job.id);
    expect(claimed).toHaveLength(1);
  });
});
