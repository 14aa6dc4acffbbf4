import { resourceResponses } from '@kontor/contracts/responses/resources';
import type { z } from 'zod';
import { allFields, type ResourceDef } from './define.js';

/** The response schemas of every declared record type's routes, from each declaration's fields. */
export function declaredResourceResponses(defs: readonly ResourceDef[]): (key: string) => z.ZodType | undefined {
  const table = new Map<string, z.ZodType>();
  for (const def of defs) {
    const kinds = Object.fromEntries(Object.entries(allFields(def)).map(([id, field]) => [id, field.kind]));
    for (const [key, schema] of Object.entries(resourceResponses(def.path, kinds, !!def.readOnly, def.notNull))) table.set(key, schema);
  }
  return (key) => table.get(key);
}
