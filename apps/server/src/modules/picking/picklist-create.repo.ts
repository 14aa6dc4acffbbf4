import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope, tenantSql } from '../../db/tenant-scope.js';

/** A ready-to-pick order offered to a new picklist (locked by the caller's transaction). */
export interface CandidateOrder {
  id: number;
  merchantId: number;
  warehouseId: number | null;
  priority: number;
  carrier: string;
  units: number;
}

/** One reservation of a candidate order: what is to be picked where. */
export interface ReservedPiece {
  orderId: number;
  itemId: number;
  batch: string;
  compartmentId: number;
  compartment: string;
  compartmentPriority: number;
  quantity: number;
}

/** int8 columns and counts may arrive as text on some drivers: make the named ones numbers. */
export const numbers = <T extends object>(row: T, keys: Array<keyof T>): T => {
  const r = row as Record<string, unknown>;
  for (const key of keys as string[]) if (r[key] !== null && r[key] !== undefined) r[key] = Number(r[key]);
  return row;
};

/** The SQL of a new picklist (issue 18; picklist-writer.service.ts): its candidate orders, their reservations, the rows. */
export const picklistCreationRepo = {
  /**
   * Ready-to-pick orders matching the rules, locked `for update skip locked`: an order another
   * creation holds is skipped, never waited for, and never lands in two picklists.
   */
  async lockCandidates(
    trx: Kysely<DB>,
    filter: {
      status: number;
      carrier: string;
      merchantId: number | null;
      zone: string;
      priorityFirst: boolean;
      oldestFirst: boolean;
      limit: number;
      onlyOrderIds?: number[];
    },
  ): Promise<CandidateOrder[]> {
    const rows = await sql<CandidateOrder>`select o.id, o.merchant_id as "merchantId", o.warehouse_id as "warehouseId", o.priority, o.carrier,
        o.total_units as units
      from outbound_orders o
      where o.status = ${filter.status} and o.deleted_at is null
        and not exists (select 1 from picklist_orders po where po.order_id = o.id and po.active)
        ${filter.carrier ? sql`and o.carrier = ${filter.carrier}` : sql``}
        ${filter.merchantId !== null ? sql`and ${tenantSql(TenantScope.merchant(filter.merchantId), 'o.merchant_id')}` : sql``}
        ${filter.onlyOrderIds ? sql`and o.id = any(${filter.onlyOrderIds}::bigint[])` : sql``}
        ${
          filter.zone
            ? sql`and exists (select 1 from reservations r where r.ref_type = 'outbound' and r.ref_id = o.id::text)
                and not exists (select 1 from reservations r join stock s on s.id = r.stock_id join compartments c on c.id = s.compartment_id
                  where r.ref_type = 'outbound' and r.ref_id = o.id::text and c.zone <> ${filter.zone})`
            : sql``
        }
      order by ${filter.priorityFirst ? sql`o.priority desc,` : sql``} o.created_at ${filter.oldestFirst ? sql`asc` : sql`desc`}, o.id
      limit ${filter.limit}
      for update of o skip locked`.execute(trx);
    return rows.rows.map((r) => numbers(r, ['id', 'merchantId', 'warehouseId', 'priority', 'units']));
  },

  /** The reservations of the orders: item, batch and compartment of every reserved piece. */
  async reservations(trx: Kysely<DB>, orderIds: number[]): Promise<ReservedPiece[]> {
    if (orderIds.length === 0) return [];
    const rows = await sql<ReservedPiece>`select r.ref_id::bigint as "orderId", r.item_id as "itemId", s.batch, s.compartment_id as "compartmentId",
        c.code as compartment, c.priority as "compartmentPriority", sum(r.quantity)::int as quantity
      from reservations r join stock s on s.id = r.stock_id join compartments c on c.id = s.compartment_id
      where r.ref_type = 'outbound' and r.ref_id = any(${orderIds.map(String)}::text[])
      group by r.ref_id, r.item_id, s.batch, s.compartment_id, c.code, c.priority`.execute(trx);
    return rows.rows.map((r) => numbers(r, ['orderId', 'itemId', 'compartmentId', 'compartmentPriority', 'quantity']));
  },

  async insertPicklist(
    trx: Kysely<DB>,
    values: {
      type: number;
      status: number;
      priority: number;
      carrier: string;
      merchantId: number | null;
      warehouseId: number | null;
      itemQty: number;
      createdBy: number | null;
    },
  ): Promise<{ id: number; unid: string }> {
    const row = await trx
      .insertInto('picklists')
      .values({
        type: values.type,
        status: values.status,
        priority: values.priority,
        carrier: values.carrier,
        merchant_id: values.merchantId,
        warehouse_id: values.warehouseId,
        item_qty: values.itemQty,
        created_by: values.createdBy,
      })
      .returning(['id', 'unid'])
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), unid: row.unid };
  },

  async insertOrders(trx: Kysely<DB>, picklistId: number, orderIds: number[]): Promise<void> {
    if (orderIds.length === 0) return;
    await trx
      .insertInto('picklist_orders')
      .values(orderIds.map((orderId, position) => ({ picklist_id: picklistId, order_id: orderId, position })))
      .execute();
  },

  async insertLines(trx: Kysely<DB>, picklistId: number, lines: Array<{ itemId: number; batch: string; compartmentId: number; qty: number }>): Promise<void> {
    if (lines.length === 0) return;
    for (let start = 0; start < lines.length; start += 1000)
      await trx
        .insertInto('picklist_lines')
        .values(
          lines.slice(start, start + 1000).map((l, i) => ({
            picklist_id: picklistId,
            position: start + i,
            item_id: l.itemId,
            batch: l.batch,
            compartment_id: l.compartmentId,
            qty: l.qty,
          })),
        )
        .execute();
  },
};
