import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, InboundOrdersTable } from '../../db/types.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';

export type NewOrderColumns = Insertable<InboundOrdersTable>;
export type OrderColumns = Updateable<InboundOrdersTable>;

export interface OrderRow {
  id: number;
  unid: string;
  merchantId: number;
  warehouseId: number;
  containerId: number | null;
  status: number;
  version: number;
  trackingNumbers: string[];
  trackingLogged: string[];
  stagingCompartmentId: number | null;
  boxQty: number;
  palletQty: number;
}

export interface LineRow {
  id: number;
  itemId: number;
  sku: string;
  name: string;
  batch: string;
  planned: number;
  received: number;
  damaged: number;
  putAway: number;
  putAwayDamaged: number;
  overAccepted: boolean;
  serialRequired: boolean;
  batchTracked: boolean;
  expiryTracked: boolean;
  /** Best-before dates scanned on the line, earliest first (only read for expiry-tracked items). */
  expiries: string[];
  /** Scanned, not yet booked: valid and damaged units. */
  pendingValid: number;
  pendingDamaged: number;
}

const ORDER_COLUMNS = [
  'id',
  'unid',
  'merchant_id as merchantId',
  'warehouse_id as warehouseId',
  'container_id as containerId',
  'status',
  'version',
  'tracking_numbers as trackingNumbers',
  'tracking_logged as trackingLogged',
  'staging_compartment_id as stagingCompartmentId',
  'box_qty as boxQty',
  'pallet_qty as palletQty',
] as const;

const json = (value: unknown): string[] => (typeof value === 'string' ? (JSON.parse(value) as string[]) : ((value as string[]) ?? []));
const toOrder = (row: Record<string, unknown> | undefined): OrderRow | null =>
  row
    ? ({
        ...row,
        id: Number(row.id),
        merchantId: Number(row.merchantId),
        warehouseId: Number(row.warehouseId),
        stagingCompartmentId: row.stagingCompartmentId === null ? null : Number(row.stagingCompartmentId),
        trackingNumbers: json(row.trackingNumbers),
        trackingLogged: json(row.trackingLogged),
      } as OrderRow)
    : null;

/** The SQL of inbound orders, their lines and receiving scans. */
export class InboundRepo {
  /** One order within the merchant scope; `lock` takes its row lock (every receiving change serialises on it). */
  async order(db: Kysely<DB>, id: number, scope: TenantScope, lock = false): Promise<OrderRow | null> {
    let query = db.selectFrom('inbound_orders').select(ORDER_COLUMNS).where('id', '=', id).$call(whereTenant(scope));
    if (lock) query = query.forUpdate();
    return toOrder(await query.executeTakeFirst());
  }

  async orderByUnid(db: Kysely<DB>, unid: string, scope: TenantScope): Promise<OrderRow | null> {
    const row = await db.selectFrom('inbound_orders').select(ORDER_COLUMNS).where('unid', '=', unid).$call(whereTenant(scope)).executeTakeFirst();
    return toOrder(row);
  }

  /** The newest open order announcing this tracking number. */
  async orderByTracking(db: Kysely<DB>, tracking: string, scope: TenantScope): Promise<OrderRow | null> {
    const row = await db
      .selectFrom('inbound_orders')
      .select(ORDER_COLUMNS)
      .where(sql<boolean>`tracking_numbers @> ${JSON.stringify([tracking])}::jsonb`)
      .$call(whereTenant(scope))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return toOrder(row);
  }

  async insertOrder(trx: Kysely<DB>, columns: NewOrderColumns): Promise<{ id: number; unid: string }> {
    const row = await trx.insertInto('inbound_orders').values(columns).returning(['id', 'unid']).executeTakeFirstOrThrow();
    return { id: Number(row.id), unid: String(row.unid) };
  }

  async updateOrder(trx: Kysely<DB>, id: number, columns: OrderColumns): Promise<void> {
    await trx.updateTable('inbound_orders').set(columns).where('id', '=', id).execute();
  }

  async insertLines(trx: Kysely<DB>, orderId: number, lines: Array<{ itemId: number; batch: string; planned: number }>): Promise<void> {
    await trx
      .insertInto('inbound_lines')
      .values(lines.map((l) => ({ order_id: orderId, item_id: l.itemId, batch: l.batch, planned: l.planned })))
      .execute();
  }

  /** A line of the order's new list: a line already there keeps its counts and takes the new plan. */
  async upsertLine(trx: Kysely<DB>, orderId: number, line: { itemId: number; batch: string; planned: number }): Promise<void> {
    await sql`insert into inbound_lines (order_id, item_id, batch, planned) values (${orderId}, ${line.itemId}, ${line.batch}, ${line.planned})
        on conflict (order_id, item_id, batch) do update set planned = excluded.planned`.execute(trx);
  }

