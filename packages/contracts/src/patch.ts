import { z } from 'zod';

/**
 * The update form of a create schema: every field optional and none filled in by its default.
 * zod's own `.partial()` keeps defaults, so `{name}` alone would come out with every other field
 * reset to its default (a user losing its roles); an update must change only what it names.
 */
export function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>): ReturnType<z.ZodObject<S>['partial']> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    shape[key] = inner.optional();
  }
  return z.object(shape) as unknown as ReturnType<z.ZodObject<S>['partial']>;
}
