import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../src/modules/carriers/secret-box.js';

describe('carrier credentials at rest', () => {
  it('seals with the key of KONTOR_SECRET_KEY and opens only with it', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const box = new SecretBox({ KONTOR_SECRET_KEY: key, DATA_DIR: '/nonexistent' });
    const sealed = box.seal({ apiKey: 'SECRET-1', password: 'pw' });
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('SECRET');
    expect(box.open(sealed)).toEqual({ apiKey: 'SECRET-1', password: 'pw' });
    expect(box.seal({ apiKey: 'SECRET-1' })).not.toBe(box.seal({ apiKey: 'SECRET-1' }));
    const other = new SecretBox({ KONTOR_SECRET_KEY: Buffer.alloc(32, 8).toString('base64'), DATA_DIR: '/nonexistent' });
    expect(() => other.open(sealed)).toThrow();
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => box.open(tampered)).toThrow();
    expect(box.seal({})).toBe('');
    expect(box.open('')).toEqual({});
  });

  it('creates a key file once in the data directory when no key is configured', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kontor-key-')), 'data');
    const sealed = new SecretBox({ DATA_DIR: dir }).seal({ apiKey: 'k' });
    const file = join(dir, 'secret.key');
    const key = readFileSync(file, 'utf8');
    expect(Buffer.from(key.trim(), 'base64')).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(new SecretBox({ DATA_DIR: dir }).open(sealed)).toEqual({ apiKey: 'k' });
    expect(readFileSync(file, 'utf8')).toBe(key);
  });
});
