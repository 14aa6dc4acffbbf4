import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let warehouseId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
  warehouseId = (await t.call({ method: 'GET', url: '/v0/warehouses/?code=DE01', token: admin })).body.data.data[0].id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.call({ method, url, token, payload: payload as never }).then((r) => r.body);

describe('warehouses and compartments', () => {
  it('ships warehouse DE01 with the demo compartments, walked by picking priority', async () => {
    const byPriority = (await get(`/v0/compartments/?warehouseId=${warehouseId}&s=priority&d=asc&l=3`)).data;
    expect(byPriority.data.map((c: { code: string }) => c.code)).toEqual(['A-01-01', 'A-02-03', 'B-10-01']);
    expect(byPriority.total).toBeGreaterThan(30);
    expect((await get('/v0/compartments/?kind=inboundStaging')).data.data[0]).toMatchObject({ code: 'IN-01', blocked: false });
  });

  it('normalises codes, refuses a duplicate code in the same warehouse and an unknown warehouse', async () => {
    const created = await send('POST', '/v0/compartments/', { warehouseId, code: 'z-99-01', kind: 'bulk', capacityWeight: 1200.5 });
    expect(created.data).toMatchObject({ code: 'Z-99-01', zone: '', priority: 100, capacityWeight: 1200.5, blocked: false });
    const dup = await send('POST', '/v0/compartments/', { warehouseId, code: 'Z-99-01', kind: 'pick' });
    expect(dup.code).toBe('Duplicate');
    expect(dup.error.fields.map((f: { field: string }) => f.field)).toEqual(['warehouseId', 'code']);
    expect((await send('POST', '/v0/compartments/', { warehouseId: 999999, code: 'X-1', kind: 'pick' })).error.fields[0].field).toBe('warehouseId');
    expect((await send('POST', '/v0/compartments/', { warehouseId, code: 'bad code', kind: 'pick' })).error.fields[0].field).toBe('code');
    expect((await send('POST', '/v0/compartments/', { warehouseId, code: 'X-2', kind: 'shelf' })).error.fields[0].field).toBe('kind');
  });

  it('keeps a warehouse that still holds compartments, and refuses a time zone that does not exist', async () => {
    expect((await send('DELETE', `/v0/warehouses/${warehouseId}`)).code).toBe('InUse');
    expect((await send('POST', '/v0/warehouses/', { code: 'AT01', name: 'Wien', timeZone: 'Mars/Olympus' })).error.fields[0].field).toBe('timeZone');
    const vienna = await send('POST', '/v0/warehouses/', { code: 'at01', name: 'Wien', timeZone: 'Europe/Vienna' });
    expect(vienna.data).toMatchObject({ code: 'AT01', timeZone: 'Europe/Vienna' });
    expect((await send('DELETE', `/v0/warehouses/${vienna.data.id}`)).code).toBe('OK');
  });

  it('blocks a compartment with its version, and lets a merchant neither read nor change compartments', async () => {
    const row = (await get('/v0/compartments/?code=B-10-01')).data.data[0];
    const blocked = await send('PUT', `/v0/compartments/${row.id}`, {
      warehouseId,
      code: row.code,
      zone: row.zone,
      kind: row.kind,
      priority: row.priority,
      capacityUnits: row.capacityUnits,
      blocked: true,
      version: row.version,
    });
    expect(blocked.data).toMatchObject({ blocked: true, priority: 5, capacityUnits: 200 });
    const merchant = await t.login('merchant-a@demo.local');
    expect((await get('/v0/compartments/', merchant)).code).toBe('NoPermission');
    expect((await send('PUT', `/v0/compartments/${row.id}`, { version: 2 }, merchant)).code).toBe('NoPermission');
  });
});
