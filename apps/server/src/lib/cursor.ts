/**
 * List cursors (spec §7 `o`): the ISO time of the last row of the previous page. Rows created in one
 * transaction share a time, so our cursors carry the row id after a `~` as a tie-breaker; a plain ISO
 * time (as the original clients send) is accepted too.
 */
export function encodeCursor(at: Date | string, id: number): string {
  return `${new Date(at).toISOString()}~${id}`;
}

export function decodeCursor(o: string | undefined): { at: Date; id: number } | null {
  if (!o) return null;
  const [time, id] = o.split('~');
  const at = new Date(time ?? '');
  if (Number.isNaN(at.getTime())) return null;
  if (at.getTime() <= 0) return null;
  return { at, id: id ? Number.parseInt(id, 10) || Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER };
}
