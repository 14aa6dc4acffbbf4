/**
 * Generated bad input for the bad-input suite (docs/testing.md "Bad-input suite"): from a route's
 * OpenAPI description (the live route table's schemas), a plausible base request and, per field,
 * the values that broke routes before (issue 15 item 5): NUL, lone surrogates, deep nesting, numbers
 * too large for any column, huge texts, wrong types, unknown fields, cursors of the wrong kind.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  format?: string;
  required?: string[];
}

export interface RouteShape {
  method: string;
  url: string;
  params: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
}

export interface BadCase {
  name: string;
  url: string;
  /** Raw request body (JSON text unless `type` says otherwise). */
  payload?: string;
  type?: string;
}

/** Placeholders replaced in the JSON text by what JSON.stringify cannot write. */
const HUGE_NUMBER = '99999999999999999999999';
const DEEP = 50_000;
const RAW_HUGE = '"\u0001HUGE\u0001"';
const RAW_DEEP = '"\u0001DEEP\u0001"';
const RAW_SURROGATE = '"\u0001SURR\u0001"';
const NUL = 'a\u0000b';
const HUGE_TEXT = 'x'.repeat(200_000);
/** `["x",1]`: a cursor whose value is text where the list sorts by a number (issue 15 item 5). */
export const WRONG_CURSOR = 'WyJ4IiwxXQ';

function resolve(schema: JsonSchema | undefined, refs: Record<string, JsonSchema>): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) return resolve(refs[schema.$ref.split('/').pop()!], refs);
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return resolve(alt.find((s) => s.type !== 'null') ?? alt[0], refs);
  if (schema.allOf?.length) return resolve(schema.allOf[0], refs);
  return schema;
}

function typeOf(s: JsonSchema): string {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  return t ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
}

