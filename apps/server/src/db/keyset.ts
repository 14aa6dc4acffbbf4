import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * Keyset paging by time (architecture rule 9): a list ordered by (time, id) continues after the last
 * row's time and id. The time is compared at the database's precision (microseconds): rows made in one
 * transaction share a time, and a cursor cut to JavaScript's milliseconds skipped (newest first) or
 * repeated (oldest first) the rows of that millisecond. The row comparison is served by an index on
 * (time, id), unlike a comparison of `date_trunc(…)`.
 */
export interface TimeKeyset<Id = number> {
  /** ISO time with up to six fraction digits, as `keysetTime` reads it. */
  at: string;
  id: Id;
}

/** A time column as the cursor's text, with its microseconds (select it `as('cursorAt')`). */
export function keysetTime(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after `after` in (time, id) order: older ones for a newest-first list, newer ones otherwise. */
export function afterTimeKeyset(time: string, id: string, after: TimeKeyset<number | string>, order: 'asc' | 'desc' = 'desc'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(time)}, ${sql.ref(id)}) ${sql.raw(order === 'desc' ? '<' : '>')} (${after.at}::timestamptz, ${after.id})`;
}

/**
 * A newest-first page of a list by (time, id): the rows after the cursor, up to `limit`, each with its
 * `cursorAt` for the next cursor (lib/cursor.ts `keysetPage`).
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keys: { time: string; id: string },
  after: TimeKeyset<number | string> | null | undefined,
  limit: number,
) {
  return query
    .select(keysetTime(keys.time).as('cursorAt'))
    .$if(!!after, (q) => q.where(afterTimeKeyset(keys.time, keys.id, after!)))
    .orderBy(sql.ref(keys.time), 'desc')
    .orderBy(sql.ref(keys.id), 'desc')
    .limit(limit);
}
