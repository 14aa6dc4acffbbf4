import { BUILTIN_ROLES, DEMO_PASSWORD, USER_TYPES } from '@kontor/contracts';
import { sql, type Kysely } from 'kysely';
import type { Core } from '../core.js';
import type { DB } from '../db/types.js';
import { hashPassword } from '../modules/auth/index.js';
import { seedInbound } from './seed-inbound.js';
import { seedInventory } from './seed-inventory.js';
import { seedOutbound } from './seed-outbound.js';
import { seedPicking } from './seed-picking.js';
import { seedPallets } from './seed-pallets.js';
import { seedCarriers } from './seed-carriers.js';
import { seedPrinters } from './seed-printers.js';
import { seedSkuQc } from './seed-sku-qc.js';

/**
 * Writes the built-in roles, and grants each one the privileges of this release it has never been
 * given (recorded in builtin_role_grants): new privileges reach existing databases once, while one an
 * administrator took away is not given back.
 */
export async function seedRoles(db: Kysely<DB>): Promise<void> {
  for (const [name, def] of Object.entries(BUILTIN_ROLES)) {
    await db
      .insertInto('roles')
      .values({ name, title: def.title, builtin: true })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const role = await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    const given = new Set(
      ((await db.selectFrom('builtin_role_grants').select('privilege').where('role', '=', name).execute()) as Array<{ privilege: string }>).map(
        (g) => g.privilege,
      ),
    );
    const fresh = def.privileges.filter((p) => !given.has(p));
    if (fresh.length === 0) continue;
    await db
      .insertInto('role_privileges')
      .values(fresh.map((privilege) => ({ role_id: role.id, privilege })))
      .onConflict((oc) => oc.columns(['role_id', 'privilege']).doNothing())
      .execute();
    await db
      .insertInto('builtin_role_grants')
      .values(fresh.map((privilege) => ({ role: name, privilege })))
      .execute();
  }
}

export interface DemoUserSpec {
  account: string;
  name: string;
  type: number;
  roles: string[];
  merchantCode?: string;
  printShipment?: boolean;
}

export const DEMO_MERCHANTS = [
  { code: 'C001', name: 'Anker Innovations DE', email: 'ops@anker.example', currency: 'EUR' as const },
  { code: 'C002', name: 'EcoFlow Europe', email: 'ops@ecoflow.example', currency: 'EUR' as const },
];

export const DEMO_USERS: DemoUserSpec[] = [
  { account: 'admin@demo.local', name: 'Ada Admin', type: USER_TYPES.admin, roles: ['admin'] },
  { account: 'staff@demo.local', name: 'Stefan Staff', type: USER_TYPES.employee, roles: ['employee'] },
  { account: 'warehouse@demo.local', name: 'Wanda Warehouse', type: USER_TYPES.warehouse, roles: ['warehouse'] },
  { account: 'station@demo.local', name: 'Packing Station 1', type: USER_TYPES.station, roles: ['station'], printShipment: true },
  { account: 'merchant-a@demo.local', name: 'Anna (Anker)', type: USER_TYPES.merchant, roles: ['merchant'], merchantCode: 'C001' },
  { account: 'merchant-b@demo.local', name: 'Bo (EcoFlow)', type: USER_TYPES.merchant, roles: ['merchant'], merchantCode: 'C002' },
  { account: 'carrier@demo.local', name: 'Carla Carrier', type: USER_TYPES.carrier, roles: ['carrier'] },
];

/** Creates a user with roles; used by the seed and by tests. */
export async function createUser(db: Kysely<DB>, spec: DemoUserSpec & { password: string; merchantId?: number | null; email?: string }): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({
      account: spec.account,
      name: spec.name,
      email: spec.email ?? spec.account,
      password_hash: await hashPassword(spec.password),
      type: spec.type,
      merchant_id: spec.merchantId ?? null,
      language: null,
      print_shipment: spec.printShipment ?? false,
      print_station_user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spec.roles.length) {
    const roles = await db.selectFrom('roles').select('id').where('name', 'in', spec.roles).execute();
    await db
      .insertInto('user_roles')
      .values(roles.map((r) => ({ user_id: user.id, role_id: r.id })))
      .execute();
  }
  return user.id;
}

export async function seedDemo(db: Kysely<DB>): Promise<void> {
  const merchantIds = new Map<string, number>();
  for (const m of DEMO_MERCHANTS) {
    const row = await db
      .insertInto('merchants')
      .values({ ...m, address: {}, settings: {} })
      .returning('id')
      .executeTakeFirstOrThrow();
    merchantIds.set(m.code, row.id);
  }
  for (const u of DEMO_USERS) {
    await createUser(db, { ...u, password: DEMO_PASSWORD, merchantId: u.merchantCode ? merchantIds.get(u.merchantCode) : null });
  }
  // The company's own configuration (GET /v0/settings/config?q=sys:merchant) and the original's
  // RMA business types (facts §2.2), editable under System settings.
  await db
    .insertInto('settings')
    .values(DEMO_SETTINGS.map((s) => ({ key: s.key, value: JSON.stringify(s.value), description: s.description })))
    .execute();
  await seedWarehouse(db);
  await seedInventory(db);
  await seedInbound(db);
  await seedOutbound(db);
  await seedSkuQc(db);
  await seedPicking(db);
  await seedPallets(db);
  await seedCarriers(db);
  await seedPrinters(db);
}

