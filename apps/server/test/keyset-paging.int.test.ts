import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Lists paged by (time, id) (architecture rule 9; db/keyset.ts): rows that share a time to the
 * microsecond, as rows made in one transaction do, are each listed once, with none skipped at a page
 * boundary. The rows are made through the API; only their creation time is set to one instant (the
 * API cannot make several in one transaction), with microseconds a millisecond cursor cannot hold.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
});
afterAll(async () => {
  await t?.close();
});

const SAME_TIME = '2026-03-04T05:06:07.123456Z';
const ADDRESS = { name1: 'Gate Sender GmbH', street: 'Hafenstraße', streetNumber: '1', zip: '20457', city: 'Hamburg', country: 'DE' };

async function created(url: string, payload: Record<string, unknown>): Promise<number> {
  const body = (await t.call({ method: 'POST', url, token: admin, payload: payload as never })).body;
  expect(body.code, JSON.stringify(body.error)).toBe('OK');
  return body.data.id as number;
}

/** Sets the rows' creation time to one instant with microseconds. */
async function sameTime(table: 'gate_users' | 'lookups' | 'mail_outbox' | 'users', ids: number[]): Promise<void> {
  await sql`update ${sql.table(table)} set created_at = ${SAME_TIME}::timestamptz where id in (${sql.join(ids)})`.execute(t.core.db);
}

/** Every id the list answers, page by page of `l` rows, following `next` until it is empty. */
async function pageThrough(url: string, l: number): Promise<number[]> {
  const ids: number[] = [];
  let o: string | null = null;
  for (let page = 0; page < 50; page++) {
    const separator = url.includes('?') ? '&' : '?';
    const body: { code: string; data: { data: Array<{ id: number }>; next: string | null } } = (
      await t.call({ method: 'GET', url: `${url}${separator}l=${l}${o ? `&o=${encodeURIComponent(o)}` : ''}`, token: admin })
    ).body;
    expect(body.code).toBe('OK');
    ids.push(...body.data.data.map((row: { id: number }) => row.id));
    o = body.data.next;
    if (!o) return ids;
  }
  throw new Error(`${url} did not end within 50 pages`);
}

const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);

describe('keyset paging over rows with the same creation time', () => {
  it('lists every gate user once, newest first by id within the instant', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await created('/v0/carriergate/users', { company: `Keyset ${i}`, address: ADDRESS, carriers: ['dpd'] }));
    await sameTime('gate_users', ids);
    const listed = await pageThrough('/v0/carriergate/users?q=Keyset', 2);
    expect(listed).toEqual(newestFirst(ids));
    for (const l of [1, 3, 7]) expect(await pageThrough('/v0/carriergate/users?q=Keyset', l), `l=${l}`).toEqual(newestFirst(ids));
  });

  it('lists every user once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await created('/v0/users/', { account: `keyset-${i}@demo.local`, name: 'Keyset Person', type: 110, roles: ['employee'], password: 'secret-pass-1' }),
      );
    await sameTime('users', ids);
    expect(await pageThrough('/v0/users/?q=keyset-', 2)).toEqual(newestFirst(ids));
  });

  it('lists every row of a generic resource once by creation time, in both directions', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await created('/v0/lookup/', { key: `keyset-${i}`, class: 0, type: 77 }));
    await sameTime('lookups', ids);
    expect(await pageThrough('/v0/lookup/?type=77&s=createdAt&d=desc', 2)).toEqual(newestFirst(ids));
    expect(await pageThrough('/v0/lookup/?type=77&s=createdAt&d=asc', 2)).toEqual([...ids].sort((a, b) => a - b));
    expect(await pageThrough('/v0/lookup/?type=77', 4)).toEqual(newestFirst(ids));
  });

  it('lists every mail of the outbox once', async () => {
    for (let i = 0; i < 5; i++) {
      const captcha = (await t.call({ method: 'GET', url: '/v0/captcha/' })).body.data as { id: string };
      const asked = await t.call({ method: 'POST', url: '/v0/auth/resetPassword', payload: { email: 'staff@demo.local', xxs: captcha.id, captcha: CAPTCHA } });
      expect(asked.body.code).toBe('OK');
    }
    const mails = await t.core.db.selectFrom('mail_outbox').select('id').execute();
    const ids = mails.map((m) => Number(m.id));
    expect(ids.length).toBeGreaterThanOrEqual(5);
    await sameTime('mail_outbox', ids);
    expect(await pageThrough('/v0/mail/outbox', 2)).toEqual(newestFirst(ids));
  });

  it('still takes a plain ISO time as the cursor, as the original clients send it', async () => {
    const body = (await t.call({ method: 'GET', url: `/v0/lookup/?type=77&l=10&o=${encodeURIComponent('2026-03-04T05:06:08.000Z')}`, token: admin })).body;
    expect(body.data.data).toHaveLength(6);
    const later = (await t.call({ method: 'GET', url: `/v0/carriergate/users?q=Keyset&o=${encodeURIComponent('2026-03-04T05:06:07.000Z')}`, token: admin }))
      .body;
    expect(later.data.data).toHaveLength(0);
  });
});
