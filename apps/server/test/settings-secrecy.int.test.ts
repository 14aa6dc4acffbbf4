import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../src/modules/settings/setting-secrecy.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Issue 15 §2: which settings a user may read, and that secrets never leave the server.
let t: TestApp;
let admin: string;
let merchant: string;
let warehouse: string;
let staff: string;
let carrierId: number;
let mailId: number;

const API_KEY = 'dhl-live-4f1c9a7e';
const SMTP_PASSWORD = 'smtp-pass-77c1';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
  merchant = await t.login('merchant-a@demo.local');
  warehouse = await t.login('warehouse@demo.local');
  staff = await t.login('staff@demo.local');
  const carrier = await send('POST', '/v0/settings/', { key: 'sys:carrier.dhl', value: { account: '5012345678', apiKey: API_KEY } });
  const mail = await send('POST', '/v0/settings/', {
    key: 'sys:mail',
    value: { host: 'smtp.example.com', port: 587, auth: { user: 'kontor', password: SMTP_PASSWORD } },
  });
  expect([carrier.code, mail.code]).toEqual(['OK', 'OK']);
  carrierId = carrier.data.id;
  mailId = mail.data.id;
});
afterAll(async () => {
  await t?.close();
});

async function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) {
  return (await t.call({ method, url, token, payload: payload as never })).body;
}
const config = (key: string, token: string) => send('GET', `/v0/settings/config?q=${encodeURIComponent(key)}`, undefined, token);
const stored = async (id: number) =>
  (await sql<{ value: unknown }>`select value from settings where id = ${id}`.execute(t.core.db)).rows[0]!.value as Record<string, unknown>;
const noSecretIn = (answer: unknown) => {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  expect(text).not.toContain(API_KEY);
  expect(text).not.toContain(SMTP_PASSWORD);
};

describe('settings secrecy', () => {
  it('answers the public configuration to every user, other keys only with sys.settings.list', async () => {
    for (const token of [merchant, warehouse, staff, admin]) {
      expect((await config('sys:merchant', token)).data).toMatchObject({ currency: 'EUR' });
      expect((await config('map:rma:businessType', token)).data).toEqual({ B2C: 1, RMA: 2, Repair: 3 });
      expect((await config('map:unset', token)).data).toBeNull();
    }
    for (const token of [merchant, warehouse, staff]) {
      for (const key of ['sys:carrier.dhl', 'sys:mail', 'sys:unset']) {
        const answer = await config(key, token);
        expect(answer.code, key).toBe('NoPermission');
        noSecretIn(answer);
      }
      expect((await send('GET', '/v0/settings/', undefined, token)).code).toBe('NoPermission');
      expect((await send('GET', `/v0/settings/${carrierId}`, undefined, token)).code).toBe('NoPermission');
    }
    expect((await config('sys:mail', admin)).data).toMatchObject({ host: 'smtp.example.com', port: 587 });
  });

  it('never sends a secret, not even to an administrator: config, list, detail, export and audit', async () => {
    expect((await config('sys:carrier.dhl', admin)).data).toBe(SECRET_MASK);
    expect((await config('sys:mail', admin)).data).toEqual({ host: 'smtp.example.com', port: 587, auth: { user: 'kontor', password: SECRET_MASK } });

    const list = await send('GET', '/v0/settings/?l=100');
    expect(list.data.data.find((r: { key: string }) => r.key === 'sys:carrier.dhl').value).toBe(SECRET_MASK);
    noSecretIn(list);
    noSecretIn(await send('GET', `/v0/settings/${carrierId}`));
    noSecretIn(await send('GET', `/v0/settings/${mailId}`));

    const queued = await send('POST', '/v0/settings/export');
    await t.core.jobs!.runner!.drain();
    const job = (await send('GET', `/v0/jobs/${queued.data.id}`)).data;
    expect(job.status).toBe('done');
    const file = String((await t.call({ method: 'GET', url: job.resultUrl, token: admin })).body);
    expect(file).toContain('sys:carrier.dhl');
    noSecretIn(file);

    noSecretIn(await send('GET', `/v0/audit/?entity=setting&entityId=${carrierId}`));
    noSecretIn(await send('GET', `/v0/audit/?entity=setting&entityId=${mailId}`));
    // The secrets are still stored, for the server's own use.
    expect(await stored(carrierId)).toMatchObject({ apiKey: API_KEY });
  });

  it('keeps a masked secret when a setting is saved back, takes a newly typed one, and never moves one to another key', async () => {
    const mail = (await send('GET', `/v0/settings/${mailId}`)).data;
    const saved = await send('PUT', `/v0/settings/${mailId}`, { key: 'sys:mail', value: { ...mail.value, port: 465 }, version: mail.version });
    expect(saved.code).toBe('OK');
    expect(await stored(mailId)).toEqual({ host: 'smtp.example.com', port: 465, auth: { user: 'kontor', password: SMTP_PASSWORD } });

    const carrier = (await send('GET', `/v0/settings/${carrierId}`)).data;
    expect((await send('PUT', `/v0/settings/${carrierId}`, { key: 'sys:carrier.dhl', value: SECRET_MASK, version: carrier.version })).code).toBe('OK');
    expect(await stored(carrierId)).toEqual({ account: '5012345678', apiKey: API_KEY });
    const typed = await send('PUT', `/v0/settings/${carrierId}`, { key: 'sys:carrier.dhl', value: { apiKey: 'new-key' }, version: carrier.version + 1 });
    expect(typed.data.value).toBe(SECRET_MASK);
    expect(await stored(carrierId)).toEqual({ apiKey: 'new-key' });

    // Renaming a secret setting to a public key with the mask in place must not publish the stored secret.
    const moved = await send('PUT', `/v0/settings/${carrierId}`, { key: 'map:leak', value: SECRET_MASK, version: carrier.version + 2 });
    expect(moved.code).toBe('OK');
    expect((await config('map:leak', merchant)).data).toBe(SECRET_MASK);
    expect(await stored(carrierId)).toBe(SECRET_MASK);
  });
});
