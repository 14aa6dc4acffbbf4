import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * Registers the serials of an order's open receiving scans of one item, batch and condition as in
 * stock on the given row (a serial seen before moves to this row). Written for inbound's booking.
 */
export async function registerReceivedSerials(
  trx: Kysely<DB>,
  scans: { orderId: number; merchantId: number; itemId: number; batch: string; condition: string },
  stockId: number,
): Promise<void> {
  await sql`insert into serials (merchant_id, item_id, serial, stock_id, state)
        select ${scans.merchantId}, s.item_id, e.serial, ${stockId}, 'inStock' from receiving_scans s
        cross join lateral jsonb_array_elements_text(s.serials) as e(serial)
        where s.order_id = ${scans.orderId} and s.booked_at is null and s.item_id = ${scans.itemId} and s.batch = ${scans.batch} and s.condition = ${scans.condition}
        on conflict (item_id, serial) do update set stock_id = excluded.stock_id, state = 'inStock', updated_at = now()`.execute(trx);
}
