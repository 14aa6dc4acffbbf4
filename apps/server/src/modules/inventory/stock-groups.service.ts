import type { StockGroup, StockGroupsPage, stockGroupsQuerySchema } from '@kontor/contracts/domains/inventory';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { invalidField } from '../../http/app-error.js';
import { parseFilters } from '../resources/index.js';
import { ResourceView, TOTAL_CAP } from '../resources/index.js';
import { INVENTORY_RESOURCES } from './inventory.resources.js';
import { GROUP_COLUMNS, StockGroupsRepo, type GroupRow } from './stock-groups.repo.js';
import type { TenantScope } from '../../db/tenant-scope.js';

type Query = z.infer<typeof stockGroupsQuerySchema>;

const STOCK = INVENTORY_RESOURCES.find((d) => d.name === 'stock')!;
const badCursor = () => invalidField('o');

const text = (v: unknown) => (v === undefined || v === null ? null : String(v));
const id = (v: unknown) => (v === undefined || v === null ? null : Number(v));

function groupOf(row: GroupRow): StockGroup {
  const group = {
    itemId: id(row.item_id),
    sku: text(row.sku),
    itemName: text(row.item_name),
    compartmentId: id(row.compartment_id),
    compartmentCode: text(row.compartment_code),
    warehouseCode: text(row.warehouse_code),
    batch: text(row.batch),
    merchantId: id(row.merchant_id),
    merchantName: text(row.merchant_name),
  };
  const key = [group.compartmentId, group.itemId, group.batch, group.merchantId].filter((v) => v !== null).join('|');
  return { key, ...group, quantity: Number(row.quantity), reserved: Number(row.reserved), available: Number(row.available), rows: Number(row.rows) };
}

/**
 * The stock list grouped by compartment, item, batch or merchant (issue 5 §3, facts §3.10): the sums come
 * from the database over every matching row, with the stock list's filters and the session's merchant scope.
 */
export class StockGroupsService {
  private readonly repo: StockGroupsRepo;

  constructor(core: Pick<Core, 'db'>) {
    this.repo = new StockGroupsRepo(core.db, new ResourceView(core.db, STOCK).conditions);
  }

  async groups(merchantScope: TenantScope, query: Query): Promise<StockGroupsPage> {
    const { by, l: limit, o, q, ...rest } = query;
    const filter = { merchantScope, search: q?.trim() || undefined, filters: parseFilters(STOCK, rest) };
    const after = this.decode(by, o);
    const [rows, total, sums] = await Promise.all([this.repo.page(by, filter, after, limit), this.repo.count(by, filter), this.repo.sums(filter)]);
    const last = rows.at(-1);
    return {
      data: rows.map(groupOf),
      next: rows.length === limit && last ? Buffer.from(JSON.stringify(GROUP_COLUMNS[by].order.map((c) => last[c]))).toString('base64url') : null,
      total: Math.min(total, TOTAL_CAP),
      ...(total > TOTAL_CAP ? { totalCapped: true } : {}),
      sums: { quantity: Number(sums.quantity), reserved: Number(sums.reserved), available: Number(sums.available), rows: Number(sums.rows) },
    };
  }

  /** The `o` cursor: the ordering values of the last group of the previous page, as base64url JSON. */
  private decode(by: Query['by'], o: string | undefined): unknown[] | null {
    if (!o) return null;
    let values: unknown;
    try {
      values = JSON.parse(Buffer.from(o, 'base64url').toString('utf8'));
    } catch {
      throw badCursor();
    }
    const order = GROUP_COLUMNS[by].order;
    if (!Array.isArray(values) || values.length !== order.length) throw badCursor();
    const ok = values.every((v, i) => (order[i]!.endsWith('_id') ? Number.isSafeInteger(Number(v)) : typeof v === 'string'));
    if (!ok) throw badCursor();
    return values.map((v, i) => (order[i]!.endsWith('_id') ? Number(v) : v));
  }
}
