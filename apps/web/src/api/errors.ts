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
    const list = (this.detail as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields ?? [];
    return Object.fromEntries(list.map((f) => [f.field, f.message]));
  }
}

export const isAbort = (err: unknown) => err instanceof ApiError && err.kind === 'aborted';
