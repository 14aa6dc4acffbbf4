/** Codes that clients treat as success (facts §1.3). Kept free of zod so the console bundle stays small. */
export const SUCCESS_CODES = ['OK', 'ContinueWithoutOK'] as const;

/** Every business outcome travels as HTTP 200 with this wrapper (spec §3 "API response wrapper"). */
export interface Envelope<T = unknown> {
  code: string;
  data: T;
  error?: unknown;
}

export function isSuccessCode(code: string | undefined | null): boolean {
  return code === 'OK' || code === 'ContinueWithoutOK';
}

/** Shape of `error` on a failed envelope. */
export interface EnvelopeErrorDetail {
  fields?: Array<{ field: string; message: string }>;
  retryAfter?: number;
  [key: string]: unknown;
}