/** Warehouse DE01 (issue 5 §8): the named compartments of the facts plus a few dozen more. */
async function seedWarehouse(db: Kysely<DB>): Promise<void> {
  const warehouse = await db
    .insertInto('warehouses')
    .values({
      code: 'DE01',
      name: 'Hamburg',
      address: JSON.stringify({ streetName: 'Lagerstraße', streetNumber: '1', ZIP: '20457', city: 'Hamburg', country: 'DE' }),
      time_zone: 'Europe/Berlin',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows: Array<{ code: string; zone: string; kind: string; priority: number }> = [
    { code: 'A-01-01', zone: 'A', kind: 'pick', priority: 1 },
    { code: 'A-02-03', zone: 'A', kind: 'pick', priority: 2 },
    { code: 'B-10-01', zone: 'B', kind: 'pick', priority: 5 },
  ];
  for (const aisle of [1, 2, 3])
    for (const level of [1, 2, 3, 4]) {
      const code = `A-0${aisle}-0${level}`;
      if (!rows.some((r) => r.code === code)) rows.push({ code, zone: 'A', kind: 'pick', priority: 10 + aisle * 10 + level });
    }
  for (const aisle of [10, 11])
    for (const level of [1, 2, 3, 4]) {
      const code = `B-${aisle}-0${level}`;
      if (!rows.some((r) => r.code === code)) rows.push({ code, zone: 'B', kind: 'pick', priority: 100 + aisle * 10 + level });
    }
  for (let n = 1; n <= 12; n++) rows.push({ code: `C-${String(n).padStart(2, '0')}-01`, zone: 'C', kind: 'bulk', priority: 500 + n });
  rows.push(
    { code: 'IN-01', zone: 'IN', kind: 'inboundStaging', priority: 900 },
    { code: 'OUT-01', zone: 'OUT', kind: 'outboundStaging', priority: 900 },
    { code: 'RET-01', zone: 'RET', kind: 'returns', priority: 900 },
    { code: 'DMG-01', zone: 'DMG', kind: 'damaged', priority: 990 },
    { code: 'PRB-01', zone: 'PRB', kind: 'problem', priority: 990 },
  );
  await db
    .insertInto('compartments')
    .values(rows.map((r) => ({ warehouse_id: warehouse.id, ...r, capacity_units: r.kind === 'bulk' ? 2000 : 200 })))
    .execute();
}

export const DEMO_SETTINGS = [
  {
    key: 'sys:merchant',
    description: 'The warehouse company: name, address, VAT id and currency on documents',
    value: {
      name: 'Kontor Fulfilment GmbH',
      address: { name1: 'Kontor Fulfilment GmbH', streetName: 'Lagerstraße', streetNumber: '1', ZIP: '20457', city: 'Hamburg', country: 'DE' },
      vatId: 'DE123456789',
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
    },
  },
  { key: 'map:rma:businessType', description: 'Business types of returns (handheld dropdown)', value: { B2C: 1, RMA: 2, Repair: 3 } },
];

/**
 * ADMIN_ACCOUNT / ADMIN_PASSWORD: creates that administrator when no enabled admin exists, so a
 * production database (DEMO_DATA=0) gets its first admin, and a locked-out one a way back in.
 */
async function bootstrapAdmin(db: Kysely<DB>, account: string | undefined, password: string | undefined): Promise<string | null> {
  if (!account || !password) return null;
  const admins = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('u.id')
    .where('r.name', '=', 'admin')
    .where('u.disabled', '=', false)
    .executeTakeFirst();
  if (admins) return null;
  if (await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst()) return null;
  await createUser(db, { account, name: 'Administrator', type: USER_TYPES.admin, roles: ['admin'], password });
  return `Administrator ${account} created (ADMIN_ACCOUNT).`;
}

/**
 * First start of an empty database: built-in roles always; the demo company unless DEMO_DATA=0.
 * A database that already holds users is never seeded (issue 2 §10). Answers a line for the console.
 */
export async function seedOnFirstStart(core: Core): Promise<string | null> {
  const { db, config } = core;
  return db.transaction().execute(async (trx) => {
    await sql`lock table users in exclusive mode`.execute(trx);
    const existing = await trx
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    await seedRoles(trx);
    const admin = await bootstrapAdmin(trx, config.ADMIN_ACCOUNT, config.ADMIN_PASSWORD);
    if (existing.n > 0 || !config.DEMO_DATA) return admin;
    await seedDemo(trx);
    return `Demo logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.account).join(', ')}`;
  });
}
