import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCaptcha } from '../src/modules/auth/captcha-image.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
const PNG = Buffer.from(renderCaptcha('1234').split(',')[1]!, 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function multipart(name: string, data: Buffer, field = 'upload') {
  const boundary = '----kontor' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, kind: string, name: string, data: Buffer) {
  return t.call({ method: 'POST', url: `/v0/statics/upload/${kind}`, token, ...multipart(name, data) });
}

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_MB: '0.05' } });
});
afterAll(async () => {
  await t?.close();
});

describe('files', () => {
  it('stores an avatar, sets it on the user and serves it with a safe type', async () => {
    const token = await t.login('staff@demo.local');
    const res = await upload(token, 'avatar', '../../me.png', PNG);
    expect(res.body.code).toBe('OK');
    expect(res.body.data).toMatchObject({ mime: 'image/png', name: 'me.png', size: PNG.length });
    const stat = await t.call({ method: 'GET', url: '/v0/auth/stat', token });
    expect(stat.body.data.avatar).toBe(res.body.data.url);
    const file = await t.app.inject({ method: 'GET', url: `${res.body.data.url}?x_token=${token}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges the type by content, not by name', async () => {
    const token = await t.login('staff@demo.local');
    const html = await upload(token, 'image', 'cat.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.body.code).toBe('UnsupportedFile');
    const pdfAsAvatar = await upload(token, 'avatar', 'me.png', PDF);
    expect(pdfAsAvatar.body.code).toBe('UnsupportedFile');
    const pdf = await upload(token, 'intern', 'invoice.txt', PDF);
    expect(pdf.body.data.mime).toBe('application/pdf');
  });

  it('refuses an upload above the limit and stores nothing', async () => {
    const token = await t.login('staff@demo.local');
    const before = await t.core.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await upload(token, 'intern', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(80 * 1024, 32)]));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('PayloadTooLarge');
    const after = await t.core.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("keeps a merchant's internal files from other merchants", async () => {
    const a = await t.login('merchant-a@demo.local');
    const b = await t.login('merchant-b@demo.local');
    const staff = await t.login('staff@demo.local');
    const res = await upload(a, 'intern', 'contract.pdf', PDF);
    const url = res.body.data.url as string;
    expect((await t.app.inject({ method: 'GET', url, headers: { 'x-token': a } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'x-token': staff } })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url, token: b })).body.code).toBe('NotFound');
    expect((await t.call({ method: 'GET', url })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/v0/static/nothing-here', token: a })).body.code).toBe('IntegrityError');
  });

  it('needs the multipart field upload', async () => {
    const token = await t.login('staff@demo.local');
    const wrongField = await t.call({ method: 'POST', url: '/v0/statics/upload/image', token, ...multipart('x.png', PNG, 'file') });
    expect(wrongField.body.code).toBe('IntegrityError');
    const json = await t.call({ method: 'POST', url: '/v0/statics/upload/image', token, payload: { a: 1 } });
    expect(json.body.code).toBe('IntegrityError');
    const kind = await t.call({ method: 'POST', url: '/v0/statics/upload/script', token, ...multipart('x.png', PNG) });
    expect(kind.body.code).toBe('IntegrityError');
  });

  it('lists uploads with who and when for the files screen, pages them, and deletes one not in use', async () => {
    const admin = await t.login('admin@demo.local');
    const merchant = await t.login('merchant-a@demo.local');
    const mine = (await upload(merchant, 'intern', 'contract-a.pdf', PDF)).body.data;
    for (let i = 0; i < 3; i++) await upload(admin, 'intern', `note-${i}.pdf`, PDF);
    const avatar = (await upload(admin, 'avatar', 'admin.png', PNG)).body.data;

    const all = (await t.call({ method: 'GET', url: '/v0/files/?l=100', token: admin })).body.data;
    const entry = all.data.find((f: { id: string }) => f.id === mine.id);
    expect(entry).toMatchObject({ name: 'contract-a.pdf', owner: 'merchant-a@demo.local', merchantName: expect.any(String), kind: 'intern' });
    const first = (await t.call({ method: 'GET', url: '/v0/files/?l=2&q=note', token: admin })).body.data;
    expect(first.data).toHaveLength(2);
    const second = (await t.call({ method: 'GET', url: `/v0/files/?l=2&q=note&o=${encodeURIComponent(first.next)}`, token: admin })).body.data;
    expect([...first.data, ...second.data].map((f: { name: string }) => f.name).sort()).toEqual(['note-0.pdf', 'note-1.pdf', 'note-2.pdf']);

    expect((await t.call({ method: 'GET', url: '/v0/files/', token: merchant })).body.code).toBe('NoPermission');
    expect((await t.call({ method: 'DELETE', url: `/v0/files/${avatar.id}`, token: admin })).body.code).toBe('InUse');
    expect((await t.call({ method: 'DELETE', url: `/v0/files/${mine.id}`, token: admin })).body.code).toBe('OK');
    expect((await t.app.inject({ method: 'GET', url: `${mine.url}?x_token=${admin}` })).json().code).toBe('NotFound');
    expect((await t.call({ method: 'GET', url: `/v0/audit/?entity=file&entityId=${mine.id}`, token: admin })).body.data[0].action).toBe('delete');
  });
});
