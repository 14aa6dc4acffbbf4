import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA, createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Brute-force suite (issue 15 §4, docs/testing.md): many parallel wrong passwords reach the password
 * check at most as often as the limit allows, per account and per address, on either database.
 * BRUTE_FORCE_ATTEMPTS raises the number of parallel attempts (default 60).
 */
const verified = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../src/modules/auth/password.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/modules/auth/password.js')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      verified.calls++;
      return real.verifyPassword(hash, password);
    },
  };
});

const ATTEMPTS = Number(process.env.BRUTE_FORCE_ATTEMPTS ?? 60);
const PER_ACCOUNT = 10;
const PER_ADDRESS = 25;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT), LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS) },
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  verified.calls = 0;
});

async function captchas(n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, async () => (await t.call({ method: 'GET', url: '/v0/captcha/' })).body.data.id as string));
}

async function attempt(account: string, passwd: string, xxs: string, ip: string) {
  const res = await t.call({ method: 'POST', url: '/v0/auth/login', remoteAddress: ip, payload: { account, passwd, xxs, captcha: CAPTCHA } });
  expect(res.status).toBe(200);
  return res.body.code as string;
}

const tally = (codes: string[]) => codes.reduce<Record<string, number>>((all, code) => ({ ...all, [code]: (all[code] ?? 0) + 1 }), {});

describe('brute-force suite', () => {
  it(`lets at most ${PER_ACCOUNT} of ${ATTEMPTS} parallel wrong passwords for one account reach the password check`, async () => {
    const ids = await captchas(ATTEMPTS);
    // Each from its own address, so only the account's limit can stop them.
    const codes = await Promise.all(ids.map((xxs, i) => attempt('warehouse@demo.local', `wrong-${i}`, xxs, `10.1.${i >> 8}.${i & 255}`)));
    const counts = tally(codes);
    expect(Object.keys(counts).sort()).toEqual(['LoginError', 'TooManyAttempts']);
    expect(verified.calls).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(verified.calls).toBe(counts.LoginError);

    verified.calls = 0;
    const [right] = await captchas(1);
    expect(await attempt('warehouse@demo.local', 'demo1234', right!, '10.9.9.9')).toBe('TooManyAttempts');
    expect(verified.calls).toBe(0);
  });

  it(`lets at most ${PER_ADDRESS} of ${ATTEMPTS} parallel wrong passwords from one address reach the password check`, async () => {
    const ids = await captchas(ATTEMPTS);
    // Spread over accounts (unknown ones included: they are checked against a dummy hash) below their own limit.
    const accounts = ['staff@demo.local', 'station@demo.local', 'carrier@demo.local', ...Array.from({ length: 20 }, (_, i) => `nobody-${i}@demo.local`)];
    const codes = await Promise.all(ids.map((xxs, i) => attempt(accounts[i % accounts.length]!, `wrong-${i}`, xxs, '10.2.0.1')));
    const counts = tally(codes);
    expect(counts.TooManyAttempts).toBeGreaterThan(0);
    expect(verified.calls).toBeLessThanOrEqual(PER_ADDRESS);
    expect(verified.calls).toBe(counts.LoginError);

    const [fromThere, fromElsewhere] = await captchas(2);
    expect(await attempt('merchant-a@demo.local', 'demo1234', fromThere!, '10.2.0.1')).toBe('TooManyAttempts');
    expect(await attempt('merchant-a@demo.local', 'demo1234', fromElsewhere!, '10.2.0.2')).toBe('OK');
  });

  it('forgives the failures of an account that signs in, and its sign-in leaves no count behind', async () => {
    const ids = await captchas(PER_ACCOUNT);
    const codes = await Promise.all(ids.slice(0, PER_ACCOUNT - 1).map((xxs, i) => attempt('merchant-b@demo.local', `wrong-${i}`, xxs, '10.3.0.1')));
    expect(codes.every((c) => c === 'LoginError')).toBe(true);
    expect(await attempt('merchant-b@demo.local', 'demo1234', ids.at(-1)!, '10.3.0.2')).toBe('OK');
    const rows = await t.core.db.selectFrom('login_failures').select('key').where('key', 'in', ['account:merchant-b@demo.local', 'ip:10.3.0.2']).execute();
    expect(rows).toEqual([]);
    // The whole allowance is there again.
    const again = await captchas(PER_ACCOUNT);
    const next = await Promise.all(again.map((xxs, i) => attempt('merchant-b@demo.local', `wrong-again-${i}`, xxs, `10.4.0.${i}`)));
    expect(next.every((c) => c === 'LoginError')).toBe(true);
  });

  it(`lets at most ${PER_ACCOUNT} of ${ATTEMPTS} parallel guesses of the old password through a signed-in session reach the check`, async () => {
    const token = await t.login('staff@demo.local');
    verified.calls = 0;
    const codes = await Promise.all(
      Array.from({ length: ATTEMPTS }, async (_, i) => {
        const res = await t.call({
          method: 'PUT',
          url: '/v0/auth/chpasswd',
          token,
          remoteAddress: `10.5.${i >> 8}.${i & 255}`,
          payload: { old: `guess-${i}`, new: 'Another-pass-1' },
        });
        return res.body.code as string;
      }),
    );
    const counts = tally(codes);
    expect(Object.keys(counts).sort()).toEqual(['TooManyAttempts', 'WrongPassword']);
    expect(verified.calls).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(verified.calls).toBe(counts.WrongPassword);
    // Nothing was changed: the right old password is refused too while the account is throttled, and the password stands.
    const right = await t.call({
      method: 'PUT',
      url: '/v0/auth/chpasswd',
      token,
      remoteAddress: '10.6.0.1',
      payload: { old: 'demo1234', new: 'Another-pass-1' },
    });
    expect(right.body.code).toBe('TooManyAttempts');
  });
});
