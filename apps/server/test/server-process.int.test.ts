import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './helpers/server-process.js';
import { createTestDatabase, TEST_DB_KIND } from './helpers/test-db.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function databaseEnv(): Promise<Record<string, string>> {
  if (TEST_DB_KIND === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'kontor-proc-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: dir };
  }
  const db = await createTestDatabase();
  const url = db.url!;
  // The server migrates by itself; this handle only owns the database's lifetime.
  cleanups.push(() => db.close());
  return { DATABASE_URL: url };
}

async function signIn(url: string, account: string): Promise<any> {
  const captcha: any = await (await fetch(`${url}/v0/captcha/`)).json();
  const res = await fetch(`${url}/v0/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, passwd: 'demo1234', xxs: captcha.data.id, captcha: 'test' }),
  });
  return res.json();
}

describe('the server process', () => {
  it('migrates, loads the demo company once, keeps tokens out of its logs and stops cleanly on SIGTERM', async () => {
    const env = await databaseEnv();
    const first = await startServerProcess({ ...env, DEMO_DATA: '1' });
    expect(first.output()).toContain('Demo logins');
    const login = await signIn(first.url, 'admin@demo.local');
    expect(login.code).toBe('OK');
    const token: string = login.data.token;
    const stat = await fetch(`${first.url}/v0/auth/stat?x_token=${encodeURIComponent(token)}`);
    expect(((await stat.json()) as any).code).toBe('OK');
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).not.toContain(token);

    // A second start on the same database must not seed again.
    const second = await startServerProcess({ ...env, DEMO_DATA: '1' });
    expect(second.output()).not.toContain('Demo logins');
    expect((await signIn(second.url, 'admin@demo.local')).code).toBe('OK');
    expect(await second.stop('SIGINT')).toBe(0);
  }, 120_000);

  it('refuses to start with CAPTCHA_FIXED in production, naming the setting', async () => {
    await expect(startServerProcess({ DATA_DIR: 'memory://', NODE_ENV: 'production', CAPTCHA_FIXED: 'x' }, 20_000)).rejects.toThrow(/CAPTCHA_FIXED/);
  }, 30_000);
});
