import { addressProblems, OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import type { Address, OutboundHistoryAction } from '@kontor/contracts/domains/outbound';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, tenantSql } from '../../db/tenant-scope.js';

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);

/** An order written with its past (the demo): created `hoursAgo`, its history along `path`, its lines picked when it has one. */
export interface PastOrderRow {
  unid: string | null;
  merchantId: number;
  warehouseId: number;
  userId: number | null;
  consignee: Address;
  carrier: string;
  lines: Array<{ itemId: number; quantity: number }>;
  parcels: string[];
  remark: string;
  privateRemark: string;
  hoursAgo: number;
  path: OutboundState[];
}

/** A new order waiting for allocation, its lines named by SKU of the merchant (with a batch where the line asks for one). */
export interface WaitingOrderRow {
  merchantId: number;
  warehouseId: number;
  userId: number | null;
  consignee: Address;
  carrier: string;
  shipNo: string;
  lines: Array<{ sku: string; quantity: number; batch: string }>;
  weight: number;
  minutesAgo: number;
}

/**
 * The SQL of orders written whole, with a past, rather than created by a merchant (the demo seed runs on
 * every fresh start and in every test app: one statement per order, not dozens).
 */
/** The history's word for a step of a demo order's past: the floor's action that makes the move (console texts exist for each). */
const STEP_ACTIONS: Partial<Record<OutboundState, OutboundHistoryAction>> = {
  readyToPick: 'allocate',
  inPicklist: 'picklist',
  readyToPack: 'pick',
  packed: 'pack',
  packingCompleted: 'labelBought',
  readyToShip: 'shippingScan',
  shipped: 'handover',
  inTransit: 'tracking',
  inDelivery: 'tracking',
  delivered: 'tracking',
};
const stepAction = (state: OutboundState): OutboundHistoryAction => STEP_ACTIONS[state] ?? 'status';

export const writtenOrdersRepo = {
  /** The order, its lines and its history up to `path` in one statement; out of stock without a path. */
  async insertPast(db: Kysely<DB>, o: PastOrderRow): Promise<number> {
    const units = o.lines.reduce((sum, l) => sum + l.quantity, 0);
    const picked = o.path.length > 0;
    const parcels = o.parcels.map((trackingNo) => ({ trackingNo, weight: null, dimensions: null }));
    const steps = [code('outOfStock'), ...o.path.map(code)];
    const actions: OutboundHistoryAction[] = ['create', ...o.path.map(stepAction)];
    const row = await sql<{ id: number }>`with o as (
        insert into outbound_orders (unid, merchant_id, warehouse_id, status, type_of_task, mode_of_transport, pickup_date, unit_qty, weight,
          consignee, consignee_name, consignee_country, address_problems, carrier, remark, private_remark, parcels, ship_bundle, box_qty,
          line_count, total_units, created_by, created_at, shipped_at)
        values (coalesce(${o.unid}, outbound_next_unid()), ${o.merchantId}, ${o.warehouseId}, ${steps.at(-1)}, 'B2C', 'parcel', current_date,
          ${units}, ${Math.round(units * 0.8 * 1000) / 1000 + 0.2}, ${JSON.stringify(o.consignee)}::jsonb, ${o.consignee.name1}, ${o.consignee.country},
          ${JSON.stringify(addressProblems(o.consignee))}::jsonb, ${o.carrier}, ${o.remark}, ${o.privateRemark}, ${JSON.stringify(parcels)}::jsonb,
          ${o.parcels.join('\n')}, ${parcels.length}, ${o.lines.length}, ${units}, ${o.userId}, now() - make_interval(hours => ${o.hoursAgo}),
          ${o.path.includes('shipped') ? sql`now() - make_interval(hours => ${o.hoursAgo - 6})` : null})
        returning id),
      l as (insert into outbound_lines (order_id, item_id, quantity, picked, position)
        select o.id, v.item, v.q, ${picked ? sql`v.q` : sql`0`}, v.pos from o,
          unnest(${o.lines.map((l) => l.itemId)}::bigint[], ${o.lines.map((l) => l.quantity)}::int[]) with ordinality v(item, q, pos)),
      h as (insert into outbound_history (order_id, user_id, action, from_status, to_status, at)
        select o.id, ${o.userId}, s.action, s.f, s.t, now() - make_interval(hours => ${o.hoursAgo}) + s.n * interval '1 hour' from o,
          unnest(${actions}::text[], ${[null, ...steps.slice(0, -1)]}::int[], ${steps}::int[]) with ordinality s(action, f, t, n))
      select id from o`.execute(db);
    return Number(row.rows[0]!.id);
  },

  /** An order out of stock with its lines, created `minutesAgo`, for allocation to pick up. */
  async insertWaiting(db: Kysely<DB>, o: WaitingOrderRow): Promise<number> {
    const units = o.lines.reduce((sum, l) => sum + l.quantity, 0);
    const row = await sql<{ id: number }>`with o as (
        insert into outbound_orders (merchant_id, warehouse_id, status, type_of_task, mode_of_transport, pickup_date, unit_qty, weight, consignee,
          consignee_name, consignee_country, carrier, ship_no, line_count, total_units, created_by, created_at)
        values (${o.merchantId}, ${o.warehouseId}, ${code('outOfStock')}, 'B2C', 'parcel', current_date, ${units}, ${o.weight}, ${JSON.stringify(o.consignee)}::jsonb,
          ${o.consignee.name1}, ${o.consignee.country}, ${o.carrier}, ${o.shipNo}, ${o.lines.length}, ${units}, ${o.userId},
          now() - make_interval(mins => ${o.minutesAgo})) returning id),
      l as (insert into outbound_lines (order_id, item_id, batch, quantity, position)
        select o.id, i.id, v.batch, v.q, v.pos from o, unnest(${o.lines.map((l) => l.sku)}::text[], ${o.lines.map((l) => l.quantity)}::int[],
          ${o.lines.map((l) => l.batch)}::text[]) with ordinality v(sku, q, batch, pos)
          join items i on i.sku = v.sku and ${tenantSql(TenantScope.merchant(o.merchantId), 'i.merchant_id')})
      select id from o`.execute(db);
    return Number(row.rows[0]!.id);
  },

  async idByUnid(db: Kysely<DB>, unid: string): Promise<number | null> {
    const row = await db.selectFrom('outbound_orders').select('id').where('unid', '=', unid).executeTakeFirst();
    return row ? Number(row.id) : null;
  },
};
