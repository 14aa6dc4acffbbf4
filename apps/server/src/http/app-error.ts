import type { ErrorCode, FieldError, VALIDATION_TEXTS } from '@kontor/contracts';

/**
 * The one way a service reports a business outcome that is not OK. The error handler renders it as
 * `{code, data: <text in the user's language>, error: {fields, ...}}` with HTTP 200.
 * `params` fill the catalogue text; `detail` replaces it with a more specific, already localised text.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      params?: Record<string, unknown>;
      fields?: FieldError[];
      detail?: string;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('NotFound');
export const noPermission = () => new AppError('NoPermission');

/**
 * A field error named by its rule (a key of VALIDATION_TEXTS): the error handler words it in the
 * user's language, and the web can word it again with the field's label.
 */
export const ruleError = (field: string, rule: keyof typeof VALIDATION_TEXTS, params?: Record<string, unknown>): FieldError => ({
  field,
  message: '',
  rule,
  ...(params ? { params } : {}),
});

/** An IntegrityError naming a field; the error handler words it in the user's language ("o is invalid."). */
export const invalidField = (field: string) => new AppError('IntegrityError', { fields: [ruleError(field, 'invalid')] });
