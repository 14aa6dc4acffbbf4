import { sql, type Kysely, type Selectable } from 'kysely';
import { newestFirst, type TimeKeyset } from '../../db/keyset.js';
import type { DB, GateBillLinesTable, GateBillsTable } from '../../db/types.js';

export type GateBillRow = Selectable<GateBillsTable> & { company: string };
export type GateBillLineRow = Selectable<GateBillLinesTable>;

export interface GateBillFilter {
  id?: number;
  gateUserId?: number | undefined;
  period?: string | undefined;
  status?: number | undefined;
  cursor?: TimeKeyset | null;
  limit?: number;
}

/** A bought label of a month, as a bill line needs it. */
export interface BillableLabel {
  label_id: number;
  shipment_id: number;
  reference: string;
  tracking_number: string;
  carrier: string;
  product: string;
  bought_at: Date;
  cost_minor: number | null;
  currency: string | null;
}

export interface NewBillLine {
  labelId: number;
  shipmentId: number;
  reference: string;
  trackingNumber: string;
  carrier: string;
  product: string;
  boughtAt: Date;
  costMinor: number;
  marginMinor: number;
  amountMinor: number;
}

/** The SQL of gate bills and their lines. */
export const gateBillsRepo = {
  list(db: Kysely<DB>, filter: GateBillFilter) {
    const query = gateBillsRepo.filtered(db, filter).selectAll('b').select('u.company');
    return newestFirst(query, { time: 'b.created_at', id: 'b.id' }, filter.cursor, filter.limit ?? 1000).execute();
  },

  async count(db: Kysely<DB>, filter: GateBillFilter): Promise<number> {
    const row = await gateBillsRepo
      .filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  filtered(db: Kysely<DB>, filter: GateBillFilter) {
    let query = db.selectFrom('gate_bills as b').innerJoin('gate_users as u', 'u.id', 'b.gate_user_id');
    if (filter.id !== undefined) query = query.where('b.id', '=', filter.id);
    if (filter.gateUserId !== undefined) query = query.where('b.gate_user_id', '=', filter.gateUserId);
    if (filter.period !== undefined) query = query.where('b.period', '=', filter.period);
    if (filter.status !== undefined) query = query.where('b.status', '=', filter.status);
    return query;
  },

  lines(db: Kysely<DB>, billId: number): Promise<GateBillLineRow[]> {
    return db.selectFrom('gate_bill_lines').selectAll().where('bill_id', '=', billId).orderBy('bought_at').orderBy('id').execute();
  },

  userIds(db: Kysely<DB>): Promise<Array<{ id: number }>> {
    return db.selectFrom('gate_users').select('id').orderBy('id').execute();
  },

  /** Labels of the user bought in [from, to) and not voided. */
  billable(db: Kysely<DB>, gateUserId: number, from: Date, to: Date): Promise<BillableLabel[]> {
    return db
      .selectFrom('gate_labels as l')
      .innerJoin('gate_shipments as s', 's.id', 'l.shipment_id')
      .select([
        'l.id as label_id',
        'l.shipment_id',
        's.reference',
        'l.tracking_number',
        's.carrier',
        's.product',
        sql<Date>`l.bought_at`.as('bought_at'),
        'l.cost_minor',
        'l.currency',
      ])
      .where('l.gate_user_id', '=', gateUserId)
      .where('l.state', '=', 'bought')
      .where('l.bought_at', '>=', from)
      .where('l.bought_at', '<', to)
      .orderBy('l.bought_at')
      .orderBy('l.id')
      .execute();
  },

  /** The bill of a user, month and currency, locked for the rebuild. */
  forUpdate(db: Kysely<DB>, gateUserId: number, period: string, currency: string): Promise<{ id: number; status: number } | undefined> {
    return db
      .selectFrom('gate_bills')
      .select(['id', 'status'])
      .where('gate_user_id', '=', gateUserId)
      .where('period', '=', period)
      .where('currency', '=', currency)
      .forUpdate()
      .executeTakeFirst();
  },

  async insert(db: Kysely<DB>, b: { gateUserId: number; period: string; currency: string; status: number }): Promise<number> {
    const row = await db
      .insertInto('gate_bills')
      .values({ gate_user_id: b.gateUserId, period: b.period, currency: b.currency, status: b.status })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** Replaces a draft's lines and totals; answers false when the bill is no longer in `status`. */
  async replaceLines(db: Kysely<DB>, billId: number, status: number, lines: NewBillLine[]): Promise<boolean> {
    const sum = (pick: (l: NewBillLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
    const result = await db
      .updateTable('gate_bills')
      .set({
        line_count: lines.length,
        cost_minor: sum((l) => l.costMinor),
        margin_minor: sum((l) => l.marginMinor),
        total_minor: sum((l) => l.amountMinor),
        updated_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', billId)
      .where('status', '=', status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await db.deleteFrom('gate_bill_lines').where('bill_id', '=', billId).execute();
    if (lines.length > 0)
      await db
        .insertInto('gate_bill_lines')
        .values(
          lines.map((l) => ({
            bill_id: billId,
            label_id: l.labelId,
            shipment_id: l.shipmentId,
            reference: l.reference,
            tracking_number: l.trackingNumber,
            carrier: l.carrier,
            product: l.product,
            bought_at: l.boughtAt,
            cost_minor: l.costMinor,
            margin_minor: l.marginMinor,
            amount_minor: l.amountMinor,
          })),
        )
        .execute();
    return true;
  },

  /** Moves the bill from one status to another; false when it was not in `from` any more. */
  async setStatus(db: Kysely<DB>, billId: number, from: number, to: number, issued: boolean): Promise<boolean> {
    const result = await db
      .updateTable('gate_bills')
      .set({ status: to, updated_at: sql`now()`, version: sql`version + 1`, ...(issued ? { issued_at: sql`now()` } : {}) })
      .where('id', '=', billId)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
