import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../../db/types.js';
import type { TenantScope } from '../../db/tenant-scope.js';
import type { ResourceDef } from './define.js';
import { ResourceRepo, type ListConditions, type ListQuery, type RecordExtras, type RecordPrelude, type RecordWith } from './resource.repo.js';

/**
 * A declared resource as other modules' services read and write it (issue 16 item 2): a record as the
 * list shows it (for audit before/after and details), a page, and the plain insert of an import. The
 * repository behind it stays inside the resources module.
 */
export class ResourceView {
  private readonly repo: ResourceRepo;
  /** The list's conditions (merchant scope, search, filters), for a repository that aggregates the same rows. */
  readonly conditions: ListConditions;

  constructor(db: Kysely<DB>, def: ResourceDef) {
    this.repo = new ResourceRepo(db, def);
    this.conditions = (builder, query) => this.repo.where(builder, query);
  }

  /** The record with the list's fields, within the scope; null when it is not there. */
  get(id: number, merchantScope: TenantScope, trx?: Kysely<DB>): Promise<Record<string, unknown> | null> {
    return this.repo.get(id, merchantScope, trx);
  }

  /**
   * The same with named values read in the same statement: a service that answers the record with more
   * (the original clients' order JSON) pays one round trip, not one per part; `prelude` is a write sent
   * in the same statement, before the read; the id is a value or SQL (the prelude's lookup).
   */
  getWith(id: number | RawBuilder<number>, merchantScope: TenantScope, extra: RecordExtras, prelude?: RecordPrelude): Promise<RecordWith | null> {
    return this.repo.getWith(id, merchantScope, extra, prelude);
  }

  list(query: ListQuery) {
    return this.repo.list(query);
  }

  /** Column values of a validated record: JSON fields as JSON text. */
  toColumns(values: Record<string, unknown>): Record<string, unknown> {
    return this.repo.toColumns(values);
  }

  insert(trx: Kysely<DB>, columns: Record<string, unknown>): Promise<number> {
    return this.repo.insert(trx, columns);
  }
}
