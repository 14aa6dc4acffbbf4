/** Why a call did not give data: the server said no, the HTTP layer failed, or the network did. */
export type ApiErrorKind = 'business' | 'forbidden' | 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: string,
    readonly data?: unknown,
    readonly detail?: unknown,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors of a refused form, keyed by field, for inline display. */
  get fields(): Record<string, string> {
    return Object.fromEntries(this.problems.map((f) => [f.field, f.message]));
  }

  /** Field errors as the server sent them, with the rule and bounds where it named one (see field-errors.ts). */
  get problems(): FieldProblem[] {
    return (this.detail as { fields?: FieldProblem[] } | undefined)?.fields ?? [];
  }
}

/** One field error of the envelope: `message` is the server's wording, `rule` a key of VALIDATION_TEXTS. */
export interface FieldProblem {
  field: string;
  message: string;
  rule?: string;
  params?: Record<string, unknown>;
}

export const isAbort = (err: unknown) => err instanceof ApiError && err.kind === 'aborted';
