import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAPTCHA, createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' } });
});
afterAll(async () => {
  await t?.close();
});

const captcha = async () => (await t.call({ method: 'GET', url: '/v0/captcha/' })).body.data as { id: string; image: string };
const login = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/v0/auth/login', payload });

describe('captcha', () => {
  it('answers an id and a PNG data URL', async () => {
    const c = await captcha();
    expect(c.id.length).toBeGreaterThan(10);
    expect(c.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(c.image.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('is single use', async () => {
    const c = await captcha();
    const first = await login({ account: 'staff@demo.local', passwd: 'demo1234', xxs: c.id, captcha: CAPTCHA });
    expect(first.body.code).toBe('OK');
    const again = await login({ account: 'staff@demo.local', passwd: 'demo1234', xxs: c.id, captcha: CAPTCHA });
    expect(again.body.code).toBe('CaptchaNotMatchError');
  });
});

describe('login', () => {
  it('needs the captcha id: IntegrityError without xxs', async () => {
    const res = await login({ account: 'staff@demo.local', passwd: 'demo1234', captcha: CAPTCHA });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('IntegrityError');
  });

  it('refuses a wrong captcha text', async () => {
    const res = await login({ account: 'warehouse@demo.local', passwd: 'demo1234', xxs: (await captcha()).id, captcha: 'nope' });
    expect(res.body.code).toBe('CaptchaNotMatchError');
    expect(typeof res.body.data).toBe('string');
  });

  it('answers LoginError alike for a wrong password and an unknown account, in the user language', async () => {
    const wrong = await login({ account: 'station@demo.local', passwd: 'wrong-pass', xxs: (await captcha()).id, captcha: CAPTCHA });
    const unknown = await t.call({
      method: 'POST',
      url: '/v0/auth/login',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      payload: { account: 'nobody@demo.local', passwd: 'wrong-pass', xxs: (await captcha()).id, captcha: CAPTCHA },
    });
    expect(wrong.body.code).toBe('LoginError');
    expect(unknown.body.code).toBe('LoginError');
    expect(unknown.body.data).not.toBe(wrong.body.data);
  });

  it('trims and lower-cases the account', async () => {
    const res = await login({ account: '  Staff@Demo.LOCAL ', passwd: 'demo1234', xxs: (await captcha()).id, captcha: CAPTCHA });
    expect(res.body.code).toBe('OK');
    expect(res.body.data.token).toBeTruthy();
    expect(res.body.data.loginEnvId).toBeTruthy();
  });

  it('lets a trusted login environment replace the captcha text, for that account only', async () => {
    const first = await login({ account: 'merchant-a@demo.local', passwd: 'demo1234', xxs: (await captcha()).id, captcha: CAPTCHA });
    const eid = first.body.data.loginEnvId as string;
    const ci = await t.call({ method: 'POST', url: '/v0/auth/_ci', payload: { login: 'merchant-a@demo.local', envId: eid } });
    expect(ci.body).toEqual({ code: 'OK', data: null });
    const ciOther = await t.call({ method: 'POST', url: '/v0/auth/_ci', payload: { login: 'merchant-b@demo.local', envId: eid } });
    expect(ciOther.body.code).toBe('LoginError');
    const again = await login({ account: 'merchant-a@demo.local', passwd: 'demo1234', xxs: (await captcha()).id, captcha: '', eid });
    expect(again.body.code).toBe('OK');
    expect(again.body.data.loginEnvId).toBe(eid);
    const foreign = await login({ account: 'merchant-b@demo.local', passwd: 'demo1234', xxs: (await captcha()).id, captcha: '', eid });
    expect(foreign.body.code).toBe('CaptchaNotMatchError');
  });

  it('locks an account after repeated failures, and the right password does not get through', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await login({ account: 'carrier@demo.local', passwd: 'bad-password', xxs: (await captcha()).id, captcha: CAPTCHA });
      expect(res.body.code).toBe('LoginError');
    }
    const locked = await login({ account: 'carrier@demo.local', passwd: 'demo1234', xxs: (await captcha()).id, captcha: CAPTCHA });
    expect(locked.body.code).toBe('TooManyAttempts');
    expect(locked.body.data).toMatch(/\d+ minute/);
    expect(locked.body.error.retryAfter).toBeGreaterThan(0);
  });

  it('refuses unknown fields and missing ones with field errors', async () => {
    const res = await login({ account: 'staff@demo.local', xxs: 'x', hack: 1 });
    expect(res.body.code).toBe('IntegrityError');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['hack', 'passwd']));
  });
});

