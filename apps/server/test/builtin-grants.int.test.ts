import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCKTAKE_APPROVE } from '@kontor/contracts';
import * as stocktakeApproval from '../migrations/0014_stocktake_approval.js';
import { seedRoles } from '../src/seed/seed.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const privilegesOf = async (role: string) =>
  (
    await t.database.db
      .selectFrom('role_privileges as rp')
      .innerJoin('roles as r', 'r.id', 'rp.role_id')
      .select('rp.privilege')
      .where('r.name', '=', role)
      .execute()
  ).map((p) => p.privilege);

describe('built-in roles across releases', () => {
  it('gives an existing database the privileges a release adds, once, and keeps what an administrator took away', async () => {
    expect(await privilegesOf('warehouse')).toContain('wms.inventory.edit');
    // An administrator takes a privilege away: a restart does not give it back.
    const role = await t.database.db.selectFrom('roles').select('id').where('name', '=', 'warehouse').executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('role_privileges').where('role_id', '=', role.id).where('privilege', '=', 'wms.inventory.reserve').execute();
    await seedRoles(t.database.db);
    expect(await privilegesOf('warehouse')).not.toContain('wms.inventory.reserve');
    // A database from before a release never got wms.inventory.edit: the next start grants it.
    await t.database.db.deleteFrom('role_privileges').where('role_id', '=', role.id).where('privilege', '=', 'wms.inventory.edit').execute();
    await (t.database.db as any).deleteFrom('builtin_role_grants').where('role', '=', 'warehouse').where('privilege', '=', 'wms.inventory.edit').execute();
    await seedRoles(t.database.db);
    expect(await privilegesOf('warehouse')).toContain('wms.inventory.edit');
    expect(await privilegesOf('warehouse')).not.toContain('wms.inventory.reserve');
  });

  it('keeps counting and approving a stocktake apart: the warehouse role counts, a manager approves', async () => {
    expect(await privilegesOf('warehouse')).toContain('wms.stocktake.edit');
    expect(await privilegesOf('warehouse')).not.toContain(STOCKTAKE_APPROVE);
    expect(await privilegesOf('manager')).toContain(STOCKTAKE_APPROVE);
  });

  it('takes approval back from the warehouse role of a database seeded before, and leaves roles an administrator made alone', async () => {
    const db = t.database.db;
    const warehouse = await db.selectFrom('roles').select('id').where('name', '=', 'warehouse').executeTakeFirstOrThrow();
    const custom = await db.insertInto('roles').values({ name: 'night-shift', title: 'Night shift', builtin: false }).returning('id').executeTakeFirstOrThrow();
    // As an older release seeded it: the warehouse role held approval.
    await db
      .insertInto('role_privileges')
      .values([
        { role_id: warehouse.id, privilege: STOCKTAKE_APPROVE },
        { role_id: custom.id, privilege: STOCKTAKE_APPROVE },
      ])
      .execute();
    await stocktakeApproval.up(db as never);
    await seedRoles(db);
    expect(await privilegesOf('warehouse')).not.toContain(STOCKTAKE_APPROVE);
    expect(await privilegesOf('night-shift')).toContain(STOCKTAKE_APPROVE);
  });
});
