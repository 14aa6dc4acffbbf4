import { BUILTIN_ROLES } from '@kontor/contracts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseMask } from '@kontor/contracts/masks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_MASKS } from '../masks/index.js';
import { MasksService } from '../src/modules/masks/masks.service.js';
import { RESOURCES } from '../src/modules/resources/catalogue.js';
import { allFields } from '../src/modules/resources/define.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.local');
  staff = await t.login('staff@demo.local');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin, lang = 'en') =>
  t.call({ method, url, token, payload: payload as never, headers: { 'x-lang': lang } }).then((r) => r.body);

describe('shipped masks', () => {
  it('has every mask file listed, and each screen mask names only fields its records have', () => {
    const files = readdirSync(join(import.meta.dirname, '../masks')).filter((f) => f.endsWith('.json'));
    expect(Object.keys(SHIPPED_MASKS).sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
    for (const [name, value] of Object.entries(SHIPPED_MASKS)) {
      if (Array.isArray(value) || !(value as { kind?: string }).kind) continue;
      const parsed = parseMask(value);
      expect(parsed.ok, name).toBe(true);
      if (!parsed.ok || !parsed.mask.dataSrc) continue;
      const def = RESOURCES.find((r) => r.path === parsed.mask.dataSrc!.api);
      if (!def) continue;
      const known = Object.keys(allFields(def));
      expect(
        parsed.mask.fields.map((f) => f.id).filter((id) => !known.includes(id)),
        name,
      ).toEqual([]);
    }
  });

  it('answers a mask as JSON text, NotFound for an unknown name, and checks the mask privilege', async () => {
    const res = await get('/v0/masken/?q=settings.lookup');
    expect(res.code).toBe('OK');
    expect(JSON.parse(res.data.mask)).toMatchObject({ name: 'settings.lookup', kind: 'list', dataSrc: { api: '/v0/lookup/' } });
    expect((await get('/v0/masken/?q=no.such.mask')).code).toBe('NotFound');
    expect((await get('/v0/masken/?q=settings.lookup', staff)).code).toBe('NoPermission');
    expect(JSON.parse((await get('/v0/masken/?q=wms.orders.snScan', staff)).data.mask)).toEqual([{ type: 'printSN' }]);
    expect(JSON.parse((await get('/v0/masken/?q=nav.overview.tasksNoFinIn30Days', staff)).data.mask)).toMatchObject({ kind: 'navigation' });
  });

  it('refuses an invalid edit naming the path at fault, keeps versions, refuses a stale one, resets to shipped', async () => {
    const detail = (await get('/v0/masken/detail?q=settings.tax')).data;
    const mask = JSON.parse(detail.mask);
    const bad = { ...mask, fields: [{ ...mask.fields[0], id: 'country2' }, ...mask.fields.slice(1)] };
    const refused = await send('PUT', '/v0/masken/', { name: 'settings.tax', mask: JSON.stringify(bad), version: detail.version });
    expect(refused.code).toBe('IntegrityError');
    expect(refused.error.fields[0].field).toBe('fields.0.id');
    expect((await send('PUT', '/v0/masken/', { name: 'settings.tax', mask: '{"kind": "list"', version: detail.version })).code).toBe('IntegrityError');

    const edited = { ...mask, title: { ...mask.title, en: 'VAT rates' } };
    const saved = await send('PUT', '/v0/masken/', { name: 'settings.tax', mask: JSON.stringify(edited), version: detail.version });
    expect(saved.code).toBe('OK');
    expect(saved.data).toMatchObject({ edited: true, version: detail.version + 1 });
    expect(saved.data.history[0]).toMatchObject({ version: detail.version + 1, savedBy: 'admin@demo.local', note: 'edited' });
    expect((await send('PUT', '/v0/masken/', { name: 'settings.tax', mask: JSON.stringify(edited), version: detail.version })).code).toBe('Conflict');
    expect(JSON.parse((await get('/v0/masken/?q=settings.tax')).data.mask).title.en).toBe('VAT rates');

    const reset = await send('POST', '/v0/masken/reset', { name: 'settings.tax', version: saved.data.version });
    expect(reset.data).toMatchObject({ edited: false, version: detail.version + 2 });
    expect(JSON.parse(reset.data.mask).title.en).toBe('Tax rates');
  });

  it('follows a changed shipped file unless the mask was edited', async () => {
    const masks = new MasksService(t.database.db);
    const shipped = (title: string) => ({ ...(SHIPPED_MASKS['settings.classes'] as object), title: { en: title, cn: '班次', de: 'Schichten' } });
    await masks.syncShipped({ 'settings.classes': shipped('Shifts') });
    expect(JSON.parse((await get('/v0/masken/?q=settings.classes')).data.mask).title.en).toBe('Shifts');
    const detail = (await get('/v0/masken/detail?q=settings.classes')).data;
    await send('PUT', '/v0/masken/', {
      name: 'settings.classes',
      mask: JSON.stringify({ ...JSON.parse(detail.mask), title: { en: 'Mine', cn: '班次', de: 'Schichten' } }),
      version: detail.version,
    });
    await masks.syncShipped({ 'settings.classes': shipped('Shifts 2') });
    const after = (await get('/v0/masken/detail?q=settings.classes')).data;
    expect(JSON.parse(after.mask).title.en).toBe('Mine');
    expect(JSON.parse(after.shipped).title.en).toBe('Shifts 2');
    await expect(masks.syncShipped({ 'settings.broken': { name: 'settings.broken', kind: 'list', title: { en: 'x', cn: 'x', de: 'x' } } })).rejects.toThrow(
      /dataSrc/,
    );
  });

  it('lets only holders of sys.masken.edit change masks', async () => {
    const detail = (await get('/v0/masken/detail?q=settings.lookup')).data;
    expect((await get('/v0/masken/detail?q=settings.lookup', staff)).code).toBe('NoPermission');
    expect((await send('PUT', '/v0/masken/', { name: 'settings.lookup', mask: detail.mask, version: detail.version }, staff)).code).toBe('NoPermission');
  });
});

describe('generic resources', () => {
  it('creates, reads, replaces and deletes a record, with an audit row for each change', async () => {
    const created = await send('POST', '/v0/lookup/', { key: 'DE|BOX-S', class: 0, type: 1, meta: { packServices: ['BOX-S'] } });
    expect(created.code).toBe('OK');
    expect(created.data).toMatchObject({ key: 'DE|BOX-S', class: 0, type: 1, meta: { packServices: ['BOX-S'] }, remark: '', version: 1 });
    const id = created.data.id;
    expect((await get(`/v0/lookup/${id}`)).data.key).toBe('DE|BOX-S');

    const replaced = await send('PUT', `/v0/lookup/${id}`, {
      key: 'DE|BOX-S',
      class: 0,
      type: 1,
      meta: { packServices: ['BOX-M'] },
      remark: 'bigger',
      version: 1,
    });
    expect(replaced.data).toMatchObject({ meta: { packServices: ['BOX-M'] }, remark: 'bigger', version: 2 });
    expect((await send('PUT', `/v0/lookup/${id}`, { key: 'DE|BOX-S', meta: {}, version: 1 })).code).toBe('Conflict');
    expect((await get(`/v0/lookup/${id}`)).data.remark).toBe('bigger');

    expect((await send('DELETE', `/v0/lookup/${id}?version=1`)).code).toBe('Conflict');
    expect((await send('DELETE', `/v0/lookup/${id}?version=2`)).code).toBe('OK');
    expect((await get(`/v0/lookup/${id}`)).code).toBe('NotFound');

    const trail = (await get(`/v0/audit/?entity=lookup&entityId=${id}`)).data;
    expect(trail.map((a: { action: string }) => a.action)).toEqual(['delete', 'update', 'create']);
    expect(trail[1].before.remark).toBe('');
    expect(trail[1].after.remark).toBe('bigger');
  });

  it('answers a duplicate key by naming the fields, and saves nothing', async () => {
    expect((await send('POST', '/v0/settings/', { key: 'map:oms:channel', value: { Shopify: 1, eBay: 2 } })).code).toBe('OK');
    const dup = await send('POST', '/v0/settings/', { key: 'map:oms:channel', value: {} });
    expect(dup.code).toBe('Duplicate');
    expect(dup.error.fields[0].field).toBe('key');
    expect((await get('/v0/settings/?q=oms:channel')).data.total).toBe(1);
    expect((await get('/v0/settings/config?q=map:oms:channel', staff)).data).toEqual({ Shopify: 1, eBay: 2 });
    expect((await get('/v0/settings/config?q=map:rma:businessType', staff)).data).toEqual({ B2C: 1, RMA: 2, Repair: 3 });
    expect((await get('/v0/settings/config?q=sys:merchant', staff)).data).toMatchObject({ name: expect.any(String), currency: 'EUR' });
    expect((await get('/v0/settings/config?q=map:none', staff)).data).toBeNull();
  });

  it('refuses bad input with translated field errors: unknown fields, wrong types, rules across fields', async () => {
    const unknown = await send('POST', '/v0/tax/', { country: 'DE', kind: 'standard', rate: 19, validFrom: '2026-01-01', colour: 'red' }, admin, 'de');
    expect(unknown.code).toBe('IntegrityError');
    expect(unknown.error.fields[0].field).toBe('colour');
    const order = await send('POST', '/v0/tax/', { country: 'DE', kind: 'standard', rate: 19, validFrom: '2026-01-01', validTo: '2025-01-01' });
    expect(order.error.fields[0].field).toBe('validTo');
    const missing = await send('PUT', '/v0/tax/1', { country: 'DE' });
    expect(missing.code).toBe('IntegrityError');
    expect(missing.error.fields[0].field).toBe('version');
    expect((await get('/v0/tax/?colour=red')).error.fields[0].field).toBe('colour');
    expect((await get('/v0/tax/?rate=abc')).error.fields[0].field).toBe('rate');
    expect((await get('/v0/tax/?s=remark')).error.fields[0].field).toBe('s');
    expect((await get('/v0/tax/?o=garbage')).error.fields[0].field).toBe('o');
    expect((await get('/v0/tax/0')).code).toBe('IntegrityError');
  });

  it('checks the floor rules by their schema: a cut-off not HH:MM, an unknown field, a pace of 0 are refused and nothing is saved', async () => {
    const late = await send('POST', '/v0/settings/', { key: 'manifests.rules', value: { cutoff: '25:00' } }, admin, 'de');
    expect(late.code).toBe('IntegrityError');
    expect(late.error.fields.map((f: { field: string }) => f.field)).toEqual(['value.cutoff']);
    const typo = await send('POST', '/v0/settings/', { key: 'manifests.rules', value: { cutof: '17:00' } });
    expect(typo.error.fields[0].field).toBe('value.cutof');
    const pace = await send('POST', '/v0/settings/', { key: 'tracking.rules', value: { perCarrierPerSecond: 0, finishAfterDays: 14 } });
    expect(pace.error.fields.map((f: { field: string }) => f.field)).toEqual(['value.perCarrierPerSecond']);
    expect((await get('/v0/settings/?key=manifests.rules')).data.total).toBe(0);
    expect((await get('/v0/settings/?key=tracking.rules')).data.total).toBe(0);
  });

  it('uses a saved manifest cut-off for the day list, and the default again once it is removed', async () => {
    const saved = await send('POST', '/v0/settings/', { key: 'manifests.rules', value: { cutoff: '17:30' } });
    expect(saved.code, JSON.stringify(saved)).toBe('OK');
    expect((await get('/v0/wms/manifests?day=2020-01-02')).data.cutoff).toBe('17:30');
    expect((await send('DELETE', `/v0/settings/${saved.data.id}?version=${saved.data.version}`)).code).toBe('OK');
    expect((await get('/v0/wms/manifests?day=2020-01-02')).data.cutoff).toBe('18:00');
  });

  it('keeps dates as dates and rates exact, filters by range and lists in the chosen order', async () => {
    for (const [country, rate, validFrom] of [
      ['DE', 19, '2026-01-01'],
      ['DE', 7, '2020-07-01'],
      ['AT', 20, '2026-01-01'],
      ['FR', 5.5, '2026-01-01'],
    ] as const) {
      const res = await send('POST', '/v0/tax/', { country: country.toLowerCase(), kind: rate < 10 ? 'reduced' : 'standard', rate, validFrom });
      expect(res.code).toBe('OK');
    }
    const list = (await get('/v0/tax/?s=rate&d=desc')).data;
    expect(list.data.map((r: { rate: number }) => r.rate)).toEqual([20, 19, 7, 5.5]);
    expect(list.data[1]).toMatchObject({ country: 'DE', validFrom: '2026-01-01', validTo: null });
    expect((await get('/v0/tax/?validFrom=2025-01-01..')).data.total).toBe(3);
    expect((await get('/v0/tax/?country=DE&kind=reduced')).data.data).toHaveLength(1);
    expect((await get('/v0/tax/?kind=reduced&kind=standard')).data.total).toBe(4);
  });

  it('exports the current filter as a CSV job, and refuses a bad filter at once', async () => {
    expect((await send('POST', '/v0/tax/export?nope=1')).error.fields[0].field).toBe('nope');
    const queued = await send('POST', '/v0/tax/export?country=DE&s=rate&d=asc');
    expect(queued.code).toBe('OK');
    await t.core.jobs!.runner!.drain();
    const job = (await get(`/v0/jobs/${queued.data.id}`)).data;
    expect(job).toMatchObject({ status: 'done', result: { rows: 2 } });
    const file = String((await t.call({ method: 'GET', url: job.resultUrl, token: admin })).body);
    const lines = file.trim().split(/\r?\n/);
    expect(lines[0]).toContain('country');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('2020-07-01');
    expect(lines[2]).toContain('2026-01-01');
  });

  it('pages with the o cursor through every row exactly once, in any sort', async () => {
    for (let i = 0; i < 23; i++) await send('POST', '/v0/lookup/', { key: `page-${String(i).padStart(2, '0')}`, class: i % 3, type: 9 });
    for (const sort of ['', '&s=key&d=asc', '&s=class&d=desc']) {
      const seen: string[] = [];
      let o: string | null = '1970-01-01T00:00:00.000Z';
      while (o) {
        const page: { data: Array<{ key: string }>; next: string | null; total: number } = (
          await get(`/v0/lookup/?type=9&l=5&o=${encodeURIComponent(o)}${sort}`)
        ).data;
        expect(page.total).toBe(23);
        seen.push(...page.data.map((r) => r.key));
        o = page.next;
      }
      expect(new Set(seen).size, sort).toBe(23);
      expect(seen).toHaveLength(23);
    }
    const byKey = (await get('/v0/lookup/?type=9&l=3&s=key&d=asc')).data.data.map((r: { key: string }) => r.key);
    expect(byKey).toEqual(['page-00', 'page-01', 'page-02']);
    expect((await get('/v0/lookup/?q=PAGE-1&type=9')).data.total).toBe(10);
  });

  it('refuses to delete a work class a duty still uses, and a duty naming an unknown user', async () => {
    const shift = (await send('POST', '/v0/classes/', { name: 'Early', startTime: '06:00', endTime: '14:00' })).data;
    const bad = await send('POST', '/v0/duties/', { userId: 999999, classId: shift.id, weekdays: [1, 2], validFrom: '2026-12-01' });
    expect(bad.error.fields[0].field).toBe('userId');
    const duty = await send('POST', '/v0/duties/', { userId: 2, classId: shift.id, weekdays: [1, 2, 3], validFrom: '2026-12-01' });
    expect(duty.code).toBe('OK');
    const inUse = await send('DELETE', `/v0/classes/${shift.id}`);
    expect(inUse.code).toBe('InUse');
    expect((await get(`/v0/classes/${shift.id}`)).code).toBe('OK');
    expect((await send('POST', '/v0/classes/', { name: 'Late', startTime: '25:00', endTime: '22:00' })).error.fields[0].field).toBe('startTime');
  });

  it('shows an announcement while its window is open, to its audience, in the reader language', async () => {
    const now = Date.now();
    await send('POST', '/v0/announcements/', {
      titleEn: 'Inventory day',
      titleDe: 'Inventurtag',
      textEn: 'All hands.',
      audienceRoles: ['employee'],
      publishFrom: new Date(now - 60_000).toISOString(),
    });
    await send('POST', '/v0/announcements/', {
      titleEn: 'Expired',
      textEn: 'x',
      publishFrom: new Date(now - 7_200_000).toISOString(),
      publishTo: new Date(now - 3_600_000).toISOString(),
    });
    const forStaff = await t.call({ method: 'GET', url: '/v0/announcements/current', token: staff, headers: { 'x-lang': 'de' } });
    expect(forStaff.body.data.map((a: { title: string }) => a.title)).toEqual(['Inventurtag']);
    expect(forStaff.body.data[0].text).toBe('All hands.');
    const merchant = await t.login('merchant-a@demo.local');
    expect((await get('/v0/announcements/current', merchant)).data).toEqual([]);
  });

  it('lets a role without the privilege neither read nor change any record type', async () => {
    // The office employee reads items and stock (their role grants it); every other type is closed to them.
    const employee = BUILTIN_ROLES.employee!.privileges;
    for (const def of RESOURCES.filter((d) => !employee.includes(d.privileges.list))) {
      expect((await get(def.path, staff)).code, def.path).toBe('NoPermission');
      expect((await send('POST', def.path, {}, staff)).code, def.path).toBe('NoPermission');
      expect((await send('PUT', `${def.path}1`, { version: 1 }, staff)).code, def.path).toBe('NoPermission');
      expect((await send('DELETE', `${def.path}1`, undefined, staff)).code, def.path).toBe('NoPermission');
    }
  });
});

describe('merchant-scoped records', () => {
  it('shows and changes only the session merchant’s rows; staff name the merchant', async () => {
    const { ResourceService } = await import('../src/modules/resources/resource.service.js');
    const { defineResource } = await import('../src/modules/resources/define.js');
    const { z } = await import('zod');
    await sql
      .raw(
        `create table if not exists test_notes (id bigserial primary key, merchant_id bigint not null references merchants(id), text text not null,
         created_at timestamptz not null default now(), updated_at timestamptz not null default now(), version int not null default 1)`,
      )
      .execute(t.database.db);
    const def = defineResource({
      name: 'testNote',
      path: '/v0/test-notes/',
      table: 'test_notes',
      scope: 'merchant',
      privileges: { list: 'wms.item.list', create: 'wms.item.list', update: 'wms.item.list', delete: 'wms.item.list' },
      fields: { text: { kind: 'text', search: true } },
      write: z.strictObject({ text: z.string().min(1) }),
      defaultSort: { field: 'createdAt', order: 'desc' },
    });
    const core = t.core;
    const notes = new ResourceService(core, def);
    const ctx = async (account: string) => (await core.sessions.authenticate(await t.login(account)))!;
    const [a, b, staffCtx] = [await ctx('merchant-a@demo.local'), await ctx('merchant-b@demo.local'), await ctx('admin@demo.local')];

    const mine = await notes.create(a, { text: 'anker' }, 'en');
    expect(mine.merchantId).toBe(a.merchantId);
    await expect(notes.create(a, { text: 'sneaky', merchantId: b.merchantId }, 'en')).rejects.toMatchObject({ code: 'NoPermission' });
    await expect(notes.create(staffCtx, { text: 'no merchant' }, 'en')).rejects.toMatchObject({ code: 'IntegrityError' });
    await notes.create(staffCtx, { text: 'for ecoflow', merchantId: b.merchantId }, 'en');

    expect((await notes.list(a, { l: 25 })).data.map((r) => r.text)).toEqual(['anker']);
    expect((await notes.list(b, { l: 25 })).data.map((r) => r.text)).toEqual(['for ecoflow']);
    expect((await notes.list(staffCtx, { l: 25 })).total).toBe(2);
    await expect(notes.get(b, mine.id as number)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(notes.update(b, mine.id as number, { text: 'taken', version: 1 }, 'en')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(notes.remove(b, mine.id as number, undefined)).rejects.toMatchObject({ code: 'NotFound' });
    expect((await notes.get(a, mine.id as number)).text).toBe('anker');
  });
});
