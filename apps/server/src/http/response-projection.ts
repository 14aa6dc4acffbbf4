import type { z } from 'zod';

/** Keeps, of an answer, what its response schema names (zod's default: unknown keys stripped). */
export type Projection = (value: unknown) => unknown;

/** Schema kinds whose value is sent as it is (no keys inside it to strip). */
const LEAVES = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'void',
  'any',
  'unknown',
  'literal',
  'enum',
  'template_literal',
  'custom',
  'date',
  'nan',
]);

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
const asIs: Projection = (value) => value;

/**
 * A projection of `schema` compiled once (issue 19, the shipping scan's speed; docs/api-contracts.md):
 * objects keep the keys of their shape, in its order, arrays and records project their elements,
 * optional and nullable pass `undefined` and `null` through, leaves are sent as built. For data the
 * schema accepts it answers what `schema.encode` answers, at a fraction of its cost (it checks no
 * types: the tests' strict mode does). Null when the schema has a part whose output is not a plain
 * projection (a transform, pipe, default, union of objects, tuple, intersection, lazy, a strict
 * object): the caller then encodes with zod.
 */
export function compileProjection(schema: z.ZodType): Projection | null {
  const def = defOf(schema);
  if (LEAVES.has(def.type)) return asIs;
  switch (def.type) {
    case 'object': {
      // A loose object (catchall unknown) keeps the keys its shape does not name; a strict one (never) needs zod to refuse them.
      const loose = def.catchall !== undefined && ['unknown', 'any'].includes(defOf(def.catchall).type);
      if (def.catchall !== undefined && !loose) return null;
      const keys: Array<[string, Projection]> = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const inner = compileProjection(field);
        if (!inner) return null;
        keys.push([key, inner]);
      }
      return (value) => {
        if (!isPlainObject(value)) return value;
        const out: Record<string, unknown> = {};
        for (const [key, inner] of keys) if (key in value) out[key] = inner(value[key]);
        if (loose) for (const key of Object.keys(value)) if (!(key in out)) out[key] = value[key];
        return out;
      };
    }
    case 'array': {
      const inner = compileProjection(def.element!);
      if (!inner) return null;
      return inner === asIs ? asIs : (value) => (Array.isArray(value) ? value.map((v) => inner(v)) : value);
    }
    case 'record': {
      const inner = compileProjection(def.valueType!);
      if (!inner) return null;
      if (inner === asIs) return asIs;
      return (value) => (isPlainObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inner(v)])) : value);
    }
    case 'optional':
    case 'nullable':
    case 'readonly': {
      const inner = compileProjection(def.innerType!);
      if (!inner) return null;
      return inner === asIs ? asIs : (value) => (value === undefined || value === null ? value : inner(value));
    }
    case 'union':
      // A union of leaves (a string or a number …) has nothing to strip; a union of objects needs zod to pick the branch.
      return def.options!.every((option) => compileProjection(option) === asIs) ? asIs : null;
    default:
      return null;
  }
}
