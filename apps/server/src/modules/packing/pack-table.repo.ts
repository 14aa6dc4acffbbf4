import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The batch table's progress (`pack_batch_units`, migration 0031): units scanned per picklist, order and item. */
export const packTableRepo = {
  async units(db: Kysely<DB>, picklistId: number): Promise<Array<{ orderId: number; itemId: number; scanned: number }>> {
    const rows = await db.selectFrom('pack_batch_units').select(['order_id', 'item_id', 'scanned']).where('picklist_id', '=', picklistId).execute();
    return rows.map((r) => ({ orderId: Number(r.order_id), itemId: Number(r.item_id), scanned: Number(r.scanned) }));
  },

  /** One more unit of the item for the order (the caller holds the picklist's row lock). */
  async addUnit(trx: Kysely<DB>, picklistId: number, orderId: number, itemId: number): Promise<void> {
    await sql`insert into pack_batch_units (picklist_id, order_id, item_id, scanned) values (${picklistId}, ${orderId}, ${itemId}, 1)
      on conflict (picklist_id, order_id, item_id) do update set scanned = pack_batch_units.scanned + 1, updated_at = now()`.execute(trx);
  },
};
