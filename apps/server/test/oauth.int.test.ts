import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
});
afterAll(async () => {
  await t?.close();
});

const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v0/oauth2/token',
    payload: new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

async function newClient(payload: Record<string, unknown>, token = admin) {
  const res = await t.call({ method: 'POST', url: '/v0/oauth2/clients/', token, payload });
  return res.body;
}

describe('OAuth2 clients', () => {
  it('shows the secret once, stores only its hash, and issues tokens that carry only the client scopes and merchant', async () => {
    const merchants = (await t.call({ method: 'GET', url: '/v0/merchants/', token: admin })).body.data as Array<{ id: number; code: string }>;
    const c001 = merchants.find((m) => m.code === 'C001')!.id;
    const created = await newClient({ name: 'Shop sync', scopes: ['sys.lookup.list'], merchantId: c001 });
    expect(created.code).toBe('OK');
    const { client, secret } = created.data;
    expect(secret).toMatch(/^[\w-]{40,}$/);
    const stored = await t.core.db.selectFrom('oauth_clients').select('secret_hash').where('id', '=', client.id).executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(secret);
    const listed = (await t.call({ method: 'GET', url: '/v0/oauth2/clients/', token: admin })).body.data;
    expect(JSON.stringify(listed)).not.toContain(secret);

    const res = await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 1800, scope: 'sys.lookup.list' });
    const bearer = { authorization: `Bearer ${body.access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/v0/lookup/', headers: bearer })).json().code).toBe('OK');
    expect((await t.app.inject({ method: 'GET', url: '/v0/tax/', headers: bearer })).json().code).toBe('NoPermission');
    expect((await t.app.inject({ method: 'GET', url: '/v0/users/', headers: bearer })).json().code).toBe('NoPermission');
    const stat = (await t.app.inject({ method: 'GET', url: '/v0/auth/stat', headers: bearer })).json().data;
    expect(stat).toMatchObject({ merchantId: c001, roles: [], privileges: ['sys.lookup.list'] });
  });

  it('accepts HTTP Basic credentials and a narrower scope, and refuses as RFC 6749 says', async () => {
    const { client, secret } = (await newClient({ name: 'Reporting', scopes: ['sys.lookup.list', 'sys.tax.list'] })).data;
    const basic = { authorization: `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}` };
    const narrow = await form({ grant_type: 'client_credentials', scope: 'sys.tax.list' }, basic);
    expect(narrow.json().scope).toBe('sys.tax.list');
    expect((await form({ grant_type: 'client_credentials', scope: 'sys.users.list' }, basic)).json()).toEqual({ error: 'invalid_scope' });
    const wrong = await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_client' });
    expect((await form({ grant_type: 'password', client_id: client.clientId, client_secret: secret })).json()).toEqual({ error: 'unsupported_grant_type' });
    expect((await form({})).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/v0/oauth2/token',
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret },
    });
    expect(json.statusCode).toBe(200);
  });

  it('ends the tokens of a client whose secret is rotated, scopes change, or which is disabled', async () => {
    const { client, secret } = (await newClient({ name: 'Rotating', scopes: ['sys.lookup.list'] })).data;
    const token = (await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret })).json().access_token;
    const rotated = (await t.call({ method: 'POST', url: `/v0/oauth2/clients/${client.id}/secret`, token: admin })).body.data;
    expect((await t.app.inject({ method: 'GET', url: '/v0/lookup/', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    expect((await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret })).statusCode).toBe(401);
    const fresh = (await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: rotated.secret })).json().access_token;
    const disabled = await t.call({
      method: 'PUT',
      url: `/v0/oauth2/clients/${client.id}`,
      token: admin,
      payload: { disabled: true, version: rotated.client.version },
    });
    expect(disabled.body.data.disabled).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/v0/lookup/', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(403);
    expect((await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: rotated.secret })).statusCode).toBe(401);
  });

  it('grants only scopes the creator holds, keeps merchants to their own clients, and needs the privilege', async () => {
    const staff = await t.login('staff@demo.local');
    expect((await newClient({ name: 'x', scopes: ['sys.lookup.list'] }, staff)).code).toBe('NoPermission');
    expect((await newClient({ name: 'x', scopes: ['no.such.privilege'] })).error.fields[0].field).toBe('scopes.0');
    // A role holding sys.oauth2.edit but not sys.users.edit cannot hand out sys.users.edit.
    await t.call({
      method: 'POST',
      url: '/v0/roles/',
      token: admin,
      payload: { name: 'integrator', privileges: ['sys.oauth2.list', 'sys.oauth2.edit', 'sys.lookup.list'] },
    });
    const me = (await t.call({ method: 'GET', url: '/v0/users/?q=staff@demo.local', token: admin })).body.data.data[0];
    await t.call({ method: 'PUT', url: `/v0/users/${me.id}`, token: admin, payload: { roles: [...me.roles, 'integrator'], version: me.version } });
    const integrator = await t.login('staff@demo.local');
    expect((await newClient({ name: 'ok', scopes: ['sys.lookup.list'] }, integrator)).code).toBe('OK');
    const refused = await newClient({ name: 'escalate', scopes: ['sys.users.edit'] }, integrator);
    expect(refused.code).toBe('NoPermission');
  });
});
