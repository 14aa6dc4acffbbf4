import type { Kysely } from 'kysely';
import { camelColumns } from '../../db/camel-columns.js';
import type { DB } from '../../db/types.js';
import { updateIfVersion } from './versioned-update.repo.js';
import { TenantScope, whereTenant } from '../../db/tenant-scope.js';

/** SQL of merchants (the tenants). */
export class MerchantsRepo {
  constructor(private readonly db: Kysely<DB>) {}

  private base(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('merchants')
      .select(
        camelColumns('merchants', [
          'id',
          'code',
          'name',
          'email',
          'phone',
          'address',
          'currency',
          'settings',
          'disabled',
          'created_at',
          'updated_at',
          'version',
        ]),
      );
  }

  list(scope: TenantScope) {
    let query = this.base().orderBy('code');
    if (scope.merchantId !== null) query = query.where('id', '=', scope.merchantId);
    return query.execute();
  }

  get(id: number, db: Kysely<DB> = this.db) {
    return this.base(db).where('id', '=', id).executeTakeFirst();
  }

  byCode(code: string) {
    return this.db.selectFrom('merchants').select('id').where('code', '=', code).executeTakeFirst();
  }

  insert(db: Kysely<DB>, row: { code: string; name: string; email: string; phone: string; address: unknown; currency: 'EUR' | 'USD'; settings: unknown }) {
    return db
      .insertInto('merchants')
      .values({ ...row, address: JSON.stringify(row.address), settings: JSON.stringify(row.settings), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  update(db: Kysely<DB>, id: number, version: number, set: Record<string, unknown>) {
    return updateIfVersion(db, 'merchants', id, version, set);
  }

  userIds(merchantId: number) {
    return this.db
      .selectFrom('users')
      .select('id')
      .$call(whereTenant(TenantScope.merchant(merchantId)))
      .execute();
  }
}
