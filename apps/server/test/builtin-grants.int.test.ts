import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await t.database.db.deleteFrom('role_privileges').where('role_id', '=', role.id).where('privilege', '=', 'wms.stocktake.approve').execute();
    await seedRoles(t.database.db);
    expect(await privilegesOf('warehouse')).not.toContain('wms.stocktake.approve');
    // A database from before a release never got wms.inventory.edit: the next start grants it.
    await t.database.db.deleteFrom('role_privileges').where('role_id', '=', role.id).where('privilege', '=', 'wms.inventory.edit').execute();
    await (t.database.db as any).deleteFrom('builtin_role_grants').where('role', '=', 'warehouse').where('privilege', '=', 'wms.inventory.edit').execute();
    await seedRoles(t.database.db);
    expect(await privilegesOf('warehouse')).toContain('wms.inventory.edit');
    expect(await privilegesOf('warehouse')).not.toContain('wms.stocktake.approve');
  });
});
