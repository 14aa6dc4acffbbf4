import type { Locale } from '@kontor/contracts';
import type { z } from 'zod';
import { AppError } from './app-error.js';
import { fieldError } from './error-handler.js';

/**
 * Validates a value a route could not type in advance (a generic resource body) with the same
 * field-named, translated IntegrityError the route schemas give.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, locale: Locale): z.infer<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => fieldError(issue.code, issue.path.join('.'), issue, locale));
  throw new AppError('IntegrityError', { fields, detail: fields.map((f) => f.message).join('\n') });
}
