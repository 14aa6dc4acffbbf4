import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Tenant scope, applied by one mechanism (architecture rule 5, issue 16 item 6).
 *
 * A `TenantScope` says whose merchant-owned rows a piece of work may touch: one merchant's, or every
 * merchant's. Repositories take a `TenantScope` (never a bare `number | null`) and narrow a query with
 * `whereTenant` (query builder) or `tenantSql` (hand-written SQL, or an expression in a builder);
 * nothing else filters a `merchant_id` column (the lint rule in eslint/layers.mjs fails on it, and
 * `apps/server/test/tenant-scope.test.ts` checks every table with the column is classified in
 * `TENANT_TABLES` (db/tenant-tables.ts)). See docs/contributing.md "Tenant scope".
 */
declare const made: unique symbol;

export interface TenantScope {
  /** Only the factories below make a scope: an object literal does not type-check as one. */
  readonly [made]: true;
  /** The one merchant whose rows may be touched, or null for all merchants. */
  readonly merchantId: number | null;
  /** Why the scope is what it is: `session` (from the caller), `merchant` (bound work), `all` (system work). */
  readonly source: 'session' | 'merchant' | 'all';
}

/** What a session knows about its tenant (the `AuthContext` of http/access.ts has both fields). */
export interface TenantSubject {
  /** The merchant a merchant user belongs to, else null. */
  readonly merchantId: number | null;
  /** The merchant an admin acts for (spec §6 sub-account), else null. */
  readonly subMerchantId: number | null;
}

function make(merchantId: number | null, source: TenantScope['source']): TenantScope {
  return Object.freeze({ merchantId, source }) as unknown as TenantScope;
}

export const TenantScope = {
  /**
   * The scope of a signed-in caller: merchant users are bound to their own merchant; staff see every
   * merchant unless an admin narrowed the session to one sub-account.
   */
  of(auth: TenantSubject): TenantScope {
    return make(auth.merchantId ?? auth.subMerchantId, 'session');
  },
  /**
   * One merchant's rows, for work already bound to that merchant: a record's own merchant (codes of an
   * item are unique per merchant), a filter the caller chose, a job that stored `scope.merchantId` of
   * its creator (`TenantScope.restore`).
   */
  merchant(merchantId: number): TenantScope {
    return make(merchantId, 'merchant');
  },
  /** A scope stored as its merchant id (a job's payload): null means all merchants. */
  restore(merchantId: number | null): TenantScope {
    return merchantId === null ? ALL_MERCHANTS : TenantScope.merchant(merchantId);
  },
  /** Every merchant: system work outside a session (label retries, invariant checks, the seed). */
  get all(): TenantScope {
    return ALL_MERCHANTS;
  },
};

const ALL_MERCHANTS: TenantScope = make(null, 'all');

/** A column that holds the owning merchant: `merchant_id` or `<alias>.merchant_id`. */
export type MerchantColumn = 'merchant_id' | `${string}.merchant_id`;

/** A select, update or delete builder (their `where` is typed per table, so only its shape is named here). */
interface Narrowable {
  where(lhs: MerchantColumn, op: '=', rhs: number): unknown;
}

/**
 * Narrows a query builder to the scope's merchant (nothing for all merchants):
 * `db.selectFrom('stock').selectAll().$call(whereTenant(scope))`, with a column for an alias:
 * `.$call(whereTenant(scope, 's.merchant_id'))`.
 */
export function whereTenant(scope: TenantScope, column: MerchantColumn = 'merchant_id') {
  // The builders' `where` is typed per table; the column is checked by its name's shape and by the suites.
  return <QB extends Narrowable>(qb: QB): QB => (scope.merchantId === null ? qb : (qb.where(column, '=', scope.merchantId) as QB));
}

/**
 * The scope in hand-written SQL, `where ${tenantSql(scope, 'r.merchant_id')} and …`, or as an expression in
 * a builder, `eb.or([eb('r.merchant_id', 'is', null), tenantSql(scope, 'r.merchant_id')])`; `true` for all merchants.
 */
export function tenantSql(scope: TenantScope, column: MerchantColumn = 'merchant_id'): RawBuilder<SqlBool> {
  return scope.merchantId === null ? sql<SqlBool>`true` : sql<SqlBool>`${sql.ref(column)} = ${scope.merchantId}`;
}

/** Whether a row already read (its merchant id) lies within the scope. */
export function tenantAllows(scope: TenantScope, merchantId: number | null | undefined): boolean {
  return scope.merchantId === null || merchantId === scope.merchantId;
}