  async deleteLine(trx: Kysely<DB>, lineId: number): Promise<void> {
    await trx.deleteFrom('inbound_lines').where('id', '=', lineId).execute();
  }

  /** Logs a scanned tracking number to the order once (logging scan, facts §3.4). */
  async logTracking(db: Kysely<DB>, id: number, tracking: string): Promise<void> {
    await sql`update inbound_orders set tracking_logged = tracking_logged || ${JSON.stringify([tracking])}::jsonb, updated_at = now()
          where id = ${id} and not tracking_logged @> ${JSON.stringify([tracking])}::jsonb`.execute(db);
  }

  /** What a receiving notice tells: units counted, damaged, and the difference to the plan. */
  async receivingSummary(db: Kysely<DB>, orderId: number) {
    const order = await sql<{ unid: string; merchantId: number; units: number; damaged: number; difference: number }>`select unid,
      merchant_id as "merchantId", received_units + damaged_units as units, damaged_units as damaged,
      received_units + damaged_units - planned_units as difference
    from inbound_orders where id = ${orderId}`.execute(db);
    return order.rows[0];
  }

  /** The number of an inbound order the container carries, if any (a container in use is not deleted). */
  async orderOfContainer(db: Kysely<DB>, containerId: number): Promise<string | null> {
    const order = await db.selectFrom('inbound_orders').select('unid').where('container_id', '=', containerId).executeTakeFirst();
    return order ? String(order.unid) : null;
  }

