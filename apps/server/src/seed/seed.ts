import { DEMO_PASSWORD, USER_TYPES } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { Core } from '../core.js';
import type { DB } from '../db/types.js';
import { directory } from '../modules/admin/index.js';
import { records } from '../modules/resources/index.js';
import { writeSettings } from '../modules/settings/index.js';
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
export function seedRoles(db: Kysely<DB>): Promise<void> {
  return directory.builtinRoles(db);
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

/** The records the later parts of the demo refer to, as the first parts wrote them. */
export interface DemoIds {
  merchants: Map<string, number>;
  warehouseId: number;
  staffId: number;
  stationId: number;
}

/**
 * The demo company, written through the modules' front doors (issue 16 item 1): in the first start's
 * transaction under `npm start`; statement by statement on a test's fresh database, where the outbound
 * and picking parts take a transaction of their own (their rows then differ in time, as lists expect).
 */
export async function seedDemo(db: Kysely<DB>): Promise<void> {
  const merchants = new Map<string, number>();
  for (const m of DEMO_MERCHANTS) merchants.set(m.code, await directory.createMerchant(db, m));
  const users = new Map<string, number>();
  for (const { merchantCode, ...u } of DEMO_USERS) {
    users.set(u.account, await directory.createUser(db, { ...u, password: DEMO_PASSWORD, merchantId: merchantCode ? merchants.get(merchantCode) : null }));
  }
  // The company's own configuration (GET /v0/settings/config?q=sys:merchant) and the original's
  // RMA business types (facts §2.2), editable under System settings.
  await writeSettings(db, DEMO_SETTINGS);
  const ids: DemoIds = {
    merchants,
    warehouseId: await seedWarehouse(db),
    staffId: users.get('staff@demo.local')!,
    stationId: users.get('station@demo.local')!,
  };
  const items = await seedInventory(db, ids);
  await seedInbound(db, ids);
  await seedOutbound(db, ids, items);
  await seedSkuQc(db, ids);
  await seedPicking(db, ids);
  await seedPallets(db);
  await seedCarriers(db);
  await seedPrinters(db, ids);
}

/** Warehouse DE01 (issue 5 §8): the named compartments of the facts plus a few dozen more. */
async function seedWarehouse(db: Kysely<DB>): Promise<number> {
  const warehouseId = await records.create(db, 'warehouse', {
    code: 'DE01',
    name: 'Hamburg',
    address: { streetName: 'Lagerstraße', streetNumber: '1', ZIP: '20457', city: 'Hamburg', country: 'DE' },
    timeZone: 'Europe/Berlin',
  });
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
  for (const r of rows) await records.create(db, 'compartment', { warehouseId, ...r, capacityUnits: r.kind === 'bulk' ? 2000 : 200 });
  return warehouseId;
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
 * First start of an empty database: built-in roles always; the demo company unless DEMO_DATA=0.
 * A database that already holds users is never seeded (issue 2 §10). Answers a line for the console.
 */
export async function seedOnFirstStart(core: Core): Promise<string | null> {
  const { db, config } = core;
  return db.transaction().execute(async (trx) => {
    const existing = await directory.lockedUserCount(trx);
    await seedRoles(trx);
    const admin = await directory.bootstrapAdmin(trx, config.ADMIN_ACCOUNT, config.ADMIN_PASSWORD);
    if (existing > 0 || !config.DEMO_DATA) return admin;
    await seedDemo(trx);
    return `Demo logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.account).join(', ')}`;
  });
}
