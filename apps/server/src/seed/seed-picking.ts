import { TenantScope } from '../db/tenant-scope.js';
import { picklistRulesSchema } from '@kontor/contracts/domains/picking';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { Actor } from '../modules/inventory/index.js';
import { orderWriter } from '../modules/outbound/index.js';
import { picklistWriter, type OrderPort } from '../modules/picking/index.js';
import type { DemoIds } from './seed.js';

interface PickDemoOrder {
  lines: Array<[sku: string, quantity: number, batch?: string]>;
  shipNo: string;
  name: string;
  city: string;
}

/** PL20260001 (facts §8): three single-item orders of SKU-B, one label per piece. */
const SINGLES: PickDemoOrder[] = [
  { lines: [['SKU-B', 1]], shipNo: 'TRK3001', name: 'Jonas Becker', city: 'Hamburg' },
  { lines: [['SKU-B', 1]], shipNo: 'TRK3002', name: 'Lea Hoffmann', city: 'Bremen' },
  { lines: [['SKU-B', 1]], shipNo: 'TRK3003', name: 'Paul Wagner', city: 'Kiel' },
];
/**
 * PL20260002 (facts §8): three multi-item orders packed per order, one of them with a batch-specific
 * line (`SKU-A|||B2409`: SKU-A is the demo's batch-tracked item, the facts' SKU-C is damaged stock
 * here) and one without a label yet (no shipSN).
 */
const MULTIS: PickDemoOrder[] = [
  {
    lines: [
      ['SKU-A', 1, 'B2409'],
      ['SKU-B', 1],
    ],
    shipNo: 'TRK3101',
    name: 'Mia Schulz',
    city: 'Hannover',
  },
  {
    lines: [
      ['SKU-A', 2],
      ['SKU-B', 2],
    ],
    shipNo: 'TRK3102',
    name: 'Ben Fischer',
    city: 'Lübeck',
  },
  { lines: [['SKU-B', 3]], shipNo: '', name: 'Emma Weber', city: 'Rostock' },
];

/**
 * The demo picklists (issue 18 item 10), after the outbound seed: their orders are allocated through
 * the real status service, then grouped by the same writer the console uses. PL20260001 is printed.
 */
export async function seedPicking(db: Kysely<DB>, ids: DemoIds): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => seedPicking(trx, ids));
  const actor: Actor = { userId: ids.staffId, merchantScope: TenantScope.all };
  const port: OrderPort = {
    statusOf: (trx, orderId) => orderWriter.statusOf(trx, orderId),
    async move(trx, orderId, to, note) {
      await orderWriter.move(trx, actor, await orderWriter.locked(trx, orderId), to, { action: 'picklist', note });
    },
  };
  const make = async (orders: PickDemoOrder[]) => {
    const made: number[] = [];
    for (const o of orders) {
      const units = o.lines.reduce((sum, [, q]) => sum + q, 0);
      const consignee = {
        name1: o.name,
        name2: '',
        streetName: 'Hafenstraße',
        streetNumber: '12',
        zip: '20457',
        city: o.city,
        country: 'DE',
        phone: '',
        email: '',
        addition: '',
      };
      const order = await orderWriter.writeAllocated(db, actor, {
        merchantId: ids.merchants.get('C001')!,
        warehouseId: ids.warehouseId,
        userId: actor.userId,
        consignee,
        carrier: 'DHL',
        shipNo: o.shipNo,
        lines: o.lines.map(([sku, quantity, batch]) => ({ sku, quantity, batch: batch ?? '' })),
        weight: units * 0.3,
        minutesAgo: 90,
      });
      made.push(order.id);
    }
    return made;
  };
  const rules = picklistRulesSchema.parse({ maxLists: 1, maxOrders: 10 });
  const [single] = await picklistWriter.create(db, port, actor.userId, { ...rules, split: 'singleOnly' }, await make(SINGLES));
  await picklistWriter.create(db, port, actor.userId, { ...rules, split: 'multiOnly' }, await make(MULTIS));
  if (single !== undefined) await picklistWriter.printed(db, port, single);
}
