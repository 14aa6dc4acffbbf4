import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, DB } from '../../db/types.js';

/** SQL of the audit trail. */
export const AuditRepo = {
  /** Writes one row; run on the change's own transaction. */
  async insert(db: Kysely<DB>, row: Insertable<AuditLogTable>): Promise<void> {
    await db.insertInto('audit_log').values(row).execute();
  },

  async ofRecord(db: Kysely<DB>, entity: string, entityId: string, limit: number) {
    return db.selectFrom('audit_log').selectAll().where('entity', '=', entity).where('entity_id', '=', entityId).orderBy('id', 'desc').limit(limit).execute();
  },
};
