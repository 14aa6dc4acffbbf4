import { sql, type Kysely } from 'kysely';
import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import type { DB } from '../../db/types.js';

/** The SQL of goods issue that the stock repo does not already answer: packing materials and count requests. */
export const goodsIssueRepo = {
  /**
   * Rows of a packing material with free valid units, the order they are taken in: picking priority,
   * then oldest row (same as the reservation order, without batches: materials carry none that matter).
   */
  async materialRows(db: Kysely<DB>, itemId: number, warehouseId: number | null): Promise<number[]> {
    const rows = await sql<{ id: number }>`select s.id from stock s join compartments c on c.id = s.compartment_id
      where s.item_id = ${itemId} and s.status = ${STOCK_STATUS.valid} and s.quantity > s.reserved and not c.blocked
        and (${warehouseId}::bigint is null or s.warehouse_id = ${warehouseId})
      order by c.priority, s.id limit 50`.execute(db);
    return rows.rows.map((r) => Number(r.id));
  },

  /** The compartments not yet covered by an open count of their warehouse. */
  async uncounted(db: Kysely<DB>, warehouseId: number, compartmentIds: number[]): Promise<number[]> {
    const open = await sql<{ ids: number[] }>`select compartment_ids as ids from stock_counts
      where warehouse_id = ${warehouseId} and status = 'open'`.execute(db);
    const covered = new Set(open.rows.flatMap((r) => (Array.isArray(r.ids) ? r.ids.map(Number) : [])));
    return compartmentIds.filter((id) => !covered.has(id));
  },

  /** Opens a count of the compartments (the stocktake list shows it to the counters). */
  async requestCount(db: Kysely<DB>, input: { warehouseId: number; compartmentIds: number[]; note: string; userId: number | null }): Promise<number> {
    const row = await db
      .insertInto('stock_counts')
      .values({
        warehouse_id: input.warehouseId,
        compartment_ids: JSON.stringify(input.compartmentIds),
        note: input.note,
        created_by: input.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** Warehouse and compartment of stock rows (what a short pick flags for counting). */
  async places(db: Kysely<DB>, stockIds: number[]): Promise<Array<{ warehouseId: number; compartmentId: number }>> {
    if (stockIds.length === 0) return [];
    const rows = await db.selectFrom('stock').select(['warehouse_id', 'compartment_id']).where('id', 'in', stockIds).execute();
    return rows.map((r) => ({ warehouseId: Number(r.warehouse_id), compartmentId: Number(r.compartment_id) }));
  },
};
