import { z } from 'zod';

/**
 * A point in time as the server answers it: a Date from the database (or the ISO text of a replayed
 * answer, http/idempotency.ts), sent as ISO 8601 text. Clients receive a string, so that is its type.
 */
export const wireTime = z.custom<string>((value) => typeof value === 'string' || value instanceof Date).meta({ type: 'string', format: 'date-time' });

/** The list answer of facts §1.4 (contracts/src/paging-core.ts `Page`), for rows of `row`. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number(), totalCapped: z.boolean().optional(), next: z.string().nullable(), data: z.array(row) });
}

/** An answer that carries nothing (`ok(null)`). */
export const noData = z.null();
