import type { StockGrouping } from '@kontor/contracts/domains/inventory';
import { sql, type Kysely } from 'kysely';
import type { DB, StockView } from '../../db/types.js';
import { TOTAL_CAP, type ListConditions, type ListQuery } from '../resources/index.js';

/** Columns a grouping groups by (and answers), and the ones its keyset orders by (a unique tuple ending in an id). */
type StockViewColumn = keyof StockView & string;

export const GROUP_COLUMNS: Record<StockGrouping, { group: StockViewColumn[]; order: StockViewColumn[] }> = {
  compartment: { group: ['compartment_id', 'compartment_code', 'warehouse_code'], order: ['compartment_code', 'compartment_id'] },
  item: { group: ['item_id', 'sku', 'item_name'], order: ['sku', 'item_id'] },
  batch: { group: ['item_id', 'batch', 'sku', 'item_name'], order: ['batch', 'sku', 'item_id'] },
  merchant: { group: ['merchant_id', 'merchant_name'], order: ['merchant_name', 'merchant_id'] },
};

export type GroupFilter = Omit<ListQuery, 'sort' | 'after' | 'limit'>;
export type GroupRow = Record<string, unknown> & { quantity: number; reserved: number; available: number; rows: number };

// Sums as float8: exact for whole numbers far beyond int range, and a JSON number on both databases.
const sums = () => [
  sql<number>`coalesce(sum(quantity), 0)::float8`.as('quantity'),
  sql<number>`coalesce(sum(reserved), 0)::float8`.as('reserved'),
  sql<number>`coalesce(sum(available), 0)::float8`.as('available'),
  sql<number>`count(*)::int`.as('rows'),
];

/**
 * The grouped stock views as SQL aggregates over `stock_view` (issue 5 §3): the same conditions as the
 * stock list (merchant scope from the session, search, filters: `ResourceView.conditions`), summed with
 * GROUP BY and paged by keyset on the group's ordering columns, so totals are right on any number of rows.
 */
export class StockGroupsRepo {
  private readonly db: Kysely<DB>;

  constructor(
    db: Kysely<DB>,
    private readonly conditions: ListConditions,
  ) {
    this.db = db;
  }

  /** One page of groups after the given key (the ordering columns' values of the previous page's last group). */
  async page(by: StockGrouping, filter: GroupFilter, after: unknown[] | null, limit: number): Promise<GroupRow[]> {
    const { group, order } = GROUP_COLUMNS[by];
    const refs = (columns: StockViewColumn[]) => sql.join(columns.map((c) => sql.ref(c)));
    let query = this.db
      .selectFrom('stock_view')
      .select(group)
      .select(sums())
      .where((eb) => this.conditions(eb, filter));
    if (after) query = query.where(sql<boolean>`(${refs(order)}) > (${sql.join(after.map((v) => sql`${v}`))})`);
    for (const column of order) query = query.orderBy(column, 'asc');
    return (await query.groupBy(group).limit(limit).execute()) as GroupRow[];
  }

  /** Groups matching the filter, counted up to TOTAL_CAP + 1 like every list total. */
  async count(by: StockGrouping, filter: GroupFilter): Promise<number> {
    const inner = this.db
      .selectFrom('stock_view')
      .select(GROUP_COLUMNS[by].group)
      .where((eb) => this.conditions(eb, filter))
      .groupBy(GROUP_COLUMNS[by].group)
      .limit(TOTAL_CAP + 1);
    const row = await this.db
      .selectFrom(inner.as('groups'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Sums over every row matching the filter. */
  async sums(filter: GroupFilter): Promise<Omit<GroupRow, 'key'>> {
    return (await this.db
      .selectFrom('stock_view')
      .select(sums())
      .where((eb) => this.conditions(eb, filter))
      .executeTakeFirstOrThrow()) as GroupRow;
  }
}
