import { API_RESPONSES, envelopeOf } from '@kontor/contracts/api-responses';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileProjection } from '../src/http/response-projection.js';

/**
 * The production serialiser (http/response-projection.ts) must send what zod's encode sends for every
 * answer its schema accepts: here every schema of the response table, with a sample answer that carries
 * an extra key in each object, projected and encoded side by side.
 */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value `schema` accepts, with a key no schema names in every object. */
function sample(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return 'text';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'literal':
      return def.values![0];
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'custom':
      return new Date('2026-11-25T10:00:00Z');
    case 'unknown':
    case 'any':
      return { free: 1 };
    case 'object':
      return { ...Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, sample(v)])), notInTheSchema: 'x' };
    case 'array':
      return [sample(def.element!), sample(def.element!)];
    case 'record':
      return { one: sample(def.valueType!) };
    case 'optional':
    case 'nullable':
    case 'readonly':
      return sample(def.innerType!);
    case 'union':
      return sample(def.options![0]!);
    default:
      return undefined;
  }
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('response projection', () => {
  it('sends what zod encode sends, for every projectable answer of the response table', () => {
    let compared = 0;
    for (const [route, data] of Object.entries(API_RESPONSES)) {
      const schema = envelopeOf(data as z.ZodType);
      const projection = compileProjection(schema);
      if (!projection) continue;
      const answer = { code: 'OK', data: sample(data as z.ZodType) };
      const encoded = schema.safeEncode(answer);
      if (!encoded.success) continue; // a sample a check refuses (a pattern, a minimum): nothing to compare
      expect(json(projection(answer)), route).toEqual(json(encoded.data));
      compared++;
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('strips unknown keys at every depth, keeps a loose object’s own, and passes null and missing values through', () => {
    const schema = z.object({
      a: z.number(),
      list: z.array(z.object({ b: z.string() })),
      files: z.array(z.looseObject({ name: z.string() })),
      maybe: z.object({ c: z.number() }).nullable().optional(),
    });
    const projection = compileProjection(schema)!;
    expect(projection({ a: 1, x: 2, list: [{ b: 'b', y: 3 }], files: [{ name: 'n', size: 4 }], maybe: null })).toEqual({
      a: 1,
      list: [{ b: 'b' }],
      files: [{ name: 'n', size: 4 }],
      maybe: null,
    });
    expect(projection({ a: 'one', list: [], files: [] })).toEqual({ a: 'one', list: [], files: [] });
  });

  it('leaves schemas whose output is not a projection to zod', () => {
    expect(compileProjection(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileProjection(z.union([z.object({ a: z.number() }), z.object({ b: z.number() })]))).toBeNull();
    expect(compileProjection(z.strictObject({ a: z.number() }))).toBeNull();
    expect(compileProjection(z.object({ a: z.number().default(1) }))).toBeNull();
  });
});
