import { readFileSync } from 'node:fs';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import type { DB } from '../src/db/types.js';
import { OUTPUT_PATH, renderDbTypes } from '../scripts/db-types/generate.js';
import { createTestDatabase } from './helpers/test-db.js';

/**
 * The committed Kysely types (src/db/schema.generated.ts) must be what the generator makes of the
 * migrated schema: a migration that adds or changes a table, view or column without regenerating
 * fails here, instead of compiling against types that no longer match the database.
 */
describe('generated database types', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('match the migrated schema', async () => {
    const generated = await renderDbTypes(database.db);
    const committed = readFileSync(OUTPUT_PATH, 'utf8');
    expect(committed, 'apps/server/src/db/schema.generated.ts is out of date with the migrations: run `npm run db:types` and commit the result').toBe(
      generated,
    );
  }, 60_000);

  it('notice a new column, a changed column and a new view', async () => {
    const before = await renderDbTypes(database.db);
    await sql`alter table stock add column pallet_label text`.execute(database.db);
    await sql`alter table outbound_orders alter column remark drop not null`.execute(database.db);
    await sql`create view stock_labels as select s.id, s.pallet_label, 1 as one from stock s`.execute(database.db);
    const after = await renderDbTypes(database.db);
    expect(after).not.toBe(before);
    const block = (text: string, name: string) => text.slice(text.indexOf(`export interface ${name} {`)).split('\n}')[0];
    expect(block(after, 'StockTable')).toContain('pallet_label: string | null;');
    expect(block(before, 'OutboundOrdersTable')).toMatch(/\bremark: Generated<string>;/);
    expect(block(after, 'OutboundOrdersTable')).toMatch(/\bremark: Generated<string \| null>;/);
    // View columns: a plain reference keeps its column's nullability, a constant is never null.
    expect(block(after, 'StockLabelsView')).toBe('export interface StockLabelsView {\n  id: number;\n  pallet_label: string | null;\n  one: number;');
    expect(after).toContain('  stock_labels: StockLabelsView;');
  }, 60_000);

  // Checked by the type-checker (npm test runs tsc on apps/server): the shapes the code relies on.
  it('type rows as the drivers return them', () => {
    type Stock = Selectable<DB['stock']>;
    expectTypeOf<Stock['quantity']>().toEqualTypeOf<number>();
    expectTypeOf<Stock['expiry']>().toEqualTypeOf<Date | null>();
    expectTypeOf<Selectable<DB['items']>['weight']>().toEqualTypeOf<string | null>();
    expectTypeOf<Selectable<DB['outbound_orders_live']>['merchant_name']>().toEqualTypeOf<string>();
    expectTypeOf<Selectable<DB['outbound_orders_live']>['warehouse_code']>().toEqualTypeOf<string | null>();
    expectTypeOf<Insertable<DB['stock']>>().not.toHaveProperty('no_such_column');
    expectTypeOf<Updateable<DB['audit_log']>>().not.toHaveProperty('at');
    expectTypeOf<Selectable<DB['jobs']>['status']>().toEqualTypeOf<'queued' | 'running' | 'done' | 'failed' | 'canceled'>();
  });
});
