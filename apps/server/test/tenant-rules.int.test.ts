import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { PDF, PNG, uploadFile } from './helpers/upload.js';

/** Issue 15 item 6: files attached by id stay in their tenant, merchant pickers, and stocktake approval apart from counting. */
let t: TestApp;
let admin: string;
let merchantA: string;
let merchantB: string;
let carrier: string;
let warehouse: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, merchantA, merchantB, carrier, warehouse] = (await Promise.all(
    ['admin', 'merchant-a', 'merchant-b', 'carrier', 'warehouse'].map((name) => t.login(`${name}@demo.local`)),
  )) as [string, string, string, string, string];
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, url: string, token: string, payload?: unknown, lang = 'en') =>
  t.call({ method: method as 'GET', url, token, payload: payload as never, headers: { 'x-lang': lang } }).then((r) => r.body);

describe('a file attached by id', () => {
  it("refuses another merchant's picture as avatar, in the user's language, and leaves that file deletable", async () => {
    const picture = await uploadFile(t, merchantA, 'image', 'a.png', PNG);
    const refused = await call('PUT', '/v0/auth/profile', merchantB, { avatar: picture.url }, 'de');
    expect(refused).toMatchObject({ code: 'IntegrityError', data: 'Einige Angaben fehlen oder sind ungültig.', error: { fields: [{ field: 'avatar' }] } });
    expect((await call('GET', '/v0/auth/stat', merchantB)).data.avatar).not.toBe(picture.url);
    // Nobody pinned it: it can be deleted.
    expect(await call('DELETE', `/v0/files/${picture.id}`, admin)).toEqual({ code: 'OK', data: null });
  });

  it('takes a picture of the own user or merchant, and refuses a document or a deleted file', async () => {
    const own = await uploadFile(t, merchantB, 'image', 'b.png', PNG);
    expect((await call('PUT', '/v0/auth/profile', merchantB, { avatar: own.url })).data.avatar).toBe(own.url);
    const document = await uploadFile(t, merchantB, 'intern', 'b.pdf', PDF);
    expect((await call('PUT', '/v0/auth/profile', merchantB, { avatar: document.url })).code).toBe('IntegrityError');
    const gone = await uploadFile(t, admin, 'image', 'gone.png', PNG);
    await call('DELETE', `/v0/files/${gone.id}`, admin);
    expect((await call('PUT', '/v0/auth/profile', admin, { avatar: gone.url })).code).toBe('IntegrityError');
    expect((await call('PUT', '/v0/auth/profile', merchantB, { avatar: '' })).data.avatar).toBe('');
  });

  it("refuses another merchant's file or an outside address as a return photo, and keeps its own", async () => {
    const foreign = await uploadFile(t, merchantA, 'image', 'a2.png', PNG);
    const own = await uploadFile(t, warehouse, 'image', 'parcel.png', PNG);
    const image = (urls: string[]) => JSON.stringify({ img: urls.map((url) => ({ url })) });
    const create = (shipSN: string, urls: string[]) => call('POST', '/v0/r7greceiving/', warehouse, { shipSN, agentGUID: 'C002', image: image(urls) });
    expect(await create('RT-PHOTO-1', [own.url, foreign.url])).toMatchObject({ code: 'IntegrityError', error: { fields: [{ field: 'image.img.1.url' }] } });
    expect(await create('RT-PHOTO-2', ['https://evil.example/x.png'])).toMatchObject({
      code: 'IntegrityError',
      error: { fields: [{ field: 'image.img.0.url' }] },
    });
    expect((await create('RT-PHOTO-3', [own.url])).code).toBe('OK');
    // The photo now belongs to the return's merchant: its users see it, the other merchant does not.
    const asB = await t.app.inject({ method: 'GET', url: `${own.url}?x_token=${merchantB}` });
    expect(asB.statusCode).toBe(200);
    const asA = await call('GET', own.url, merchantA);
    expect(asA.code).toBe('NotFound');
  });
});

describe('merchant pickers (/v0/merchants/opts)', () => {
  it('show a merchant itself, staff every merchant, and a carrier-gate user none', async () => {
    const codes = async (token: string) => ((await call('GET', '/v0/merchants/opts', token)).data as Array<{ code: string }>).map((m) => m.code);
    expect(await codes(merchantA)).toEqual(['C001']);
    expect(await codes(merchantB)).toEqual(['C002']);
    expect(await codes(warehouse)).toEqual(['C001', 'C002']);
    expect(await codes(carrier)).toEqual([]);
  });
});

describe('stocktake approval', () => {
  it('lets the warehouse role count but not approve; a manager approves', async () => {
    const compartment = (await call('GET', '/v0/compartment/any?q=A-03-04', admin)).data;
    const item = (await call('GET', '/v0/item/any?q=SKU-A', admin)).data.id;
    await call('POST', '/v0/inventory/adjust', admin, { itemId: item, compartment: 'A-03-04', delta: 4, reasonCode: 'found' });
    const count = (await call('POST', '/v0/stocktakes/', warehouse, { warehouseId: compartment.warehouseId, compartmentIds: [compartment.id] })).data;
    expect(
      (await call('PUT', `/v0/stocktakes/${count.id}/lines`, warehouse, { lines: [{ compartmentId: compartment.id, itemId: item, counted: 3 }] })).code,
    ).toBe('OK');
    const stat = (await call('GET', '/v0/auth/stat', warehouse)).data;
    expect(stat.privileges).toContain('wms.stocktake.edit');
    expect(stat.privileges).not.toContain('wms.stocktake.approve');
    expect((await call('POST', `/v0/stocktakes/${count.id}/post`, warehouse)).code).toBe('NoPermission');
    expect((await call('GET', `/v0/stocktakes/${count.id}`, warehouse)).data.status).toBe('open');

    const manager = await call('POST', '/v0/users/', admin, { account: 'manager@test.local', type: 110, roles: ['manager'], password: 'Manager-12345' });
    expect(manager.code, JSON.stringify(manager)).toBe('OK');
    const managerToken = await t.login('manager@test.local', 'Manager-12345');
    expect((await call('POST', `/v0/stocktakes/${count.id}/post`, managerToken)).data.status).toBe('posted');
  });
});
