import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { AuditRepo } from './audit.repo.js';
import { TenantScope } from '../../db/tenant-scope.js';

const SECRET_KEYS = new Set(['password_hash', 'passwordHash', 'password', 'secret']);

/** Copies a record for the audit trail without secrets. */
function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value ?? null;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}

/** One audit row per change, written in the change's own transaction (who, when, before, after). */
export async function audit(
  db: Kysely<DB>,
  auth: AuthContext,
  action: 'create' | 'update' | 'delete' | 'password',
  entity: string,
  entityId: number | string,
  before: unknown,
  after: unknown,
) {
  await AuditRepo.insert(db, {
    user_id: auth.userId,
    merchant_id: auth.merchantId ?? auth.subMerchantId,
    action,
    entity,
    entity_id: String(entityId),
    before: before === null ? null : JSON.stringify(redact(before)),
    after: after === null ? null : JSON.stringify(redact(after)),
  });
}

/** The audit trail of one record, newest first. */
export async function auditTrail(db: Kysely<DB>, auth: AuthContext, query: { entity: string; entityId: string; l: number }) {
  // The audit log spans every tenant: a session bound to one merchant never reads it (architecture rule 5).
  if (TenantScope.of(auth).merchantId !== null) throw new AppError('NoPermission');
  return AuditRepo.ofRecord(db, query.entity, query.entityId, query.l);
}
