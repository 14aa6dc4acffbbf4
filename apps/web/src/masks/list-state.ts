import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@kontor/contracts/paging-core';

/**
 * The state of a definition-driven list, kept in the URL so a list can be shared and reloaded
 * (issue 4 §3): search `q`, sort `s`/`d`, page size `l`, cursor `o` and filters as `f.<field>`.
 * A range filter is `from..to`; several values of one filter repeat the parameter.
 */
export interface ListState {
  q: string;
  s?: string;
  d?: 'asc' | 'desc';
  l: number;
  o?: string;
  filters: Record<string, string | string[]>;
}

const FILTER_PREFIX = 'f.';

export function readListState(search: string | URLSearchParams): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const size = Number(params.get('l'));
  const d = params.get('d');
  const filters: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (!key.startsWith(FILTER_PREFIX)) continue;
    const values = params.getAll(key).filter(Boolean);
    if (values.length) filters[key.slice(FILTER_PREFIX.length)] = values.length === 1 ? values[0]! : values;
  }
  return {
    q: params.get('q') ?? '',
    s: params.get('s') || undefined,
    d: d === 'asc' || d === 'desc' ? d : undefined,
    l: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    o: params.get('o') || undefined,
    filters,
  };
}

export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.s) params.set('s', state.s);
  if (state.d) params.set('d', state.d);
  if (state.l !== DEFAULT_PAGE_SIZE) params.set('l', String(state.l));
  if (state.o) params.set('o', state.o);
  for (const [key, value] of Object.entries(state.filters)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== '') params.append(FILTER_PREFIX + key, v);
  }
  return params;
}

/** The list call's parameters (spec §7): l, o, q, s, d and the filters by field id. */
export function apiParams(state: ListState): Record<string, unknown> {
  return { ...state.filters, l: state.l, o: state.o, q: state.q || undefined, s: state.s, d: state.d };
}

/** A changed search, filter, sort or page size starts again at the first page. */
export function withChange(state: ListState, change: Partial<Omit<ListState, 'o'>>): ListState {
  return { ...state, ...change, o: undefined };
}

export function rangeValue(from: string | number | null | undefined, to: string | number | null | undefined): string {
  const a = from === null || from === undefined ? '' : String(from);
  const b = to === null || to === undefined ? '' : String(to);
  return a || b ? `${a}..${b}` : '';
}

export function splitRange(value: string | string[] | undefined): [string, string] {
  const text = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  if (!text.includes('..')) return [text, ''];
  const [a, b] = text.split('..');
  return [a ?? '', b ?? ''];
}
