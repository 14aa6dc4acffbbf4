import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.js';

/**
 * Carrier credentials at rest (issue 17 item 1): AES-256-GCM with the key of `KONTOR_SECRET_KEY`, or,
 * when that is unset (npm start, tests), a key file created once in the data directory
 * (`<DATA_DIR>/secret.key`, mode 0600). Sealed text is `v1:` + base64(iv | tag | ciphertext); a
 * tampered or foreign text fails to open instead of giving garbage. Losing the key loses the
 * credentials (they are entered again), nothing else.
 */
const VERSION = 'v1:';
const keys = new Map<string, Buffer>();

function keyOf(config: Pick<Config, 'KONTOR_SECRET_KEY' | 'DATA_DIR'>): Buffer {
  if (config.KONTOR_SECRET_KEY) return Buffer.from(config.KONTOR_SECRET_KEY, 'base64');
  const file = join(config.DATA_DIR, 'secret.key');
  const known = keys.get(file);
  if (known) return known;
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} must hold base64 of 32 bytes`);
  keys.set(file, key);
  return key;
}

export class SecretBox {
  constructor(private readonly config: Pick<Config, 'KONTOR_SECRET_KEY' | 'DATA_DIR'>) {}

  seal(values: Record<string, string>): string {
    if (Object.keys(values).length === 0) return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyOf(this.config), iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string): Record<string, string> {
    if (!sealed) return {};
    if (!sealed.startsWith(VERSION)) throw new Error('unknown credential format');
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(this.config), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Record<string, string>;
  }
}
