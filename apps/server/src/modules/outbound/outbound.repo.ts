import { OUTBOUND_ORDER } from '@kontor/contracts';
import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import type { OutboundHistoryAction } from '@kontor/contracts/domains/outbound';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, OutboundOrdersTable } from '../../db/types.js';
import type { ActivityEntry } from '../billing/index.js';
import { TenantScope, tenantSql, whereTenant } from '../../db/tenant-scope.js';

export type NewOrderColumns = Insertable<OutboundOrdersTable>;
export type OrderColumns = Updateable<OutboundOrdersTable>;

/** The columns of an order its rules need (the full record is read from the view). */
export interface OrderRow {
  id: number;
  unid: string;
  merchantId: number;
  warehouseId: number | null;
  status: number;
  statusBefore: number | null;
  priority: number;
  version: number;
  deleted: boolean;
  exceptionReason: string;
  exceptionOwner: string | null;
}

export interface LineRow {
  id: number;
  itemId: number;
  sku: string;
  name: string;
  batch: string;
  quantity: number;
  reserved: number;
  picked: number;
}

export interface HistoryEntry {
  orderId: number;
  userId: number | null;
  action: OutboundHistoryAction;
  from: number | null;
  to: number | null;
  reason?: string;
  owner?: string | null;
  note?: string;
}

/** The columns of `OrderRow` (also read, locked, by the shipping scan's lookup). */
export const ORDER_COLUMNS = [
  'id',
  'unid',
  'merchant_id as merchantId',
  'warehouse_id as warehouseId',
  'status',
  'status_before as statusBefore',
  'priority',
  'version',
  sql<boolean>`deleted_at is not null`.as('deleted'),
  'exception_reason as exceptionReason',
  'exception_owner as exceptionOwner',
] as const;

export const toOrder = (row: Record<string, unknown> | undefined): OrderRow | null =>
  row
    ? ({
        ...row,
        id: Number(row.id),
        merchantId: Number(row.merchantId),
        warehouseId: row.warehouseId === null ? null : Number(row.warehouseId),
        statusBefore: row.statusBefore === null ? null : Number(row.statusBefore),
      } as OrderRow)
    : null;

/** The SQL of outbound orders, their lines, history, reservations and counts. */
export class OutboundRepo {
  /** One order within the merchant scope; `lock` takes its row lock (every change of an order serialises on it). */
  async order(db: Kysely<DB>, id: number, scope: TenantScope, options: { lock?: boolean; skipLocked?: boolean } = {}): Promise<OrderRow | null> {
    let query = db.selectFrom('outbound_orders').select(ORDER_COLUMNS).where('id', '=', id).$call(whereTenant(scope));
    if (options.lock) query = options.skipLocked ? query.forUpdate().skipLocked() : query.forUpdate();
    return toOrder(await query.executeTakeFirst());
  }

  async insertOrder(trx: Kysely<DB>, columns: NewOrderColumns): Promise<{ id: number; unid: string }> {
    const row = await trx.insertInto('outbound_orders').values(columns).returning(['id', 'unid']).executeTakeFirstOrThrow();
    return { id: Number(row.id), unid: String(row.unid) };
  }

