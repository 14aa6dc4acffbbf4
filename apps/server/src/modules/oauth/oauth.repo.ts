import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';

const CLIENT_COLUMNS = [
  'c.id',
  'c.client_id as clientId',
  'c.name',
  'c.scopes',
  'c.merchant_id as merchantId',
  'm.name as merchantName',
  'c.disabled',
  'c.last_used_at as lastUsedAt',
  'c.created_at as createdAt',
  'c.version',
] as const;

/** What a client is created with; its service user exists first. */
export interface NewClient {
  clientId: string;
  secretHash: string;
  name: string;
  scopes: string[];
  merchantId: number | null;
  serviceUserId: number;
}

/** SQL of OAuth2 clients (issue 4 §4); their service users are the admin module's (`serviceUsers`). Lists and lookups are narrowed to the tenant scope. */
export class OauthRepo {
  constructor(private readonly db: Kysely<DB>) {}

  private base(scope: TenantScope) {
    return this.db
      .selectFrom('oauth_clients as c')
      .leftJoin('merchants as m', 'm.id', 'c.merchant_id')
      .select([...CLIENT_COLUMNS])
      .$call(whereTenant(scope, 'c.merchant_id'));
  }

  async list(scope: TenantScope) {
    return this.base(scope).orderBy('c.created_at', 'desc').execute();
  }

  async byId(scope: TenantScope, id: number) {
    return this.base(scope).select('c.service_user_id as serviceUserId').where('c.id', '=', id).executeTakeFirst();
  }

  /** The client with its secret hash, for the token endpoint. */
  async byClientId(clientId: string) {
    return this.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  async merchantExists(merchantId: number): Promise<boolean> {
    return !!(await this.db.selectFrom('merchants').select('id').where('id', '=', merchantId).executeTakeFirst());
  }

  async touch(id: number): Promise<void> {
    await this.db
      .updateTable('oauth_clients')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  static async insertClient(trx: Kysely<DB>, client: NewClient): Promise<number> {
    const row = await trx
      .insertInto('oauth_clients')
      .values({
        client_id: client.clientId,
        secret_hash: client.secretHash,
        name: client.name,
        scopes: JSON.stringify(client.scopes),
        merchant_id: client.merchantId,
        service_user_id: client.serviceUserId,
        last_used_at: null,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Changes a client at the version the caller read; false when someone changed it first. */
  static async update(trx: Kysely<DB>, id: number, version: number, changes: { name?: string; scopes?: string[]; disabled?: boolean }): Promise<boolean> {
    const res = await trx
      .updateTable('oauth_clients')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.scopes ? { scopes: JSON.stringify(changes.scopes) } : {}),
        ...(changes.disabled !== undefined ? { disabled: changes.disabled } : {}),
        version: sql`version + 1`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  static async setSecretHash(trx: Kysely<DB>, id: number, secretHash: string): Promise<void> {
    await trx
      .updateTable('oauth_clients')
      .set({ secret_hash: secretHash, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  static async remove(trx: Kysely<DB>, id: number): Promise<void> {
    await trx.deleteFrom('oauth_clients').where('id', '=', id).execute();
  }
}
