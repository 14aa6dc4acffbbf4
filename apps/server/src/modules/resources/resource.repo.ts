import {
  sql,
  type AliasedRawBuilder,
  type RawBuilder,
  type Expression,
  type OperationNodeSource,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
} from 'kysely';
import type { DB, Generated, Timestamp } from '../../db/types.js';
import { allFields, columnOf, type ResourceDef, type ResourceField } from './define.js';
import { TenantScope, tenantSql, whereTenant } from '../../db/tenant-scope.js';
import { TOTAL_CAP } from './list-query.js';
import { StatementCache } from '../../db/statement-cache.js';
import { afterTimeKeyset, keysetTime } from '../../db/keyset.js';

/**
 * How the generic layer sees a declared table: rows of named columns with the id, version and stamps
 * every resource table has. Table and columns come from a declaration (define.ts: its table and field
 * list, `columnOf`), so they are only known at run time; tests declare tables of their own.
 */
type ResourceRow = Record<string, unknown> & { id: Generated<number>; version: Generated<number>; updated_at: Generated<Timestamp> };
type ResourceTables = Record<string, ResourceRow>;
type ResourceEB = ExpressionBuilder<ResourceTables, string>;

/**
 * Named values another module reads with a record in the same statement (`sql\`…\`.as(name)`), given
 * the record's id column to refer to. `name` keys the compiled statement, so the columns are fixed SQL
 * without values of their own.
 */
export interface RecordExtras {
  name: string;
  columns: (recordId: RawBuilder<unknown>) => ReadonlyArray<AliasedRawBuilder<unknown, string>>;
}

/**
 * Queries sent in the same statement as a record's read, before it (`with`, data-modifying allowed): a
 * service that writes a row with every read of a record (the shipping scan's log row of a repeat) pays
 * one round trip. `name` keys the compiled statement; `parameters` are the values of the `with`
 * queries in the order their SQL takes them (they come first in the statement). `columns` are values
 * the statement reads beside the record (e.g. a lookup's row), answered with the extras.
 */
export interface RecordPrelude {
  name: string;
  parameters: readonly unknown[];
  /** The `with` queries by name, in order; built only when the statement is first compiled. */
  ctes: () => ReadonlyArray<readonly [string, OperationNodeSource]>;
  columns?: () => ReadonlyArray<AliasedRawBuilder<unknown, string>>;
}

/** A record read with named values (`getWith`): the record, and the values by their names. */
export interface RecordWith {
  record: Record<string, unknown>;
  extras: Record<string, unknown>;
}

export type Filter = { column: string; op: 'eq' | 'in' | 'gte' | 'lte'; value: unknown };

export interface ListQuery {
  merchantScope: TenantScope;
  search?: string;
  filters: Filter[];
  /** A `datetime` sort pages by the time's microseconds (db/keyset.ts): its rows carry `cursorAt`. */
  sort: { column: string; order: 'asc' | 'desc'; kind?: ResourceField['kind'] };
  after: { value: unknown; id: number } | null;
  limit: number;
}

/** The select expression of a field: dates as `YYYY-MM-DD` text, decimals as numbers, on both databases. */
function selection(eb: ResourceEB, id: string, field: ResourceField) {
  const column = sql.ref(columnOf(id, field));
  if (field.kind === 'date') return sql<string>`to_char(${column}, 'YYYY-MM-DD')`.as(id);
  if (field.kind === 'decimal') return sql<number>`${column}::float8`.as(id);
  return eb.ref(columnOf(id, field)).as(id);
}

/**
 * The same inside a record built as JSON by the database (`getWith`): a time as the text its Date
 * would serialise to (`toISOString`: UTC, milliseconds, `Z`), so the answer a client receives is the
 * one the row of Date values gave.
 */