  async updateOrder(trx: Kysely<DB>, id: number, columns: OrderColumns): Promise<void> {
    await trx
      .updateTable('outbound_orders')
      .set({ ...columns, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
  }

  async insertLines(trx: Kysely<DB>, orderId: number, lines: Array<{ itemId: number; batch: string; quantity: number }>): Promise<void> {
    if (lines.length === 0) return;
    await trx
      .insertInto('outbound_lines')
      .values(lines.map((l, position) => ({ order_id: orderId, item_id: l.itemId, batch: l.batch, quantity: l.quantity, position })))
      .execute();
  }

  async deleteLines(trx: Kysely<DB>, orderId: number): Promise<void> {
    await trx.deleteFrom('outbound_lines').where('order_id', '=', orderId).execute();
  }

  async lines(db: Kysely<DB>, orderId: number): Promise<LineRow[]> {
    const rows = await sql<LineRow>`select l.id, l.item_id as "itemId", i.sku, i.name, l.batch, l.quantity, l.reserved, l.picked
      from outbound_lines l join items i on i.id = l.item_id where l.order_id = ${orderId} order by l.position, l.id`.execute(db);
    return rows.rows.map((r) => ({ ...r, id: Number(r.id), itemId: Number(r.itemId) }));
  }

  /** Adds what allocation took to each line, in one statement for the whole order. */
  async addReserved(trx: Kysely<DB>, taken: Array<{ lineId: number; quantity: number }>): Promise<void> {
    if (taken.length === 0) return;
    await sql`update outbound_lines l set reserved = l.reserved + v.q
      from (select unnest(${taken.map((t) => t.lineId)}::bigint[]) as id, unnest(${taken.map((t) => t.quantity)}::int[]) as q) v
      where l.id = v.id`.execute(trx);
  }

  /**
   * Re-reads what each line holds from the reservations themselves (someone may have released stock
   * by hand): an item's reserved units go to its lines in order, a batch line taking its batch first.
   */
  async syncReserved(trx: Kysely<DB>, orderId: number): Promise<void> {
    const held = await sql<{ itemId: number; batch: string; quantity: number }>`select r.item_id as "itemId", s.batch, sum(r.quantity)::int as quantity
      from reservations r join stock s on s.id = r.stock_id
      where r.ref_type = 'outbound' and r.ref_id = ${String(orderId)} group by r.item_id, s.batch`.execute(trx);
    const lines = await this.lines(trx, orderId);
    const pool = held.rows.map((h) => ({ itemId: Number(h.itemId), batch: h.batch, left: Number(h.quantity) }));
    const ordered = [...lines.filter((l) => l.batch !== ''), ...lines.filter((l) => l.batch === '')];
    const reserved = new Map<number, number>();
    for (const line of ordered) {
      let want = line.quantity;
      for (const p of pool) {
        if (want === 0) break;
        if (p.itemId !== line.itemId || (line.batch !== '' && p.batch !== line.batch) || p.left === 0) continue;
        const take = Math.min(want, p.left);
        p.left -= take;
        want -= take;
      }
      reserved.set(line.id, line.quantity - want);
    }
    const changed = lines.filter((l) => reserved.get(l.id) !== l.reserved);
    for (const line of changed)
      await trx
        .updateTable('outbound_lines')
        .set({ reserved: reserved.get(line.id) })
        .where('id', '=', line.id)
        .execute();
  }

  async clearReserved(trx: Kysely<DB>, orderId: number): Promise<void> {
    await trx.updateTable('outbound_lines').set({ reserved: 0 }).where('order_id', '=', orderId).where('reserved', '>', 0).execute();
  }

  /** Recomputes the order's line totals (shown in lists without a join). */
  async refreshTotals(trx: Kysely<DB>, orderId: number): Promise<void> {
    await sql`update outbound_orders o set line_count = t.lines, total_units = t.units, reserved_units = t.reserved
      from (select count(*)::int as lines, coalesce(sum(quantity), 0)::int as units, coalesce(sum(reserved), 0)::int as reserved
            from outbound_lines where order_id = ${orderId}) t
      where o.id = ${orderId}`.execute(trx);
  }

  async addHistory(trx: Kysely<DB>, entry: HistoryEntry): Promise<void> {
    await trx
      .insertInto('outbound_history')
      .values({
        order_id: entry.orderId,
        user_id: entry.userId,
        action: entry.action,
        from_status: entry.from,
        to_status: entry.to,
        reason: entry.reason ?? '',
        owner: entry.owner ?? null,
        note: entry.note ?? '',
      })
      .execute();
  }

  async history(db: Kysely<DB>, orderId: number) {
    const rows = await sql<Record<string, unknown>>`select h.id, h.at, coalesce(u.name, '') as "userName", h.action, h.from_status as "from",
        h.to_status as "to", h.reason, h.owner, h.note
      from outbound_history h left join users u on u.id = h.user_id where h.order_id = ${orderId} order by h.id`.execute(db);
    return rows.rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** Where each line's units are reserved: compartment, batch and quantity per item. */
  async reservations(db: Kysely<DB>, orderId: number) {
    const rows = await sql<{ itemId: number; compartmentId: number; compartment: string; batch: string; quantity: number }>`
      select r.item_id as "itemId", s.compartment_id as "compartmentId", c.code as compartment, s.batch, sum(r.quantity)::int as quantity
      from reservations r join stock s on s.id = r.stock_id join compartments c on c.id = s.compartment_id
      where r.ref_type = 'outbound' and r.ref_id = ${String(orderId)}
      group by r.item_id, s.compartment_id, c.code, s.batch order by c.code`.execute(db);
    return rows.rows.map((r) => ({ ...r, itemId: Number(r.itemId), compartmentId: Number(r.compartmentId) }));
  }

  async addPutbacks(trx: Kysely<DB>, orderId: number, lines: LineRow[]): Promise<void> {
    const picked = lines.filter((l) => l.picked > 0);
    if (picked.length === 0) return;
    await trx
      .insertInto('outbound_putbacks')
      .values(picked.map((l) => ({ order_id: orderId, item_id: l.itemId, batch: l.batch, quantity: l.picked })))
      .execute();
  }

  /** The live count per status of the session's scope (the triggers of migration 0010 keep it). */
  async counts(db: Kysely<DB>, scope: TenantScope, deleted: boolean, statuses?: number[]): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('outbound_status_counts')
      .select(['status', sql<number>`sum(n)::bigint`.as('n')])
      .where('deleted', '=', deleted)
      .$call(whereTenant(scope))
      .$if(statuses !== undefined, (q) => q.where('status', 'in', statuses!))
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.filter((r) => Number(r.n) > 0).map((r) => [String(r.status), Number(r.n)]));
  }

  /**
   * Folds the appended count deltas into one row per merchant, status and deletion (run now and then:
   * writers never wait for it; rows written meanwhile stay as they are for the next round).
   */
  async compactCounts(db: Kysely<DB>): Promise<void> {
    await sql`with taken as (delete from outbound_status_counts returning merchant_id, status, deleted, n)
      insert into outbound_status_counts (merchant_id, status, deleted, n)
      select merchant_id, status, deleted, sum(n) from taken group by merchant_id, status, deleted having sum(n) <> 0`.execute(db);
  }

  /** Counts per status of one carrier (no counts table for it: an index range per carrier). */
  async countsOfCarrier(db: Kysely<DB>, scope: TenantScope, carrier: string): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('outbound_orders')
      .select(['status', sql<number>`count(*)::bigint`.as('n')])
      .where('carrier', '=', carrier)
      .where('deleted_at', 'is', null)
      .$call(whereTenant(scope))
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)]));
  }

  /** Waiting (out of stock) orders of which at least one short line now has free stock: most urgent, oldest first. */
  async waitingWithStock(db: Kysely<DB>, limit: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`select o.id from outbound_orders o
      where o.status = ${OUTBOUND_ORDER.codeOf('outOfStock')} and o.deleted_at is null and exists (
        select 1 from outbound_lines l join stock s on s.item_id = l.item_id and s.status = ${STOCK_STATUS.valid} and s.quantity > s.reserved
          and (l.batch = '' or s.batch = l.batch) and (o.warehouse_id is null or s.warehouse_id = o.warehouse_id)
        where l.order_id = o.id and l.reserved < l.quantity)
      order by o.priority desc, o.created_at, o.id limit ${limit}`.execute(db);
    return rows.rows.map((r) => Number(r.id));
  }

  /** The merchant's live order a return names by its number or reference (the number first, else the newest), with its units. */
  async orderByOriginSN(db: Kysely<DB>, merchantId: number, originSN: string): Promise<{ id: number; units: number } | null> {
    const found = await sql<{ id: number; units: number }>`select id, total_units as units from outbound_orders
      where ${tenantSql(TenantScope.merchant(merchantId))} and (unid = ${originSN} or ref_order_id = ${originSN}) and deleted_at is null
      order by (unid = ${originSN}) desc, id desc limit 1`.execute(db);
    const hit = found.rows[0];
    return hit ? { id: Number(hit.id), units: Number(hit.units) } : null;
  }

  /** The allocation's savepoint: an all-or-nothing allocation that falls short rolls back to it. */
  async savepoint(trx: Kysely<DB>, step: 'begin' | 'rollback' | 'release'): Promise<void> {
    const statement = { begin: 'savepoint allocation', rollback: 'rollback to savepoint allocation', release: 'release savepoint allocation' }[step];
    await sql.raw(statement).execute(trx);
  }

  async merchantAllowsPartial(db: Kysely<DB>, merchantId: number): Promise<boolean> {
    const row = await sql<{ partial: boolean }>`select coalesce((settings->>'partialAllocation')::boolean, false) as partial
      from merchants where id = ${merchantId}`.execute(db);
    return row.rows[0]?.partial === true;
  }

  /** The order's handling as billing activity: the order, its lines, its units. */
  async billingEntries(trx: Kysely<DB>, orderId: number): Promise<ActivityEntry[]> {
    const row = await trx
      .selectFrom('outbound_orders')
      .select(['merchant_id', 'line_count', 'total_units'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const entry = { merchantId: Number(row.merchant_id), refType: 'outbound', refId: String(orderId) };
    return [
      { ...entry, kind: 'outbound.order', quantity: 1 },
      { ...entry, kind: 'outbound.line', quantity: row.line_count },
      { ...entry, kind: 'outbound.unit', quantity: row.total_units },
    ];
  }
}
