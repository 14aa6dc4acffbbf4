import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** SQL of sign-in: users by account, captchas, trusted login environments, failures, resets. */
export class AuthRepo {
  constructor(private readonly db: Kysely<DB>) {}

  userByAccount(account: string) {
    return this.db
      .selectFrom('users as u')
      .leftJoin('merchants as m', 'm.id', 'u.merchant_id')
      .select(['u.id', 'u.account', 'u.email', 'u.password_hash as passwordHash', 'u.disabled', 'm.disabled as merchantDisabled'])
      .where('u.account', '=', account)
      .executeTakeFirst();
  }

  userByAccountOrEmail(value: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'account', 'email', 'language', 'disabled'])
      .where((eb) => eb.or([eb('account', '=', value), eb(sql<string>`lower(email)`, '=', value)]))
      .orderBy('id')
      .executeTakeFirst();
  }

  passwordHash(userId: number) {
    return this.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  }

  setPassword(userId: number, passwordHash: string, db: Kysely<DB> = this.db) {
    return db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', userId)
      .execute();
  }

  async insertCaptcha(id: string, answer: string, expiresAt: Date) {
    await this.db.insertInto('captchas').values({ id, answer, expires_at: expiresAt }).execute();
  }

  /** Takes a captcha out of the table: whatever the outcome, it cannot be used again. */
  takeCaptcha(id: string) {
    return this.db.deleteFrom('captchas').where('id', '=', id).returning(['answer', 'expires_at']).executeTakeFirst();
  }

  async purgeExpiredCaptchas() {
    await this.db.deleteFrom('captchas').where('expires_at', '<', new Date()).execute();
  }

  trustedEnv(envId: string, userId: number, notBefore: Date) {
    return this.db
      .selectFrom('login_envs')
      .select('id')
      .where('id', '=', envId)
      .where('user_id', '=', userId)
      .where('last_used_at', '>=', notBefore)
      .executeTakeFirst();
  }

  async upsertEnv(envId: string, userId: number, userAgent: string) {
    await this.db
      .insertInto('login_envs')
      .values({ id: envId, user_id: userId, user_agent: userAgent.slice(0, 500), last_used_at: new Date() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ last_used_at: new Date() }))
      .execute();
  }

  /**
   * Holds sign-in attempts on the same keys until the transaction ends (a transaction-level advisory
   * lock per key, taken in sorted order so two attempts never wait on each other crosswise).
   */
  async lockKeys(trx: Kysely<DB>, keys: string[]) {
    for (const key of [...keys].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }

  /** One failure row per key; answers their ids. */
  async recordFailure(keys: string[], db: Kysely<DB> = this.db): Promise<number[]> {
    const rows = await db
      .insertInto('login_failures')
      .values(keys.map((key) => ({ key, at: new Date() })))
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  async deleteFailures(ids: number[]) {
    if (ids.length) await this.db.deleteFrom('login_failures').where('id', 'in', ids).execute();
  }

  /** Failures of a key since `since`, with the oldest one (to say when the lock ends). */
  failuresSince(key: string, since: Date, db: Kysely<DB> = this.db) {
    return db
      .selectFrom('login_failures')
      .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(at)`.as('oldest')])
      .where('key', '=', key)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
  }

  async clearFailures(key: string) {
    await this.db.deleteFrom('login_failures').where('key', '=', key).execute();
  }

  async insertReset(tokenHash: string, userId: number, expiresAt: Date) {
    await this.db.insertInto('password_resets').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, used_at: null }).execute();
  }

  /** Marks a live reset used and answers its user, or nothing when it is unknown, used or expired. */
  useReset(tokenHash: string, db: Kysely<DB> = this.db) {
    return db
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
  }

  profile(userId: number) {
    return this.db
      .selectFrom('users as u')
      .leftJoin('merchants as m', 'm.id', 'u.merchant_id')
      .select(['u.email', 'u.avatar', 'u.introduction', 'm.name as merchantName'])
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  merchantName(merchantId: number) {
    return this.db.selectFrom('merchants').select(['id', 'name']).where('id', '=', merchantId).executeTakeFirst();
  }

  merchants() {
    return this.db.selectFrom('merchants').select(['id', 'code', 'name']).where('disabled', '=', false).orderBy('code').execute();
  }
}
