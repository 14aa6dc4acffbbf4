import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';

/** How a field is stored and read back; the same value shape on PGlite and PostgreSQL. */
export type FieldKind = 'text' | 'int' | 'decimal' | 'bool' | 'date' | 'datetime' | 'json';

export interface ResourceField {
  kind: FieldKind;
  /** Column name; the field id in snake_case by default. */
  column?: string;
  /** Matched by `q` (case-insensitive contains). Text fields only. */
  search?: boolean;
  /** Accepted as a list filter: `field=value` (comma list for several), ranges `from..to` for dates and numbers. */
  filter?: boolean;
  /** Offered as list sort (`s`); the column must be NOT NULL so the keyset cursor is exact. */
  sort?: boolean;
}

/**
 * One declaration per simple record type (issue 4 §2): it yields list, get, create, update and delete
 * routes under `path` with validation, tenant scope, permission checks, optimistic concurrency and
 * an audit record of every change. Bespoke modules keep their own routes.
 */
export interface ResourceDef {
  /** Entity name in the audit log and the OpenAPI tag. */
  name: string;
  /** Route prefix ending in `/`, e.g. `/v0/lookup/`. */
  path: string;
  table: string;
  /** `merchant`: rows carry merchant_id and a session sees only its merchant's; `global`: shared. */
  scope: 'global' | 'merchant';
  privileges: { list: string; read?: string; create: string; update: string; delete: string };
  /** A read model (a view such as the stock list or the ledger): list, get and export only. */
  readOnly?: boolean;
  fields: Record<string, ResourceField>;
  /**
   * Fields whose column is NOT NULL (a declared, system or scope field): the answers' schema says they are
   * never null, so the web can type them without `| null`. Others are nullable on the wire. The response
   * check of the API suites fails when a row breaks this.
   */
  notNull?: readonly string[];
  /** Create body; updates take any part of it plus `version`. */
  write: z.ZodType<Record<string, unknown>>;
  /** Partial form of `write` for updates (zod cannot make a refined object partial on its own). */
  patch?: z.ZodType<Record<string, unknown>>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Field groups that must be unique (matching a unique index); a clash names the first field. */
  unique?: string[][];
  /** Answers why a row may not be deleted (a reference still using it), or null. */
  inUse?: (db: Kysely<DB>, id: number) => Promise<string | null>;
  /** Checks of a whole record beyond its schema (references that must exist); throws AppError. */
  check?: (db: Kysely<DB>, values: Record<string, unknown>) => Promise<void>;
  /** Runs inside the create or update transaction after the row is written (derived rows such as item codes). */
  onWrite?: (trx: Kysely<DB>, row: { id: number; merchantId: number | null; values: Record<string, unknown> }) => Promise<void>;
  /** How a stored row may be shown, in every read (list, detail, export) and in the audit trail: secrets are masked here. */
  present?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Completes the values of a replacement from the stored row before they are written (write-only secrets sent back masked). */
  merge?: (values: Record<string, unknown>, stored: Record<string, unknown>) => Record<string, unknown>;
  /** Runs after a create or update has committed (an announcement is published to its audience). */
  afterWrite?: (core: Core, row: Record<string, unknown>) => Promise<void>;
}

export const SYSTEM_FIELDS: Record<string, ResourceField> = {
  id: { kind: 'int', sort: true, filter: true },
  createdAt: { kind: 'datetime', sort: true, filter: true },
  updatedAt: { kind: 'datetime', filter: true },
  version: { kind: 'int' },
};

export const columnOf = (id: string, field: ResourceField) => field.column ?? id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A resource's privileges: `list` to list and read it, `edit` to create, change and delete rows. A
 * read model passes `list` alone (its writes are refused by `readOnly`, the privilege only names them).
 */
export const resourcePrivileges = (list: string, edit: string = list) => ({ list, create: edit, update: edit, delete: edit });

/**
 * A declaration's head in one row: its name, its route path, its table (or read model), whose rows it
 * holds and its privileges (`resourcePrivileges(list, edit)`), as `...resourceHead(…)` in `defineResource`.
 */
export function resourceHead(name: string, path: string, table: string, scope: ResourceDef['scope'], list: string, edit?: string) {
  return { name, path, table, scope, privileges: resourcePrivileges(list, edit) };
}

export function defineResource(def: ResourceDef): ResourceDef {
  for (const [id, field] of Object.entries(def.fields)) {
    if (field.search && field.kind !== 'text') throw new Error(`${def.name}.${id}: only text fields are searchable`);
  }
  if (!allFields(def)[def.defaultSort.field]?.sort) throw new Error(`${def.name}: default sort ${def.defaultSort.field} is not sortable`);
  return def;
}

export function allFields(def: ResourceDef): Record<string, ResourceField> {
  return { ...SYSTEM_FIELDS, ...(def.scope === 'merchant' ? { merchantId: { kind: 'int', filter: true } as ResourceField } : {}), ...def.fields };
}
