import type { inventoryListQuerySchema } from '@kontor/contracts/domains/inventory';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { PlacesRepo } from './places.repo.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- inventory tables are declared by migration 0005
type AnyDB = Kysely<any>;

const EPOCH = '1970-01-01T00:00:00.000Z';
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The lookups the original handheld and web clients call (facts §2.7, §3.10), answered in their
 * shapes: a miss is an empty object, never an error, and ids are also given as `guid` strings.
 */
export class InventoryLookups {
  private readonly db: AnyDB;
  private readonly places: PlacesRepo;

  constructor(core: Pick<Core, 'db'>) {
    this.db = core.db as AnyDB;
    this.places = new PlacesRepo(core.db);
  }

  async itemAny(scope: number | null, q: string) {
    const code = q.trim();
    const [item] = code ? await this.places.itemsByCode(code, scope) : [];
    if (!item) return { guid: '', unid: '' };
    const merchant = await this.db.selectFrom('merchants').select(['code', 'name']).where('id', '=', item.merchantId).executeTakeFirstOrThrow();
    return {
      guid: String(item.id),
      id: item.id,
      unid: item.sku,
      name: item.name,
      barcode: item.barcode,
      agentGUID: merchant.code,
      customer: merchant.name,
      merchantId: item.merchantId,
      type: item.type,
      weight: item.weight ?? 0,
      serialRequired: item.serialRequired,
      batchTracked: item.batchTracked,
      expiryTracked: item.expiryTracked,
    };
  }

  async compartmentAny(scope: number | null, q: string) {
    const [found] = q.trim() ? await this.places.compartmentsByCode(q) : [];
    if (!found) return { guid: '', name: '' };
    const totals = await this.db
      .selectFrom('stock')
      .select([
        sql<number>`coalesce(sum(quantity), 0)::int`.as('quantity'),
        sql<number>`coalesce(sum(reserved), 0)::int`.as('lockedQty'),
        sql<number>`count(*)::int`.as('rows'),
      ])
      .where('compartment_id', '=', found.id)
      .where('quantity', '>', 0)
      .$if(scope !== null, (qb) => qb.where('merchant_id', '=', scope))
      .executeTakeFirstOrThrow();
    return {
      guid: String(found.id),
      id: found.id,
      name: found.code,
      warehouseUNID: found.warehouseCode,
      warehouseId: found.warehouseId,
      zoneCode: found.zone,
      pickingPriority: found.priority,
      kind: found.kind,
      blocked: found.blocked,
      inventory: totals,
    };
  }

  /** Items of one type for pickers (the original's packing materials are type 2). */
  async itemOpts(scope: number | null, type: number) {
    return this.db
      .selectFrom('items')
      .select([sql<string>`id::text`.as('guid'), 'id', 'sku as unid', 'name', 'merchant_id as merchantId'])
      .where('type', '=', type)
      .$if(scope !== null, (qb) => qb.where('merchant_id', '=', scope))
      .orderBy('sku')
      .limit(500)
      .execute();
  }

  /**
   * The original inventory list: time cursor `o` (ISO time; `ISO|id` as we hand it out, so rows
   * sharing one time are never skipped), LIKE `q` over SKU, compartment and batch, `LocationGUID`.
   */
  async inventoryList(scope: number | null, query: z.infer<typeof inventoryListQuerySchema>) {
    const [time, lastId] = (query.o || EPOCH).split('|');
    // Kept as text with microseconds: a millisecond ISO string would re-read rows of the same millisecond.
    const after = /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(time ?? '') ? time! : EPOCH;
    const afterId = Number(lastId ?? 0) || 0;
    const q = query.q?.trim();
    const base = this.db
      .selectFrom('stock_view')
      .where('quantity', '>', 0)
      .$if(scope !== null, (b) => b.where('merchant_id', '=', scope))
      .$if(query.merchantId !== undefined, (b) => b.where('merchant_id', '=', query.merchantId))
      .$if(!!query.LocationGUID && /^\d+$/.test(query.LocationGUID), (b) => b.where('compartment_id', '=', Number(query.LocationGUID)))
      .$if(query.itemId !== undefined, (b) => b.where('item_id', '=', query.itemId))
      .$if(query.status !== undefined, (b) => b.where('status', '=', query.status))
      .$if(query.batch !== undefined, (b) => b.where('batch', '=', query.batch))
      .$if(!!q, (b) => b.where((eb) => eb.or(['sku', 'compartment_code', 'batch'].map((c) => eb(c, 'ilike', `%${escapeLike(q!)}%`)))));
    const rows = await base
      .select(['id', 'item_id as itemId', 'sku as itemUnid', 'item_name as itemName', 'compartment_code as compartment', 'warehouse_code as warehouse'])
      .select(['batch as itemBatch', 'quantity', 'reserved as lockedQty', 'available', 'status', 'merchant_name as customer', 'merchant_id as merchantId'])
      .select([sql<string>`compartment_id::text`.as('locationGuid'), 'updated_at as updatedAt'])
      .select(sql<string>`to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor'))
      .where(sql<boolean>`(updated_at, id) > (${after}::timestamptz, ${afterId})`)
      .orderBy('updated_at')
      .orderBy('id')
      .limit(query.l)
      .execute();
    const counted = await this.db
      .selectFrom(base.select(sql.lit(1).as('one')).limit(10_001).as('capped'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const last = rows.at(-1);
    return {
      total: counted.n,
      page: query.l,
      next: rows.length === query.l && last ? `${last.cursor}|${last.id}` : 0,
      data: rows.map(({ cursor: _cursor, ...row }) => row),
    };
  }
}
