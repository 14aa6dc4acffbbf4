/**
 * List cursors (spec §7 `o`): the ISO time of the last row of the previous page. Rows created in one
 * transaction share a time, so our cursors carry the time with its microseconds and the row id after a
 * `~` as a tie-breaker (db/keyset.ts); a plain ISO time (as the original clients send) is accepted too.
 */
import type { TimeKeyset } from '../db/keyset.js';

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;

export function encodeCursor(at: string, id: number | string): string {
  return `${at}~${id}`;
}

/** A cursor's time as the database compares it: kept as sent when it is ISO UTC (microseconds too), else null. */
export function cursorTime(time: string | undefined): string | null {
  const at = new Date(time ?? '');
  if (Number.isNaN(at.getTime()) || at.getTime() <= 0) return null;
  return ISO_TIME.test(time!) ? time! : at.toISOString();
}

export function decodeCursor(o: string | undefined): TimeKeyset | null {
  if (!o) return null;
  const [time, id] = o.split('~');
  const at = cursorTime(time);
  if (at === null) return null;
  return { at, id: id ? Number.parseInt(id, 10) || Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER };
}

/** A page of rows read with `keysetTime(…).as('cursorAt')`: the rows without that column, and the next cursor when the page is full. */
export function keysetPage<R extends { cursorAt: string; id: number | string }>(
  rows: R[],
  limit: number,
): { data: Array<Omit<R, 'cursorAt'>>; next: string | null } {
  const last = rows.at(-1);
  return {
    data: rows.map(({ cursorAt: _cursorAt, ...row }) => row),
    next: rows.length === limit && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}
