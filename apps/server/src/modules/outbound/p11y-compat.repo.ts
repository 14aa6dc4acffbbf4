import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';

/** The SQL of the original clients' outbound calls (p11y-compat.service.ts). */
export const p11yCompatRepo = {
  /** The lines of the given orders as the original clients list them, in order. */
  async lines(db: Kysely<DB>, orderIds: number[]) {
    const lines = await sql<{ orderId: number; sku: string; qty: number; itemBatch: string }>`select l.order_id as "orderId", i.sku, l.quantity as qty,
        l.batch as "itemBatch"
      from outbound_lines l join items i on i.id = l.item_id where l.order_id = any(${orderIds}::bigint[]) order by l.order_id, l.position, l.id`.execute(db);
    return lines.rows;
  },

  /**
   * A page of live order ids, newest first, `offset` rows in (the original's offset paging), and the
   * total capped at 10 001. `pattern` (an ILIKE pattern) matches the order number, any tracking
   * number, ship, retour and reference numbers.
   */
  async page(db: Kysely<DB>, scope: TenantScope, pattern: string | null, limit: number, offset: number) {
    const base = db
      .selectFrom('outbound_orders')
      .where('deleted_at', 'is', null)
      .$call(whereTenant(scope))
      .$if(pattern !== null, (q) =>
        q.where((eb) => eb.or((['unid', 'ship_bundle', 'ship_no', 'retour_no', 'ref_order_id'] as const).map((column) => eb(column, 'ilike', pattern!)))),
      );
    const [ids, total] = await Promise.all([
      base.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      db
        .selectFrom(base.select(sql.lit(1).as('one')).limit(10_001).as('capped'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: ids.map((r) => Number(r.id)), total: Number(total.n) };
  },

  /** An order by its number, else the newest carrying the tracking number, within the scope. */
  async idByCode(db: Kysely<DB>, scope: TenantScope, code: string): Promise<number | null> {
    const found =
      (await db.selectFrom('outbound_orders').select('id').where('unid', '=', code.toUpperCase()).$call(whereTenant(scope)).executeTakeFirst()) ??
      (await db
        .selectFrom('outbound_orders')
        .select('id')
        .where(sql<boolean>`string_to_array(ship_bundle, E'\\n') @> array[${code}]::text[]`)
        .$call(whereTenant(scope))
        .orderBy('id', 'desc')
        .executeTakeFirst());
    return found ? Number(found.id) : null;
  },

  /** Logs a scanned tracking number to the order once (logging scan, facts §3.4). */
  async logTracking(db: Kysely<DB>, id: number, code: string): Promise<void> {
    await sql`update outbound_orders set ship_bundle_sent = ship_bundle_sent || ${JSON.stringify([code])}::jsonb, updated_at = now()
          where id = ${id} and not ship_bundle_sent @> ${JSON.stringify([code])}::jsonb`.execute(db);
  },
};
