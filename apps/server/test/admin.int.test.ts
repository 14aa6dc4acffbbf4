import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let merchantA: number;
let merchantB: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
  const list = (await t.call({ method: 'GET', url: '/v0/merchants/', token: admin })).body.data as Array<{ id: number; code: string }>;
  merchantA = list.find((m) => m.code === 'C001')!.id;
  merchantB = list.find((m) => m.code === 'C002')!.id;
});
afterAll(async () => {
  await t?.close();
});

const newUser = (over: Record<string, unknown> = {}) => ({
  account: `u${Math.random().toString(36).slice(2, 8)}@demo.local`,
  name: 'New Person',
  type: 110,
  roles: ['employee'],
  password: 'secret-pass-1',
  ...over,
});

describe('users', () => {
  it('creates, reads, updates and lists users; the audit keeps no password hash', async () => {
    const created = await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload: newUser({ account: ' New.Clerk@Demo.Local ' }) });
    expect(created.body.code).toBe('OK');
    const user = created.body.data;
    expect(user).toMatchObject({ account: 'new.clerk@demo.local', roles: ['employee'], type: 110, merchantId: null, version: 1 });
    const updated = await t.call({
      method: 'PUT',
      url: `/v0/users/${user.id}`,
      token: admin,
      payload: { name: 'Renamed', roles: ['employee', 'warehouse'], version: 1 },
    });
    expect(updated.body.data).toMatchObject({ name: 'Renamed', roles: ['employee', 'warehouse'], version: 2 });
    const found = await t.call({ method: 'GET', url: '/v0/users/?q=new.clerk', token: admin });
    expect(found.body.data.data.map((u: { id: number }) => u.id)).toEqual([user.id]);
    const auditRows = (await t.call({ method: 'GET', url: `/v0/audit/?entity=user&entityId=${user.id}`, token: admin })).body.data;
    expect(auditRows.map((a: { action: string }) => a.action)).toEqual(['update', 'create']);
    expect(JSON.stringify(auditRows)).not.toMatch(/argon2|password_hash/);
  });

  it('changes only the fields an update names: a new name keeps roles, merchant and language', async () => {
    const created = (
      await t.call({
        method: 'POST',
        url: '/v0/users/',
        token: admin,
        payload: newUser({ type: 10, merchantId: merchantA, roles: ['merchant'], language: 'de', email: 'm@x.de' }),
      })
    ).body.data;
    const renamed = await t.call({ method: 'PUT', url: `/v0/users/${created.id}`, token: admin, payload: { name: 'Only the name', version: 1 } });
    expect(renamed.body.data).toMatchObject({ name: 'Only the name', roles: ['merchant'], merchantId: merchantA, language: 'de', email: 'm@x.de', type: 10 });
    const role = (
      await t.call({
        method: 'POST',
        url: '/v0/roles/',
        token: admin,
        payload: { name: 'keeper', title: 'Keeper', description: 'keeps', privileges: ['wms.item.list'] },
      })
    ).body.data;
    const changed = await t.call({
      method: 'PUT',
      url: `/v0/roles/${role.id}`,
      token: admin,
      payload: { privileges: ['sys.users.list'], version: role.version },
    });
    expect(changed.body.data).toMatchObject({ title: 'Keeper', description: 'keeps', privileges: ['sys.users.list'] });
  });

  it('pages with the cursor without losing rows created in the same transaction', async () => {
    const seen = new Set<number>();
    let o: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page: any = (await t.call({ method: 'GET', url: `/v0/users/?l=2${o ? `&o=${encodeURIComponent(o)}` : ''}`, token: admin })).body.data;
      page.data.forEach((u: { id: number }) => seen.add(u.id));
      o = page.next;
      if (!o) break;
    }
    const total = await t.core.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(seen.size).toBe(Number(total.n));
    expect((await t.call({ method: 'GET', url: '/v0/users/?o=yesterday', token: admin })).body.code).toBe('IntegrityError');
  });

  it('refuses bad input with the field at fault, and duplicates', async () => {
    const bad = await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload: newUser({ account: 'not-an-email', type: 999, extra: 1 }) });
    expect(bad.body.code).toBe('IntegrityError');
    expect(bad.body.error.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['account', 'type', 'extra']));
    const noMerchant = await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload: newUser({ type: 10, roles: ['merchant'] }) });
    expect(noMerchant.body.error.fields[0].field).toBe('merchantId');
    const unknownRole = await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload: newUser({ roles: ['wizard'] }) });
    expect(unknownRole.body.error.fields[0].field).toBe('roles');
    const dup = await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload: newUser({ account: 'staff@demo.local' }) });
    expect(dup.body.code).toBe('Duplicate');
  });

  it('answers Conflict for a stale version and changes nothing', async () => {
    const user = (await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload: newUser() })).body.data;
    await t.call({ method: 'PUT', url: `/v0/users/${user.id}`, token: admin, payload: { name: 'First', version: 1 } });
    const stale = await t.call({ method: 'PUT', url: `/v0/users/${user.id}`, token: admin, payload: { name: 'Second', version: 1 } });
    expect(stale.body.code).toBe('Conflict');
    expect((await t.call({ method: 'GET', url: `/v0/users/${user.id}`, token: admin })).body.data.name).toBe('First');
  });

  it('signs a disabled user out everywhere at once', async () => {
    const user = (await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload: newUser({ account: 'leaver@demo.local' }) })).body.data;
    const token = await t.login('leaver@demo.local', 'secret-pass-1');
    expect((await t.call({ method: 'GET', url: '/v0/ping', token })).status).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/v0/users/${user.id}`, token: admin })).body.code).toBe('OK');
    expect((await t.call({ method: 'GET', url: '/v0/ping', token })).status).toBe(403);
  });

  it('keeps the last administrator and does not let an admin remove themselves', async () => {
    const me = (await t.call({ method: 'GET', url: '/v0/auth/stat', token: admin })).body.data;
    const current = (await t.call({ method: 'GET', url: `/v0/users/${me.id}`, token: admin })).body.data;
    const demote = await t.call({ method: 'PUT', url: `/v0/users/${me.id}`, token: admin, payload: { roles: ['employee'], version: current.version } });
    expect(demote.body.code).toBe('LastAdmin');
    expect((await t.call({ method: 'DELETE', url: `/v0/users/${me.id}`, token: admin })).body.code).toBe('InvalidState');
  });

  it('refuses without the privilege and keeps merchants to their own users', async () => {
    const staff = await t.login('staff@demo.local');
    expect((await t.call({ method: 'GET', url: '/v0/users/', token: staff })).body.code).toBe('NoPermission');
    expect((await t.call({ method: 'POST', url: '/v0/users/', token: staff, payload: newUser() })).body.code).toBe('NoPermission');
    // An admin acting for merchant A sees only A's users; B's user is not found.
    await t.call({ method: 'PUT', url: `/v0/auth/__subId?q=${merchantA}`, token: admin });
    const list = (await t.call({ method: 'GET', url: '/v0/users/', token: admin })).body.data.data as Array<{ merchantId: number; id: number }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((u) => u.merchantId === merchantA)).toBe(true);
    const bUser = await t.core.db.selectFrom('users').select('id').where('merchant_id', '=', merchantB).executeTakeFirstOrThrow();
    expect((await t.call({ method: 'GET', url: `/v0/users/${bUser.id}`, token: admin })).body.code).toBe('NotFound');
    await t.call({ method: 'PUT', url: '/v0/auth/__subId?q=0', token: admin });
  });
});

describe('roles', () => {
  it('changes a role and the holders see it on their next call', async () => {
    const role = (
      await t.call({ method: 'POST', url: '/v0/roles/', token: admin, payload: { name: 'picker', title: 'Picker', privileges: ['wms.item.list'] } })
    ).body.data;
    expect(role).toMatchObject({ name: 'picker', privileges: ['wms.item.list'], users: 0 });
    const user = (
      await t.call({ method: 'POST', url: '/v0/users/', token: admin, payload: newUser({ account: 'picker@demo.local', type: 120, roles: ['picker'] }) })
    ).body.data;
    const token = await t.login('picker@demo.local', 'secret-pass-1');
    expect((await t.call({ method: 'GET', url: '/v0/role/route', token })).body.data).toContain('/wms/item');
    await t.call({ method: 'PUT', url: `/v0/roles/${role.id}`, token: admin, payload: { privileges: ['wms.inventory.list'], version: role.version } });
    const routes = (await t.call({ method: 'GET', url: '/v0/role/route', token })).body.data as string[];
    expect(routes).toContain('/wms/inventory');
    expect(routes).not.toContain('/wms/item');
    expect((await t.call({ method: 'DELETE', url: `/v0/roles/${role.id}`, token: admin })).body.code).toBe('InvalidState');
    expect(user.roles).toEqual(['picker']);
  });

  it('refuses unknown privileges by position and protects the admin role', async () => {
    const bad = await t.call({ method: 'POST', url: '/v0/roles/', token: admin, payload: { name: 'odd', privileges: ['wms.item.list', 'make.coffee'] } });
    expect(bad.body.code).toBe('IntegrityError');
    expect(bad.body.error.fields[0].field).toBe('privileges.1');
    const roles = (await t.call({ method: 'GET', url: '/v0/roles/', token: admin })).body.data as Array<{ id: number; name: string; version: number }>;
    const adminRole = roles.find((r) => r.name === 'admin')!;
    expect((await t.call({ method: 'DELETE', url: `/v0/roles/${adminRole.id}`, token: admin })).body.code).toBe('InvalidState');
    const catalogue = (await t.call({ method: 'GET', url: '/v0/privileges/', token: admin })).body.data as Array<{
      area: string;
      privileges: Array<{ name: string; routes: string[] }>;
    }>;
    const wms = catalogue.find((g) => g.area === 'wms')!;
    expect(wms.privileges.find((p) => p.name === 'wms.item.list')!.routes).toContain('/wms/item');
  });
});

describe('merchants and profile', () => {
  it('creates a merchant; disabling it signs its users out', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/v0/merchants/',
      token: admin,
      payload: { code: 'c9', name: 'Nine GmbH', currency: 'EUR', address: { city: 'Leipzig', country: 'DE' } },
    });
    expect(created.body.data).toMatchObject({ code: 'C9', name: 'Nine GmbH', disabled: false });
    expect((await t.call({ method: 'POST', url: '/v0/merchants/', token: admin, payload: { code: 'C9', name: 'Again' } })).body.code).toBe('Duplicate');
    await t.call({
      method: 'POST',
      url: '/v0/users/',
      token: admin,
      payload: newUser({ account: 'nine@demo.local', type: 10, roles: ['merchant'], merchantId: created.body.data.id }),
    });
    const token = await t.login('nine@demo.local', 'secret-pass-1');
    await t.call({ method: 'PUT', url: `/v0/merchants/${created.body.data.id}`, token: admin, payload: { disabled: true, version: 1 } });
    expect((await t.call({ method: 'GET', url: '/v0/ping', token })).status).toBe(403);
    const merchantUser = await t.login('merchant-a@demo.local');
    expect((await t.call({ method: 'GET', url: `/v0/merchants/${merchantB}`, token: merchantUser })).body.code).toBe('NoPermission');
  });

  it('lets every user edit their own profile, within the rules', async () => {
    const token = await t.login('merchant-b@demo.local');
    const res = await t.call({ method: 'PUT', url: '/v0/auth/profile', token, payload: { name: 'Bea', introduction: 'Orders for shop B', language: 'de' } });
    expect(res.body.data).toMatchObject({ name: 'Bea', language: 'de' });
    const stat = (await t.call({ method: 'GET', url: '/v0/auth/stat', token })).body.data;
    expect(stat).toMatchObject({ name: 'Bea', introduction: 'Orders for shop B', language: 'de' });
    const evil = await t.call({ method: 'PUT', url: '/v0/auth/profile', token, payload: { avatar: 'https://evil.example/x.png' } });
    expect(evil.body.code).toBe('IntegrityError');
    const escalate = await t.call({ method: 'PUT', url: '/v0/auth/profile', token, payload: { type: 190 } });
    expect(escalate.body.code).toBe('IntegrityError');
  });
});
