import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** SQL of sessions and of the roles/privileges a session resolves to. No rules here. */
export class SessionRepo {
  constructor(private readonly db: Kysely<DB>) {}

  insert(
    row: {
      tokenHash: string;
      userId: number;
      expiresAt: Date;
      ip: string;
      userAgent: string;
      loginEnvId: string | null;
      scopes?: string[];
      oauthClientId?: number;
    },
    db: Kysely<DB> = this.db,
  ) {
    return db
      .insertInto('sessions')
      .values({
        token_hash: row.tokenHash,
        user_id: row.userId,
        expires_at: row.expiresAt,
        login_ip: row.ip,
        user_agent: row.userAgent.slice(0, 500),
        login_env_id: row.loginEnvId,
        sub_merchant_id: null,
        active_role: null,
        revoked_at: null,
        revoke_reason: null,
        scopes: row.scopes ? JSON.stringify(row.scopes) : null,
        oauth_client_id: row.oauthClientId ?? null,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  findLiveByHash(tokenHash: string) {
    return this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('merchants as m', 'm.id', 'u.merchant_id')
      .select([
        's.id as sessionId',
        's.created_at as createdAt',
        's.last_seen_at as lastSeenAt',
        's.expires_at as expiresAt',
        's.login_ip as loginIp',
        's.sub_merchant_id as subMerchantId',
        's.active_role as activeRole',
        's.scopes',
        'u.id as userId',
        'u.account',
        'u.name',
        'u.type',
        'u.merchant_id as merchantId',
        'u.print_shipment as printShipment',
        'u.language',
        'u.disabled',
        'm.disabled as merchantDisabled',
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async roleNamesAndPrivileges(userId: number) {
    const rows = await this.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .leftJoin('role_privileges as rp', 'rp.role_id', 'r.id')
      .select(['r.name', 'rp.privilege'])
      .where('ur.user_id', '=', userId)
      .execute();
    return rows;
  }

  touch(sessionId: number, at: Date) {
    return this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  async revoke(sessionId: number, reason: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()`, revoke_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes a user's live sessions, except one; answers the ids revoked. */
  async revokeUser(userId: number, reason: string, exceptSessionId?: number, db: Kysely<DB> = this.db): Promise<number[]> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()`, revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
    const rows = await q.returning('id').execute();
    return rows.map((r) => r.id);
  }

  setSubMerchant(sessionId: number, merchantId: number | null) {
    return this.db.updateTable('sessions').set({ sub_merchant_id: merchantId }).where('id', '=', sessionId).execute();
  }

  setActiveRole(sessionId: number, role: string | null) {
    return this.db.updateTable('sessions').set({ active_role: role }).where('id', '=', sessionId).execute();
  }
}
