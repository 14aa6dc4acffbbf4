import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Place = { compartmentId: number; code: string } | null;
const placeOf = (row: { id: number; code: string } | undefined): Place => (row ? { compartmentId: Number(row.id), code: row.code } : null);

/** Compartments receiving needs: where goods wait after counting and where they may go from there. Written for inbound. */
export const putawayPlaces = {
  /** The warehouse's first open inbound staging compartment, or null. */
  async firstStaging(db: Kysely<DB>, warehouseId: number): Promise<number | null> {
    const row = await sql<{ id: number }>`select id from compartments where warehouse_id = ${warehouseId} and kind = 'inboundStaging'
    and not blocked order by priority, code limit 1`.execute(db);
    return row.rows[0] ? Number(row.rows[0].id) : null;
  },

  /** The first open quarantine compartment (damaged before problem). */
  async firstQuarantine(db: Kysely<DB>, warehouseId: number): Promise<Place> {
    const row = await sql<{ id: number; code: string }>`select id, code from compartments where warehouse_id = ${warehouseId}
      and kind in ('damaged', 'problem') and not blocked order by kind, priority, code limit 1`.execute(db);
    return placeOf(row.rows[0]);
  },

  /** The open pick or bulk compartment holding most units of the item. */
  async whereItemLies(db: Kysely<DB>, warehouseId: number, itemId: number): Promise<Place> {
    const where = await sql<{ id: number; code: string }>`select c.id, c.code from stock s join compartments c on c.id = s.compartment_id
    where s.item_id = ${itemId} and s.warehouse_id = ${warehouseId} and s.quantity > 0 and c.kind in ('pick', 'bulk') and not c.blocked
    order by s.quantity desc, c.priority limit 1`.execute(db);
    return placeOf(where.rows[0]);
  },

  /** The first empty open pick or bulk compartment by picking priority. */
  async firstEmpty(db: Kysely<DB>, warehouseId: number): Promise<Place> {
    const free = await sql<{ id: number; code: string }>`select c.id, c.code from compartments c where c.warehouse_id = ${warehouseId}
    and c.kind in ('pick', 'bulk') and not c.blocked
    and not exists (select 1 from stock s where s.compartment_id = c.id and s.quantity > 0)
    order by c.priority, c.code limit 1`.execute(db);
    return placeOf(free.rows[0]);
  },
};
