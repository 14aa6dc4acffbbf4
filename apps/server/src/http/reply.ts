import type { Envelope } from '@kontor/contracts';

/** A successful envelope (spec §3 "API response wrapper"). */
export function ok<T>(data: T): Envelope<T> {
  return { code: 'OK', data };
}