function jsonSelection(eb: ResourceEB, id: string, field: ResourceField) {
  if (field.kind !== 'datetime') return selection(eb, id, field);
  return sql<string>`to_char(${sql.ref(columnOf(id, field))} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(id);
}

/** The generic view of the database (see ResourceRow): the same connection or transaction. */
const asResourceTables = (db: Kysely<DB>) => db as unknown as Kysely<ResourceTables>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's conditions as SQL, for a repository that reads the same rows another way (stock groups). */
export type ListConditions = ResourceRepo['where'];

/** The SQL of the generic resource routes: keyset paging, capped totals, optimistic writes. */
export class ResourceRepo {
  private readonly db: Kysely<ResourceTables>;
  private readonly fields: Array<[string, ResourceField]>;
  private readonly statements = new StatementCache();

  constructor(
    db: Kysely<DB>,
    private readonly def: ResourceDef,
  ) {
    this.db = asResourceTables(db);
    this.fields = Object.entries(allFields(def));
  }

  /** The list's conditions (merchant scope, search, filters); also used by read models that aggregate a list (stock groups). */
  where<S, T extends keyof S>(builder: ExpressionBuilder<S, T>, query: Omit<ListQuery, 'sort' | 'after' | 'limit'>): Expression<SqlBool> {
    const eb = builder as unknown as ResourceEB;
    const parts: Expression<SqlBool>[] = [];
    if (this.def.scope === 'merchant') parts.push(tenantSql(query.merchantScope));
    if (query.search) {
      const pattern = `%${escapeLike(query.search)}%`;
      const columns = this.fields.filter(([, f]) => f.search).map(([id, f]) => columnOf(id, f));
      if (columns.length) parts.push(eb.or(columns.map((c) => eb(c, 'ilike', pattern))));
    }
    for (const f of query.filters) {
      if (f.op === 'in') parts.push(eb(f.column, 'in', f.value as unknown[]));
      else parts.push(eb(f.column, f.op === 'eq' ? '=' : f.op === 'gte' ? '>=' : '<=', f.value));
    }
    return eb.and(parts);
  }

  async list(query: ListQuery) {
    const { column, order } = query.sort;
    let select = this.db
      .selectFrom(this.def.table)
      .select((eb) => this.fields.map(([id, f]) => selection(eb, id, f)))
      .where((eb) => this.where(eb, query));
    const byTime = query.sort.kind === 'datetime';
    if (byTime) select = select.select(keysetTime(column).as('cursorAt'));
    const after = query.after;
    if (after && byTime) select = select.where(afterTimeKeyset(column, 'id', { at: after.value as string, id: after.id }, order));
    else if (after) select = select.where((eb) => eb(eb.refTuple(column, 'id'), order === 'desc' ? '<' : '>', eb.tuple(after.value, after.id)));
    return (await select.orderBy(column, order).orderBy('id', order).limit(query.limit).execute()) as Array<Record<string, unknown>>;
  }

  /** Rows matching the filter, counted up to TOTAL_CAP + 1 so a large table never costs a full count. */
  async count(query: Omit<ListQuery, 'sort' | 'after' | 'limit'>): Promise<number> {
    const inner = this.db
      .selectFrom(this.def.table)
      .select(sql.lit(1).as('one'))
      .where((eb) => this.where(eb, query))
      .limit(TOTAL_CAP + 1);
    const row = await this.db
      .selectFrom(inner.as('capped'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The record with the list's fields (times as Dates); compiled once per scope. */
  async get(id: number, merchantScope: TenantScope, trx?: Kysely<DB>) {
    const db = trx ? asResourceTables(trx) : this.db;
    const scoped = this.def.scope === 'merchant' && merchantScope.merchantId !== null;
    const rows = await this.statements.rows(db, `get ${scoped ? 'merchant' : 'all'}`, [id, ...(scoped ? [merchantScope.merchantId] : [])], () =>
      db
        .selectFrom(this.def.table)
        .select((eb) => this.fields.map(([fid, f]) => selection(eb, fid, f)))
        .where('id', '=', id)
        .$if(this.def.scope === 'merchant', (q) => q.$call(whereTenant(merchantScope))),
    );
    return (rows[0] ?? null) as Record<string, unknown> | null;
  }

  /**
   * The record with `extra`'s named values, the record built by the database as ONE JSON value
   * (`to_json` of the row): the client parses one text with `JSON.parse` instead of ninety columns with
   * a type parser each (the shipping scan reads this on every call; docs/shipping.md "Cost of a scan").
   * Times come as ISO text (`jsonSelection`), so the record serialises as the row of `get` does; the
   * extras are columns of their own beside it. `id` a value, or SQL naming it (from the prelude's
   * lookup); `prelude` are queries sent in the same statement, before the read. Compiled once per
   * shape (scope, id, extras, prelude).
   */
  async getWith(id: number | RawBuilder<number>, merchantScope: TenantScope, extra: RecordExtras, prelude?: RecordPrelude): Promise<RecordWith | null> {
    const scoped = this.def.scope === 'merchant' && merchantScope.merchantId !== null;
    const byValue = typeof id === 'number';
    const key = `getWith ${scoped ? 'merchant' : 'all'} ${byValue ? 'id' : 'sql'} ${extra.name} ${prelude?.name ?? ''}`;
    const parameters = [...(prelude?.parameters ?? []), ...(byValue ? [id] : []), ...(scoped ? [merchantScope.merchantId] : [])];
    const rows = await this.statements.rows(this.db, key, parameters, () => {
      let db = this.db;
      for (const [name, query] of prelude?.ctes() ?? []) db = db.with(name, () => query as never) as unknown as typeof db;
      const fields = this.db
        .selectFrom(this.def.table)
        .select((eb) => this.fields.map(([fid, f]) => jsonSelection(eb, fid, f)))
        .where('id', '=', id)
        .$if(this.def.scope === 'merchant', (q) => q.$call(whereTenant(merchantScope)));
      return db
        .selectFrom(fields.as('fields'))
        .select(() => [sql<Record<string, unknown>>`to_json(fields)`.as('record'), ...extra.columns(sql.ref('fields.id')), ...(prelude?.columns?.() ?? [])]);
    });
    const row = rows[0] as (Record<string, unknown> & { record: Record<string, unknown> }) | undefined;
    if (!row) return null;
    const { record, ...extras } = row;
    return { record, extras };
  }

  /** Column values of a validated record: JSON fields as JSON text, everything else as given. */
  toColumns(values: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [id, field] of Object.entries(this.def.fields)) {
      if (!(id in values)) continue;
      const value = values[id];
      out[columnOf(id, field)] = field.kind === 'json' && value !== null ? JSON.stringify(value) : value;
    }
    return out;
  }

  async insert(trx: Kysely<DB>, columns: Record<string, unknown>): Promise<number> {
    const row = await asResourceTables(trx).insertInto(this.def.table).values(columns).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Writes when the stored version is still the one the editor loaded; false otherwise. */
  async update(trx: Kysely<DB>, id: number, version: number, columns: Record<string, unknown>): Promise<boolean> {
    const result = await asResourceTables(trx)
      .updateTable(this.def.table)
      .set({ ...columns, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(trx: Kysely<DB>, id: number, version: number | undefined): Promise<boolean> {
    const result = await asResourceTables(trx)
      .deleteFrom(this.def.table)
      .where('id', '=', id)
      .$if(version !== undefined, (q) => q.where('version', '=', version!))
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The id of another row holding the same values of a unique group (within the merchant for merchant records), or null. */
  async clash(trx: Kysely<DB>, group: string[], values: Record<string, unknown>, merchantId: number | null, exceptId: number | null): Promise<number | null> {
    const columns = this.toColumns(Object.fromEntries(group.map((g) => [g, values[g]])));
    const row = await asResourceTables(trx)
      .selectFrom(this.def.table)
      .select('id')
      .where((eb) => eb.and(Object.entries(columns).map(([c, v]) => (v === null ? eb(c, 'is', null) : eb(c, '=', v)))))
      .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId))
      .$if(this.def.scope === 'merchant' && merchantId !== null, (q) => q.$call(whereTenant(TenantScope.merchant(merchantId!))))
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }
}
