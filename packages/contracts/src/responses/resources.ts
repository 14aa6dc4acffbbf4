import { z } from 'zod';
import { jobSchema } from '../domains/jobs.js';
import { pageOf, wireTime } from './wire.js';

/** How a declared record field is stored (apps/server/src/modules/resources/define.ts `FieldKind`). */
export type ResourceFieldKind = 'text' | 'int' | 'decimal' | 'bool' | 'date' | 'datetime' | 'json';

/** Its value on the wire: a date as `YYYY-MM-DD`, a decimal as a number, json as stored. */
const VALUE: Record<ResourceFieldKind, z.ZodType> = {
  text: z.string(),
  int: z.number(),
  decimal: z.number(),
  bool: z.boolean(),
  date: z.string(),
  datetime: wireTime,
  json: z.unknown(),
};

/** The system fields every declared record has (define.ts SYSTEM_FIELDS); never null. */
const SYSTEM = new Set(['id', 'createdAt', 'updatedAt', 'version']);

/** A row of a declared record type: every declared field, nullable unless it is a system field or declared NOT NULL. */
export function resourceRowSchema(fields: Record<string, ResourceFieldKind>, notNull: readonly string[] = []) {
  const never = new Set([...SYSTEM, ...notNull]);
  return z.object(Object.fromEntries(Object.entries(fields).map(([id, kind]) => [id, never.has(id) ? VALUE[kind] : VALUE[kind].nullable()])));
}

/**
 * The answers of the generic record routes (resource.routes.ts) under `path` (`/v0/lookup/`), keyed
 * like API_RESPONSES: list, export (a background job), get, and unless read-only create, replace, delete.
 */
export function resourceResponses(
  path: string,
  fields: Record<string, ResourceFieldKind>,
  readOnly: boolean,
  notNull: readonly string[] = [],
): Record<string, z.ZodType> {
  const row = resourceRowSchema(fields, notNull);
  const item = `${path}:id`;
  const reads = { [`GET ${path}`]: pageOf(row), [`POST ${path}export`]: jobSchema, [`GET ${item}`]: row };
  if (readOnly) return reads;
  return { ...reads, [`POST ${path}`]: row, [`PUT ${item}`]: row, [`DELETE ${item}`]: z.null() };
}