describe('session', () => {
  it('answers the user on stat, with roles, privileges and the token', async () => {
    const token = await t.login('merchant-b@demo.local');
    const res = await t.call({ method: 'GET', url: '/v0/auth/stat', token });
    expect(res.body.code).toBe('OK');
    expect(res.body.data).toMatchObject({ account: 'merchant-b@demo.local', roles: ['merchant'], token, subId: 0, merchantName: expect.any(String) });
    expect(res.body.data.type).toBeLessThan(100);
    expect(res.body.data.privileges).toContain('wms.item.list');
  });

  it('answers HTTP 403 with an empty body after logout', async () => {
    const token = await t.login('staff@demo.local');
    expect((await t.call({ method: 'GET', url: '/v0/auth/refresh', token })).body.code).toBe('OK');
    expect((await t.call({ method: 'GET', url: '/v0/auth/logout', token })).body).toEqual({ code: 'OK', data: '' });
    const after = await t.call({ method: 'GET', url: '/v0/auth/stat', token });
    expect(after.status).toBe(403);
    expect(after.body).toBeNull();
  });

  it('ends an idle session after 40 minutes; background polls do not keep it alive, user calls do', async () => {
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now');
    try {
      const polled = await t.login('staff@demo.local');
      const used = await t.login('staff@demo.local');
      clock.mockReturnValue(start + 30 * 60_000);
      expect((await t.call({ method: 'GET', url: '/v0/ping', token: polled, headers: { 'x-background': '1' } })).status).toBe(200);
      expect((await t.call({ method: 'GET', url: '/v0/ping', token: used })).status).toBe(200);
      clock.mockReturnValue(start + 41 * 60_000);
      expect((await t.call({ method: 'GET', url: '/v0/ping', token: polled, headers: { 'x-background': '1' } })).status).toBe(403);
      expect((await t.call({ method: 'GET', url: '/v0/ping', token: used })).status).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });

  it('answers the session check only with a live token', async () => {
    const token = await t.login('staff@demo.local');
    expect((await t.call({ method: 'GET', url: '/v0/ping', token })).body).toEqual({ code: 'OK', data: null });
    expect((await t.call({ method: 'GET', url: '/v0/ping' })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/v0/ping', token: 'forged-token' })).status).toBe(403);
  });

  it('accepts the token as x_token query parameter', async () => {
    const token = await t.login('staff@demo.local');
    const res = await t.call({ method: 'GET', url: `/v0/auth/stat?x_token=${token}` });
    expect(res.body.code).toBe('OK');
  });

  it('narrows a session to one held role and back, never to a role not held', async () => {
    const role = (await t.core.db.insertInto('roles').values({ name: 'auditor', title: 'Auditor' }).returning('id').executeTakeFirstOrThrow()).id;
    const user = await t.core.db.selectFrom('users').select('id').where('account', '=', 'staff@demo.local').executeTakeFirstOrThrow();
    await t.core.db.insertInto('user_roles').values({ user_id: user.id, role_id: role }).execute();
    const token = await t.login('staff@demo.local');
    const before = (await t.call({ method: 'GET', url: '/v0/auth/stat', token })).body.data;
    expect(before.heldRoles).toEqual(['auditor', 'employee']);
    const routesBefore = (await t.call({ method: 'GET', url: '/v0/role/route', token })).body.data as string[];
    expect((await t.call({ method: 'PUT', url: '/v0/auth/role', token, payload: { role: 'auditor' } })).body.code).toBe('OK');
    const narrowed = (await t.call({ method: 'GET', url: '/v0/auth/stat', token })).body.data;
    expect(narrowed.roles).toEqual(['auditor']);
    expect(narrowed.privileges).toEqual([]);
    const routesNarrow = (await t.call({ method: 'GET', url: '/v0/role/route', token })).body.data as string[];
    expect(routesNarrow.length).toBeLessThan(routesBefore.length);
    expect((await t.call({ method: 'PUT', url: '/v0/auth/role', token, payload: { role: 'admin' } })).body.code).toBe('NoPermission');
    expect((await t.call({ method: 'PUT', url: '/v0/auth/role', token, payload: { role: null } })).body.code).toBe('OK');
    expect((await t.call({ method: 'GET', url: '/v0/auth/stat', token })).body.data.roles).toEqual(['auditor', 'employee']);
  });

  it('lists allowed console paths by role; admin gets every route', async () => {
    const merchant = await t.login('merchant-a@demo.local');
    const admin = await t.login('admin@demo.local');
    const m = (await t.call({ method: 'GET', url: '/v0/role/route', token: merchant })).body.data as string[];
    const a = (await t.call({ method: 'GET', url: '/v0/role/route', token: admin })).body.data as string[];
    expect(m).toContain('/home');
    expect(m).not.toContain('/settings/users');
    expect(a.length).toBeGreaterThan(m.length);
  });

  it('lets only an admin act for a sub-account', async () => {
    const admin = await t.login('admin@demo.local');
    const list = await t.call({ method: 'GET', url: '/v0/auth/__subId', token: admin });
    const merchantId = list.body.data[0].id as number;
    expect((await t.call({ method: 'PUT', url: `/v0/auth/__subId?q=${merchantId}`, token: admin })).body.code).toBe('OK');
    const stat = await t.call({ method: 'GET', url: '/v0/auth/stat', token: admin });
    expect(stat.body.data.subId).toBe(merchantId);
    expect((await t.call({ method: 'PUT', url: '/v0/auth/__subId?q=999999', token: admin })).body.code).toBe('NotFound');
    const staff = await t.login('staff@demo.local');
    expect((await t.call({ method: 'PUT', url: `/v0/auth/__subId?q=${merchantId}`, token: staff })).body.code).toBe('NoPermission');
    expect((await t.call({ method: 'PUT', url: '/v0/auth/__subId?q=abc', token: admin })).body.code).toBe('IntegrityError');
  });
});

describe('passwords', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const keep = await t.login('warehouse@demo.local');
    const other = await t.login('warehouse@demo.local');
    const wrong = await t.call({ method: 'PUT', url: '/v0/auth/chpasswd', token: keep, payload: { old: 'nope', new: 'another-pass-1' } });
    expect(wrong.body.code).toBe('WrongPassword');
    const short = await t.call({ method: 'PUT', url: '/v0/auth/chpasswd', token: keep, payload: { old: 'demo1234', new: 'short' } });
    expect(short.body.code).toBe('IntegrityError');
    const res = await t.call({ method: 'PUT', url: '/v0/auth/chpasswd', token: keep, payload: { old: 'demo1234', new: 'another-pass-1' } });
    expect(res.body.code).toBe('OK');
    expect((await t.call({ method: 'GET', url: '/v0/auth/stat', token: keep })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/v0/auth/stat', token: other })).status).toBe(403);
    await t.login('warehouse@demo.local', 'another-pass-1');
  });

  it('resets a password through the mailed single-use link', async () => {
    const ask = await t.call({
      method: 'POST',
      url: '/v0/auth/resetPassword',
      payload: { email: 'Station@demo.local', xxs: (await captcha()).id, captcha: CAPTCHA },
    });
    expect(ask.body.code).toBe('OK');
    const unknown = await t.call({
      method: 'POST',
      url: '/v0/auth/resetPassword',
      payload: { email: 'ghost@demo.local', xxs: (await captcha()).id, captcha: CAPTCHA },
    });
    expect(unknown.body.code).toBe('OK');
    const mail = await t.core.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_address).toContain('station@demo.local');
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]!);
    const set = await t.call({
      method: 'PUT',
      url: '/v0/auth/resetPassword',
      payload: { token, passwd: 'fresh-pass-9', xxs: (await captcha()).id, captcha: CAPTCHA },
    });
    expect(set.body.code).toBe('OK');
    const reuse = await t.call({
      method: 'PUT',
      url: '/v0/auth/resetPassword',
      payload: { token, passwd: 'fresh-pass-9', xxs: (await captcha()).id, captcha: CAPTCHA },
    });
    expect(reuse.body.code).toBe('InvalidToken');
    await t.login('station@demo.local', 'fresh-pass-9');
  });
});
