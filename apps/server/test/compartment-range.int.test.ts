import { COMPARTMENT_RANGE_MAX, compartmentCode, expandRange, rangeCount } from '@kontor/contracts/compartment-range';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Compartment ranges and their labels (issue 17 item 9; docs/inventory.md "Compartment ranges"). */
let t: TestApp;
let admin: string;
let merchant: string;
let warehouseId = 0;

const post = (url: string, payload: unknown, token = admin) => t.call({ method: 'POST', url, token, payload: payload as never }).then((r) => r.body);
const range = (extra: Record<string, unknown> = {}) => ({
  warehouseId,
  zone: 'r',
  aisles: { from: 1, to: 2 },
  levels: { from: 1, to: 3 },
  positions: { from: 1, to: 4 },
  priority: 500,
  priorityStep: 10,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, merchant] = await Promise.all([t.login('admin@demo.local'), t.login('merchant-a@demo.local')]);
  warehouseId = Number((await sql<{ id: number }>`select id from warehouses order by id limit 1`.execute(t.core.db)).rows[0]!.id);
});
afterAll(async () => {
  await t?.close();
});

describe('compartment ranges', () => {
  it('names and orders compartments aisle by aisle, level by level, position by position', () => {
    const r = { zone: 'A', aisles: { from: 1, to: 2 }, levels: { from: 1, to: 2 }, positions: { from: 9, to: 10 }, digits: 2, priority: 100, priorityStep: 5 };
    expect(rangeCount(r)).toBe(8);
    const all = expandRange(r);
    expect(all.slice(0, 3)).toEqual([
      { code: 'A-01-01-09', priority: 100 },
      { code: 'A-01-01-10', priority: 105 },
      { code: 'A-01-02-09', priority: 110 },
    ]);
    expect(all.at(-1)).toEqual({ code: 'A-02-02-10', priority: 135 });
    expect(compartmentCode('', 3, 1, 12, 123)).toBe('001-012-123');
    expect(rangeCount({ aisles: { from: 3, to: 1 }, levels: { from: 1, to: 1 }, positions: { from: 1, to: 1 } })).toBe(0);
  });

  it('previews, creates the missing compartments once, and prints their labels as one PDF', async () => {
    const preview = await post('/v0/compartments/range/preview', range());
    expect(preview).toMatchObject({ code: 'OK', data: { count: 24, first: 'R-01-01-01', last: 'R-02-03-04', existing: 0, max: COMPARTMENT_RANGE_MAX } });
    const created = await post('/v0/compartments/range', range());
    expect(created.data.created).toHaveLength(24);
    expect(created.data.skipped).toBe(0);
    const rows = await sql<{ code: string; zone: string; kind: string; priority: number }>`
      select code, zone, kind, priority from compartments where code like 'R-%' order by priority`.execute(t.core.db);
    expect(rows.rows[0]).toMatchObject({ code: 'R-01-01-01', zone: 'R', kind: 'pick', priority: 500 });
    expect(rows.rows.at(-1)).toMatchObject({ code: 'R-02-03-04', priority: 730 });

    const wider = await post('/v0/compartments/range', range({ aisles: { from: 1, to: 3 } }));
    expect(wider.data.created).toHaveLength(12);
    expect(wider.data.skipped).toBe(24);
    expect((await post('/v0/compartments/range/preview', range())).data.existing).toBe(24);

    const pdf = await t.app.inject({
      method: 'POST',
      url: '/v0/labels/compartments',
      headers: { 'x-token': admin },
      payload: { ids: created.data.created.map((c: { id: number }) => c.id) },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(24);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect(Math.round((w / 72) * 25.4)).toBe(100);
    expect(Math.round((h / 72) * 25.4)).toBe(50);
  });

  it('refuses a reversed bound, a range above the limit, an unknown warehouse and a bad zone with field errors', async () => {
    const reversed = await post('/v0/compartments/range/preview', range({ levels: { from: 4, to: 2 } }));
    expect(reversed.code).toBe('IntegrityError');
    expect(reversed.error.fields[0]).toMatchObject({ field: 'levels.to', rule: 'tooSmall' });
    const huge = await post('/v0/compartments/range', range({ aisles: { from: 1, to: 99 }, levels: { from: 1, to: 99 } }));
    expect(huge.code).toBe('IntegrityError');
    expect(huge.error.fields[0]).toMatchObject({ field: 'positions.to', rule: 'rangeTooLarge' });
    const nowhere = await post('/v0/compartments/range', range({ warehouseId: 999999 }));
    expect(nowhere.error.fields[0]).toMatchObject({ field: 'warehouseId', rule: 'unknownRecord' });
    expect((await post('/v0/compartments/range', range({ zone: 'A-B' }))).code).toBe('IntegrityError');
    expect((await post('/v0/labels/compartments', { ids: [999999] })).error.fields[0]).toMatchObject({ field: 'ids', rule: 'unknownRecord' });
    expect((await post('/v0/compartments/range', range(), merchant)).code).toBe('NoPermission');
  });
});
