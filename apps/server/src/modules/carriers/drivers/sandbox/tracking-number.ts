/**
 * Sandbox tracking numbers: `SBX` + 11 digits + a check digit, the digits derived from the parcel key
 * (SHA-256), so the same key always gets the same number and a retried purchase answers the same label.
 * The check digit is the GS1 mod-10 (weights 3 and 1 from the right), as on many carriers' numbers.
 */
import { createHash } from 'node:crypto';
import { mod10CheckDigit } from '../../../../lib/documents/gs1.js';

export const SANDBOX_PREFIX = 'SBX';
const BODY_DIGITS = 11;

/** The tracking number a parcel key buys (stable across retries and restarts). */
export function sandboxTrackingNumber(key: string): string {
  const hash = createHash('sha256').update(key, 'utf8').digest();
  // 11 digits from the first 6 bytes (2^48 > 10^11: every body is reachable, almost uniformly).
  const body = (hash.readUIntBE(0, 6) % 10 ** BODY_DIGITS).toString().padStart(BODY_DIGITS, '0');
  return `${SANDBOX_PREFIX}${body}${mod10CheckDigit(body)}`;
}

/** Whether a text is a sandbox tracking number with a correct check digit. */
export function isSandboxTrackingNumber(value: string): boolean {
  const match = new RegExp(`^${SANDBOX_PREFIX}(\\d{${BODY_DIGITS}})(\\d)$`).exec(value);
  return !!match && mod10CheckDigit(match[1]!) === Number(match[2]);
}
