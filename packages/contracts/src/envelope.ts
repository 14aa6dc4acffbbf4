import { z } from 'zod';

export * from './envelope-core.js';

/** A field-level problem, so a form can show it inline. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), data, error: z.unknown().optional() });
}
