import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The SQL of service users: users that own an OAuth2 client's tokens and audit rows, never signing in with a password. */
export const serviceUsersRepo = {
  async insert(trx: Kysely<DB>, user: { account: string; name: string; passwordHash: string; type: number; merchantId: number | null }): Promise<number> {
    const row = await trx
      .insertInto('users')
      .values({
        account: user.account,
        name: user.name,
        password_hash: user.passwordHash,
        type: user.type,
        merchant_id: user.merchantId,
        language: null,
        print_station_user_id: null,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async disable(trx: Kysely<DB>, id: number): Promise<void> {
    await trx.updateTable('users').set({ disabled: true, updated_at: new Date() }).where('id', '=', id).execute();
  },
};
