import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/types.js';
import type { RecordExtras } from '../resources/index.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';
import { qcFromJson, qcOfOrdersJson, type OrdersQc, type OrdersQcJson } from './sku-qc.repo.js';

/** An item line of an order as the original clients list it. */
export interface CompatLine {
  orderId: number;
  sku: string;
  qty: number;
  itemBatch: string;
}

interface ExtrasJson {
  lines: CompatLine[];
  qc: OrdersQcJson;
}

/** What the original's order JSON adds to the read model: item lines, QC lists and serials. */
export type OrderExtras = { lines: CompatLine[]; qc: OrdersQc };

/** The lines of the orders whose id is `= ids` as one JSON array, in order (a statement reading an order can carry it). */
const linesOfOrdersJson = (ids: RawBuilder<unknown>) =>
  sql<CompatLine[]>`coalesce((select json_agg(json_build_object('orderId', l.order_id, 'sku', i.sku, 'qty', l.quantity, 'itemBatch', l.batch)
      order by l.order_id, l.position, l.id)
    from outbound_lines l join items i on i.id = l.item_id where l.order_id = ${ids}), '[]')`;

const extrasFromJson = (json: ExtrasJson): OrderExtras => ({ lines: json.lines.map((l) => ({ ...l, orderId: Number(l.orderId) })), qc: qcFromJson(json.qc) });

/**
 * The extras of an order as named values of the statement that reads the order (`ResourceView.getWith`),
 * referring to its row (`orderExtrasOf` reads them back).
 */
export const ORDER_EXTRAS: RecordExtras = {
  name: 'p11yOrderExtras',
  columns: (orderId) => [linesOfOrdersJson(orderId).as('__lines'), qcOfOrdersJson(orderId).as('__qc')],
};
/** The extras of `ORDER_EXTRAS` as the record's read answers them (`ResourceView.getWith`). */
export const orderExtrasOf = (extras: Record<string, unknown>): OrderExtras =>
  extrasFromJson({ lines: extras.__lines as CompatLine[], qc: extras.__qc as OrdersQcJson });

/** The SQL of the original clients' outbound calls (p11y-compat.service.ts). */
export const p11yCompatRepo = {
  /** The item lines and QC of the given orders as the original clients read them, in one statement. */
  async extras(db: Kysely<DB>, orderIds: number[]): Promise<OrderExtras> {
    const ids = sql`any(${orderIds}::bigint[])`;
    const { rows } = await sql<ExtrasJson>`select ${linesOfOrdersJson(ids)} as lines, ${qcOfOrdersJson(ids)} as qc`.execute(db);
    return extrasFromJson(rows[0]!);
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
