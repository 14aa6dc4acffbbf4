import { z } from 'zod';

export * from './envelope-core.js';

/**
 * A field-level problem, so a form can show it inline. `message` is worded for the user already;
 * `rule` (a key of VALIDATION_TEXTS) and `params` let a client word it again with the field's own
 * label instead of its path (issue 15 item 13).
 */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  rule: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), data, error: z.unknown().optional() });
}
