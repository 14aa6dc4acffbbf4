import { EPOCH_CURSOR } from '@kontor/contracts';
import { invalidField } from '../../http/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { allFields, columnOf, type ResourceDef, type ResourceField } from './define.js';
import type { Filter } from './resource.repo.js';

/** Totals are exact up to this many rows; beyond it the list says "more than" (original: capped total). */
export const TOTAL_CAP = 10_000;

/** Query parameters every list takes besides filters (spec §7: l, o, q; s and d sort). */
export const RESERVED_PARAMS = new Set(['l', 'o', 'q', 's', 'd', 'x_token']);

// The reason stays in the code; the user reads "<field> is invalid." in their language.
const invalid = (field: string, _reason: string) => invalidField(field);

const PARSERS: Record<ResourceField['kind'], (raw: string) => unknown> = {
  text: (raw) => raw,
  int: (raw) => (/^-?\d{1,15}$/.test(raw) ? Number(raw) : undefined),
  decimal: (raw) => (/^-?\d{1,13}(\.\d{1,4})?$/.test(raw) ? Number(raw) : undefined),
  bool: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  date: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined),
  datetime: (raw) => (!Number.isNaN(Date.parse(raw)) && /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : undefined),
  json: () => undefined,
};

function parseValue(id: string, field: ResourceField, raw: string): unknown {
  const value = PARSERS[field.kind](raw.trim());
  if (value === undefined) throw invalid(id, `not a valid ${field.kind} value: ${raw.slice(0, 50)}`);
  return value;
}

/**
 * Filters from the query string: `field=value`, repeated for several values, and `field=from..to`
 * (either side may be empty) for numbers and dates. An unknown or unfilterable field is refused by
 * name rather than ignored, so a mistyped filter never silently lists everything.
 */
export function parseFilters(def: ResourceDef, query: Record<string, unknown>): Filter[] {
  const fields = allFields(def);
  const filters: Filter[] = [];
  for (const [id, raw] of Object.entries(query)) {
    if (RESERVED_PARAMS.has(id) || raw === undefined || raw === '') continue;
    const field = fields[id];
    if (!field?.filter) throw invalid(id, 'not a filter of this list');
    const column = columnOf(id, field);
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    if (values.length > 1) {
      filters.push({ column, op: 'in', value: values.map((v) => parseValue(id, field, v)) });
      continue;
    }
    const text = values[0]!;
    const ranged = field.kind === 'int' || field.kind === 'decimal' || field.kind === 'date' || field.kind === 'datetime';
    if (ranged && text.includes('..')) {
      const [from, to] = text.split('..');
      if (from) filters.push({ column, op: 'gte', value: parseValue(id, field, from) });
      if (to) filters.push({ column, op: 'lte', value: parseValue(id, field, to) });
    } else filters.push({ column, op: 'eq', value: parseValue(id, field, text) });
  }
  return filters;
}

export function parseSort(def: ResourceDef, s: string | undefined, d: string | undefined) {
  const fields = allFields(def);
  const id = s || def.defaultSort.field;
  const field = fields[id];
  if (!field?.sort) throw invalid('s', `not a sortable field: ${id.slice(0, 50)}`);
  return { id, column: columnOf(id, field), kind: field.kind, order: (d === 'asc' || d === 'desc' ? d : s ? 'asc' : def.defaultSort.order) as 'asc' | 'desc' };
}

/**
 * The `o` cursor: the sort value and id of the last row of the previous page. For a time sort it is
 * `ISO~id` as on every other list (a plain ISO time from the original clients works too); for other
 * sorts an opaque base64url text. The epoch cursor or none starts at the first page.
 */
export function encodeAfter(kind: ResourceField['kind'], value: unknown, id: number): string {
  if (kind === 'datetime') return encodeCursor(value as string, id);
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

const CURSOR_VALUE: Record<ResourceField['kind'], (value: unknown) => boolean> = {
  text: (v) => typeof v === 'string',
  int: (v) => Number.isSafeInteger(v),
  decimal: (v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e13,
  bool: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && PARSERS.date(v) !== undefined,
  datetime: (v) => typeof v === 'string' && PARSERS.datetime(v) !== undefined,
  json: () => false,
};

export function decodeAfter(kind: ResourceField['kind'], o: string | undefined): { value: unknown; id: number } | null {
  if (!o || o === EPOCH_CURSOR) return null;
  if (kind === 'datetime') {
    const [time] = o.split('~');
    if (Number.isNaN(new Date(time ?? '').getTime())) throw invalid('o', 'not a cursor of this list');
    const cursor = decodeCursor(o);
    return cursor && { value: cursor.at, id: cursor.id };
  }
  try {
    const parsed = JSON.parse(Buffer.from(o, 'base64url').toString('utf8')) as unknown;
    // The value must be of the sort column's kind: a text where a number sorts reached the database.
    if (Array.isArray(parsed) && parsed.length === 2 && Number.isSafeInteger(parsed[1]) && CURSOR_VALUE[kind](parsed[0])) {
      return { value: parsed[0], id: parsed[1] as number };
    }
  } catch {
    // fall through to the error below
  }
  throw invalid('o', 'not a cursor of this list');
}
