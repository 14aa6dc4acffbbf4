import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface OpenScanGroup {
  itemId: number;
  sku: string;
  batch: string;
  condition: string;
  expiry: string | null;
  quantity: number;
}

/** The SQL of receiving: scans, the lines' counts while counting and booking, and receiving's billing activity. */
export const receivingRepo = {
  /** The first batch scanned of an item planned without one takes over that line. */
  async setLineBatch(trx: Kysely<DB>, lineId: number, batch: string): Promise<void> {
    await sql`update inbound_lines set batch = ${batch} where id = ${lineId}`.execute(trx);
  },

  async acceptOver(trx: Kysely<DB>, orderId: number, itemId: number): Promise<void> {
    await sql`update inbound_lines set over_accepted = true where order_id = ${orderId} and item_id = ${itemId}`.execute(trx);
  },

  async touchOrder(trx: Kysely<DB>, orderId: number): Promise<void> {
    await sql`update inbound_orders set updated_at = now() where id = ${orderId}`.execute(trx);
  },

  async setStaging(trx: Kysely<DB>, orderId: number, compartmentId: number): Promise<void> {
    await sql`update inbound_orders set staging_compartment_id = ${compartmentId} where id = ${orderId}`.execute(trx);
  },

  /** Deletes a scan not yet booked; what it had counted, or undefined when there is no such open scan. */
  async deleteOpenScan(trx: Kysely<DB>, orderId: number, scanId: number) {
    const removed = await sql<{ itemId: number; batch: string; condition: string; quantity: number }>`delete from receiving_scans
      where id = ${scanId} and order_id = ${orderId} and booked_at is null
      returning item_id as "itemId", batch, condition, quantity`.execute(trx);
    return removed.rows[0];
  },

  /** The open (unbooked) scans summed per item, batch, condition and date. */
  async openScanGroups(trx: Kysely<DB>, orderId: number): Promise<OpenScanGroup[]> {
    const open = await sql<OpenScanGroup>`select
        s.item_id as "itemId", i.sku, s.batch, s.condition, to_char(s.expiry, 'YYYY-MM-DD') as expiry, sum(s.quantity)::int as quantity
      from receiving_scans s join items i on i.id = s.item_id where s.order_id = ${orderId} and s.booked_at is null
      group by s.item_id, i.sku, s.batch, s.condition, s.expiry order by s.item_id, s.batch, s.condition, s.expiry`.execute(trx);
    return open.rows;
  },

  async addBooked(trx: Kysely<DB>, orderId: number, line: { itemId: number; batch: string }, column: 'received' | 'damaged', quantity: number): Promise<void> {
    await sql`update inbound_lines set ${sql.ref(column)} = ${sql.ref(column)} + ${quantity}
        where order_id = ${orderId} and item_id = ${line.itemId} and batch = ${line.batch}`.execute(trx);
  },

  async addPutAway(trx: Kysely<DB>, lineId: number, column: 'put_away' | 'put_away_damaged', quantity: number): Promise<void> {
    await sql`update inbound_lines set ${sql.ref(column)} = ${sql.ref(column)} + ${quantity} where id = ${lineId}`.execute(trx);
  },

  /** Marks the open scans booked and clears the lines' pending counts. */
  async closeOpenScans(trx: Kysely<DB>, orderId: number): Promise<void> {
    await sql`update receiving_scans set booked_at = now() where order_id = ${orderId} and booked_at is null`.execute(trx);
    await sql`update inbound_lines set pending_valid = 0, pending_damaged = 0 where order_id = ${orderId}`.execute(trx);
  },

  /** Box and pallet labels first booked now (open scans whose label no booked scan carried), per kind. */
  async newLabels(trx: Kysely<DB>, orderId: number): Promise<Array<{ kind: string; n: number }>> {
    const labels = await sql<{ kind: string; n: number }>`select unit_kind as kind, count(distinct unit)::int as n from receiving_scans
      where order_id = ${orderId} and booked_at is null and unit <> ''
        and unit not in (select unit from receiving_scans where order_id = ${orderId} and booked_at is not null)
      group by unit_kind`.execute(trx);
    return labels.rows.map((r) => ({ kind: r.kind, n: Number(r.n) }));
  },

  async anyLabel(trx: Kysely<DB>, orderId: number): Promise<boolean> {
    const row = await sql<{ n: number }>`select count(*)::int as n from receiving_scans where order_id = ${orderId} and unit <> ''`.execute(trx);
    return Number(row.rows[0]!.n) > 0;
  },
};
