import { TenantScope, tenantSql } from '../db/tenant-scope.js';
import { picklistRulesSchema } from '@kontor/contracts/domains/picking';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { ReservationService } from '../modules/inventory/reservation.service.js';
import type { Actor } from '../modules/inventory/stock-tx.js';
import { StockService } from '../modules/inventory/stock.service.js';
import { OrderStatusService } from '../modules/outbound/order-status.service.js';
import { OutboundRepo } from '../modules/outbound/outbound.repo.js';
import { picklistWriter, type OrderPort } from '../modules/picking/index.js';

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
export async function seedPicking(db: Kysely<DB>): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => seedPicking(trx));
  const repo = new OutboundRepo();
  const status = new OrderStatusService(repo, new ReservationService({ db }, new StockService({ db })));
  const ids = await sql<{ merchant: number; warehouse: number; staff: number | null }>`select (select id from merchants where code = 'C001') as merchant,
    (select id from warehouses where code = 'DE01') as warehouse, (select id from users where account = 'staff@demo.local') as staff`.execute(db);
  const { merchant, warehouse, staff } = ids.rows[0]!;
  const actor: Actor = { userId: staff === null ? null : Number(staff), merchantScope: TenantScope.all };
  const port: OrderPort = {
    statusOf: async (trx, orderId) => (await repo.order(trx, orderId, TenantScope.all))?.status ?? null,
    async move(trx, orderId, to, note) {
      const order = (await repo.order(trx, orderId, TenantScope.all, { lock: true }))!;
      await status.move(trx, actor, order, to, { action: 'picklist', note });
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
      const row = await sql<{ id: number }>`with o as (
          insert into outbound_orders (merchant_id, warehouse_id, status, type_of_task, mode_of_transport, pickup_date, unit_qty, weight, consignee,
            consignee_name, consignee_country, carrier, ship_no, line_count, total_units, created_by, created_at)
          values (${merchant}, ${warehouse}, 8, 'B2C', 'parcel', current_date, ${units}, ${units * 0.3}, ${JSON.stringify(consignee)}::jsonb, ${o.name}, 'DE',
            'DHL', ${o.shipNo}, ${o.lines.length}, ${units}, ${actor.userId}, now() - interval '90 minutes') returning id),
        l as (insert into outbound_lines (order_id, item_id, batch, quantity, position)
          select o.id, i.id, v.batch, v.q, v.pos from o, unnest(${o.lines.map(([sku]) => sku)}::text[], ${o.lines.map(([, q]) => q)}::int[],
            ${o.lines.map(([, , b]) => b ?? '')}::text[]) with ordinality v(sku, q, batch, pos)
            join items i on i.sku = v.sku and ${tenantSql(TenantScope.merchant(merchant), 'i.merchant_id')})
        select id from o`.execute(db);
      const order = (await repo.order(db, Number(row.rows[0]!.id), TenantScope.all))!;
      await status.recompute(db, actor, order, { action: 'allocate' });
      made.push(order.id);
    }
    return made;
  };
  const rules = picklistRulesSchema.parse({ maxLists: 1, maxOrders: 10 });
  const [single] = await picklistWriter.create(db, port, actor.userId, { ...rules, split: 'singleOnly' }, await make(SINGLES));
  await picklistWriter.create(db, port, actor.userId, { ...rules, split: 'multiOnly' }, await make(MULTIS));
  if (single !== undefined) await picklistWriter.printed(db, port, single);
}