/** A plausible value for a schema: every property present, enums' first value, minimal lengths. */
export function sampleOf(schema: JsonSchema | undefined, refs: Record<string, JsonSchema>, depth = 0): unknown {
  const s = resolve(schema, refs);
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined && s.default !== null) return s.default;
  switch (typeOf(s)) {
    case 'object':
      return depth > 4 ? {} : Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleOf(v, refs, depth + 1)]));
    case 'array':
      return depth > 4 ? [] : [sampleOf(s.items, refs, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

/** Every field of a body up to two levels deep, with its type, as paths. */
function fieldsOf(schema: JsonSchema, refs: Record<string, JsonSchema>, prefix: string[] = [], out: Array<{ path: string[]; type: string }> = []) {
  const s = resolve(schema, refs);
  for (const [key, inner] of Object.entries(s.properties ?? {})) {
    const r = resolve(inner, refs);
    const path = [...prefix, key];
    out.push({ path, type: typeOf(r) });
    if (prefix.length < 1 && typeOf(r) === 'object') fieldsOf(r, refs, path, out);
    if (prefix.length < 1 && typeOf(r) === 'array' && typeOf(resolve(r.items, refs)) === 'object') fieldsOf(resolve(r.items, refs), refs, [...path, '0'], out);
  }
  return out;
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
  return copy;
}

function text(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll(RAW_HUGE, HUGE_NUMBER)
    .replaceAll(RAW_SURROGATE, '"a\\ud800b"')
    .replaceAll(RAW_DEEP, '['.repeat(DEEP) + ']'.repeat(DEEP));
}

/** The values tried in a field of a given type. */
function badValues(type: string): Array<[string, unknown]> {
  const common: Array<[string, unknown]> = [
    ['NUL', NUL],
    ['lone surrogate', RAW_SURROGATE],
    ['deep nesting', RAW_DEEP],
  ];
  if (type === 'integer' || type === 'number')
    return [...common, ['huge number', RAW_HUGE], ['1e308', 1e308], ['text for a number', 'abc'], ['negative', -1], ['fraction', 0.5]];
  if (type === 'boolean') return [...common, ['text for a boolean', 'yes']];
  if (type === 'array') return [...common, ['object for an array', { a: 1 }], ['huge list', Array.from({ length: 10_000 }, () => 'x')]];
  if (type === 'object') return [...common, ['array for an object', [1]], ['unknown field', { zzz: 1 }]];
  return [...common, ['huge text', HUGE_TEXT], ['number for a text', 12], ['huge number', RAW_HUGE], ['object for a text', { a: 1 }]];
}

function urlWith(url: string, params: string[], value: string): string {
  let out = url;
  for (const p of params) out = out.replace(`:${p}`, value);
  return out;
}

function query(values: Record<string, string | string[]>): string {
  const parts = Object.entries(values).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`));
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Every bad case for a route. `pathValue` fills path parameters for the query and body cases (an
 * existing id reaches deeper for reads; mutations get one that does not exist).
 */
export function badCases(route: RouteShape, refs: Record<string, JsonSchema>, pathValue: string): BadCase[] {
  const cases: BadCase[] = [];
  const base = urlWith(route.url, route.params, pathValue);
  for (const [label, value] of [
    ['NUL', '%00'],
    ['lone surrogate', '%ED%A0%80'],
    ['huge number', HUGE_NUMBER],
    ['text', 'abc'],
    ['negative', '-1'],
  ] as const)
    if (route.params.length) cases.push({ name: `path ${label}`, url: urlWith(route.url, route.params, value) });

  const names = Object.keys(route.query);
  const textual = names.length ? names : ['q'];
  const queryValues: Array<[string, Record<string, string | string[]>]> = [
    ['query NUL in every parameter', Object.fromEntries(textual.map((n) => [n, NUL]))],
    ['query huge number in every parameter', Object.fromEntries([...textual, 'id', 'merchantId', 'LocationGUID'].map((n) => [n, HUGE_NUMBER]))],
    ['query wrong-type cursor', { o: WRONG_CURSOR }],
    ['query cursor of garbage', { o: 'not-a-cursor~x' }],
    ['query huge text', { q: HUGE_TEXT.slice(0, 50_000) }],
    ['query repeated parameters', Object.fromEntries(textual.map((n) => [n, ['1', 'abc']]))],
    ['query unknown and negative', { zzz: '1', l: '-5', o: 'not-a-date', id: 'abc' }],
  ];
  for (const n of names) {
    queryValues.push([`query ${n} NUL`, { [n]: NUL }], [`query ${n} huge number`, { [n]: HUGE_NUMBER }], [`query ${n} text`, { [n]: 'abc' }]);
  }
  for (const [name, values] of queryValues) cases.push({ name, url: base + query(values) });

  if (route.method === 'GET') return cases;
  const sample = route.body ? sampleOf(route.body, refs) : {};
  cases.push(
    { name: 'body nested 50,000 deep', url: base, payload: '['.repeat(DEEP) + ']'.repeat(DEEP) },
    { name: 'body malformed JSON', url: base, payload: '{"name": "x",' },
    { name: 'body array', url: base, payload: '[1,2,3]' },
    { name: 'body null', url: base, payload: 'null' },
    { name: 'body text', url: base, payload: 'just text\u0000', type: 'text/plain' },
    { name: 'body unknown fields', url: base, payload: text({ ...(typeof sample === 'object' ? sample : {}), zzz: 1, constructor: 'x' }) },
    { name: 'body NUL in a key', url: base, payload: text({ [NUL]: 1 }) },
  );
  if (route.body) {
    const texts = fieldsOf(route.body, refs).filter((f) => f.type === 'string');
    const allNul = texts.reduce<unknown>((body, f) => withValue(body, f.path, NUL), sample);
    cases.push({ name: 'body NUL in every text field', url: base, payload: text(allNul) });
  }
  if (route.body)
    for (const { path, type } of fieldsOf(route.body, refs))
      for (const [label, value] of badValues(type))
        cases.push({ name: `body ${path.join('.')} ${label}`, url: base, payload: text(withValue(sample, path, value)) });
  return cases;
}

/** A small deterministic random sample (mulberry32 seeded by the route), so a failure repeats. */
export function sampleCases<T>(items: T[], count: number, seedText: string): T[] {
  if (count <= 0 || items.length <= count) return items;
  let seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return picked;
}
