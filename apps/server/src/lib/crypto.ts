import { hash, randomBytes } from 'node:crypto';

/** A bearer secret: 256 random bits, URL-safe. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256 (issue 2 §4): a database leak does not leak sessions. Every
 * request hashes its token: the one-shot `hash` costs a fraction of a `createHash` object.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** 32 hex characters: the id format of static files (facts §2.2 composeStaticUrl). */
export function newFileId(): string {
  return randomBytes(16).toString('hex');
}
