import type { inventoryListQuerySchema } from '@kontor/contracts/domains/inventory';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { LookupsRepo } from './lookups.repo.js';
import { PlacesRepo } from './places.repo.js';
import type { TenantScope } from '../../db/tenant-scope.js';

const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * The lookups the original handheld and web clients call (facts §2.7, §3.10), answered in their
 * shapes: a miss is an empty object, never an error, and ids are also given as `guid` strings.
 */
export class InventoryLookups {
  private readonly repo: LookupsRepo;
  private readonly places: PlacesRepo;

  constructor(core: Pick<Core, 'db'>) {
    this.repo = new LookupsRepo(core.db);
    this.places = new PlacesRepo(core.db);
  }

  async itemAny(scope: TenantScope, q: string) {
    const code = q.trim();
    const [item] = code ? await this.places.itemsByCode(code, scope) : [];
    if (!item) return { guid: '', unid: '' };
    const merchant = await this.repo.merchantNames(item.merchantId);
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

  async compartmentAny(scope: TenantScope, q: string) {
    const [found] = q.trim() ? await this.places.compartmentsByCode(q) : [];
    if (!found) return { guid: '', name: '' };
    const totals = await this.repo.compartmentTotals(scope, found.id);
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
  async itemOpts(scope: TenantScope, type: number) {
    return this.repo.itemsOfType(scope, type);
  }

  /**
   * The original inventory list: time cursor `o` (ISO time; `ISO|id` as we hand it out, so rows
   * sharing one time are never skipped), LIKE `q` over SKU, compartment and batch, `LocationGUID`.
   */
  async inventoryList(scope: TenantScope, query: z.infer<typeof inventoryListQuerySchema>) {
    const [time, lastId] = (query.o || EPOCH).split('|');
    // Kept as text with microseconds: a millisecond ISO string would re-read rows of the same millisecond.
    const after = /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(time ?? '') ? time! : EPOCH;
    const afterId = Number(lastId ?? 0) || 0;
    const rows = await this.repo.inventoryPage(scope, query, after, afterId, query.l);
    const total = await this.repo.inventoryCount(scope, query, 10_001);
    const last = rows.at(-1);
    return {
      total,
      page: query.l,
      next: rows.length === query.l && last ? `${last.cursor}|${last.id}` : 0,
      data: rows.map(({ cursor: _cursor, ...row }) => row),
    };
  }
}