  async containerExists(db: Kysely<DB>, id: number): Promise<boolean> {
    return (await db.selectFrom('containers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async lines(db: Kysely<DB>, orderId: number): Promise<LineRow[]> {
    const rows = await sql<LineRow>`select l.id, l.item_id as "itemId", i.sku, i.name, l.batch, l.planned, l.received, l.damaged,
        l.put_away as "putAway", l.put_away_damaged as "putAwayDamaged", l.over_accepted as "overAccepted", i.serial_required as "serialRequired", i.batch_tracked as "batchTracked",
        l.pending_valid as "pendingValid", l.pending_damaged as "pendingDamaged", i.expiry_tracked as "expiryTracked",
        case when i.expiry_tracked then (select coalesce(jsonb_agg(distinct to_char(s.expiry, 'YYYY-MM-DD')), '[]'::jsonb) from receiving_scans s
          where s.order_id = l.order_id and s.item_id = l.item_id and s.batch = l.batch and s.expiry is not null) else '[]'::jsonb end as expiries
      from inbound_lines l
      join items i on i.id = l.item_id
      where l.order_id = ${orderId}
      order by l.id`.execute(db);
    return rows.rows.map((r) => ({ ...r, id: Number(r.id), itemId: Number(r.itemId), expiries: [...json(r.expiries)].sort() }));
  }

  /**
   * Another best-before date for the stock row a scan would book into (same item, batch and status):
   * open scans of the order, or units waiting in the staging compartment. Inventory keeps one date
   * per stock row (docs/inventory.md), so a second date is another batch.
   */
  async otherExpiry(
    db: Kysely<DB>,
    at: { orderId: number; stagingId: number | null; itemId: number; batch: string; condition: string; status: number; expiry: string },
  ): Promise<string | null> {
    const staging =
      at.stagingId === null
        ? sql``
        : sql`union all select to_char(expiry, 'YYYY-MM-DD') from stock where compartment_id = ${at.stagingId} and item_id = ${at.itemId}
            and batch = ${at.batch} and status = ${at.status} and unit_id is null and quantity > 0 and expiry is not null and expiry <> ${at.expiry}::date`;
    const row = await sql<{ expiry: string }>`select to_char(expiry, 'YYYY-MM-DD') as expiry from receiving_scans where order_id = ${at.orderId}
        and booked_at is null and item_id = ${at.itemId} and batch = ${at.batch} and condition = ${at.condition}
        and expiry is not null and expiry <> ${at.expiry}::date
      ${staging} limit 1`.execute(db);
    return row.rows[0]?.expiry ?? null;
  }

  /** The line of an item and batch, created with nothing planned for an accepted over-delivery. */
  async ensureLine(trx: Kysely<DB>, orderId: number, itemId: number, batch: string): Promise<void> {
    await sql`insert into inbound_lines (order_id, item_id, batch, planned) values (${orderId}, ${itemId}, ${batch}, 0)
      on conflict (order_id, item_id, batch) do nothing`.execute(trx);
  }

  async insertScan(
    trx: Kysely<DB>,
    scan: {
      orderId: number;
      itemId: number;
      batch: string;
      condition: string;
      quantity: number;
      unit: string;
      unitKind: string;
      serials: string[];
      expiry: string | null;
      userId: number;
    },
  ): Promise<{ id: number; at: string }> {
    const row = await sql<{
      id: number;
      at: string;
    }>`insert into receiving_scans (order_id, item_id, batch, condition, quantity, unit, unit_kind, serials, expiry, user_id)
      values (${scan.orderId}, ${scan.itemId}, ${scan.batch}, ${scan.condition}, ${scan.quantity}, ${scan.unit}, ${scan.unitKind}, ${JSON.stringify(scan.serials)}::jsonb,
        ${scan.expiry}::date, ${scan.userId})
      returning id, at`.execute(trx);
    return { id: Number(row.rows[0]!.id), at: String(row.rows[0]!.at) };
  }

  /** Adds (or, undoing, removes) scanned units to the line's not yet booked count. */
  async addPending(trx: Kysely<DB>, orderId: number, itemId: number, batch: string, condition: string, quantity: number): Promise<void> {
    const column = sql.ref(condition === 'damaged' ? 'pending_damaged' : 'pending_valid');
    await sql`update inbound_lines set ${column} = ${column} + ${quantity} where order_id = ${orderId} and item_id = ${itemId} and batch = ${batch}`.execute(
      trx,
    );
  }

  async recentScans(db: Kysely<DB>, orderId: number, limit = 100) {
    const rows = await sql<
      Record<string, unknown>
    >`select s.id, s.item_id as "itemId", i.sku, i.name, s.quantity, s.condition, s.unit, s.unit_kind as "unitKind",
        s.batch, s.serials, to_char(s.expiry, 'YYYY-MM-DD') as expiry, s.at, s.booked_at is not null as booked
      from receiving_scans s join items i on i.id = s.item_id
      where s.order_id = ${orderId} order by s.id desc limit ${limit}`.execute(db);
    return rows.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      itemId: Number(r.itemId),
      serials: typeof r.serials === 'string' ? JSON.parse(r.serials) : r.serials,
    }));
  }

  /** Serials already in the warehouse or scanned on an open receiving: a serial is received once. */
  async serialsTaken(db: Kysely<DB>, itemId: number, serials: string[]): Promise<string[]> {
    if (serials.length === 0) return [];
    const list = JSON.stringify(serials);
    const rows = await sql<{
      serial: string;
    }>`select serial from serials where item_id = ${itemId} and serial in (select jsonb_array_elements_text(${list}::jsonb))
      union
      select e.serial from receiving_scans s cross join lateral jsonb_array_elements_text(s.serials) as e(serial)
      where s.item_id = ${itemId} and s.booked_at is null and s.serials <> '[]'::jsonb and e.serial in (select jsonb_array_elements_text(${list}::jsonb))`.execute(
      db,
    );
    return rows.rows.map((r) => r.serial);
  }

  /** Recomputes the order's unit totals from its lines (shown in lists without a join). */
  async refreshTotals(trx: Kysely<DB>, orderId: number): Promise<void> {
    await sql`update inbound_orders o set planned_units = t.planned, received_units = t.received, damaged_units = t.damaged,
        put_away_units = t.put_away, updated_at = now(), version = o.version + 1
      from (select coalesce(sum(planned), 0) as planned, coalesce(sum(received), 0) as received, coalesce(sum(damaged), 0) as damaged,
              coalesce(sum(put_away + put_away_damaged), 0) as put_away
            from inbound_lines where order_id = ${orderId}) t
      where o.id = ${orderId}`.execute(trx);
  }

  /** True when nothing booked for the order waits in staging any more. */
  async allPutAway(trx: Kysely<DB>, orderId: number): Promise<boolean> {
    const row = await sql<{ left: number }>`select coalesce(sum(received - put_away + damaged - put_away_damaged), 0)::int as left
      from inbound_lines where order_id = ${orderId}`.execute(trx);
    return Number(row.rows[0]!.left) === 0;
  }

  async setStatus(trx: Kysely<DB>, orderId: number, status: number, stamp?: 'receiving_started_at' | 'received_at' | 'inbounded_at'): Promise<void> {
    const stampSql = stamp ? sql`, ${sql.ref(stamp)} = coalesce(${sql.ref(stamp)}, now())` : sql``;
    await sql`update inbound_orders set status = ${status}, updated_at = now(), version = version + 1${stampSql} where id = ${orderId}`.execute(trx);
  }
}
