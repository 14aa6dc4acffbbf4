import type { Kysely } from 'kysely';
import { AppError, ruleError } from '../../http/app-error.js';
import type { DB } from '../../db/types.js';
import { itemsForLabels, type ItemForLabel } from './item-labels.repo.js';
import { PlacesRepo, type CompartmentRef, type ItemRef } from './places.repo.js';
import { putawayPlaces } from './putaway-places.repo.js';
import { registerReceivedSerials } from './receiving-serials.repo.js';
import { resolveCompartment } from './resolve.js';
import { firstWarehouseTimeZone, warehouseExists, warehouseOptions } from './warehouse-options.repo.js';
import { BERLIN } from '@kontor/contracts/dates';
import { TenantScope } from '../../db/tenant-scope.js';

/**
 * Items, compartments and warehouses as other modules look them up (issue 16 item 2): the inventory
 * module answers, its repositories stay inside. Made per database or transaction, like the repo.
 */
export class Places {
  private readonly repo: PlacesRepo;
  constructor(db: Kysely<DB>) {
    this.repo = new PlacesRepo(db);
  }
  /** An item by id within the scope, or null. */
  itemById(id: number, scope: TenantScope): Promise<ItemRef | null> {
    return this.repo.itemById(id, scope);
  }
  /** The items a scanned or typed code (SKU, barcode, alias) names within the scope. */
  itemsByCode(code: string, scope: TenantScope): Promise<ItemRef[]> {
    return this.repo.itemsByCode(code, scope);
  }
  compartmentById(id: number): Promise<CompartmentRef | null> {
    return this.repo.compartmentById(id);
  }
  /**
   * A document's lines (inbound or outbound order) as items of the document's merchant, by item id or
   * code; an unknown item, or the same item and batch listed twice, is a field error at `lines.<n>`.
   */
  async documentLines<L extends { itemId?: number; sku?: string; batch: string }>(merchantId: number, lines: L[]): Promise<Array<{ itemId: number; line: L }>> {
    const scope = TenantScope.merchant(merchantId);
    const out: Array<{ itemId: number; line: L }> = [];
    for (const [index, line] of lines.entries()) {
      const item = line.itemId !== undefined ? await this.repo.itemById(line.itemId, scope) : ((await this.repo.itemsByCode(line.sku!, scope))[0] ?? null);
      const field = `lines.${index}.${line.itemId !== undefined ? 'itemId' : 'sku'}`;
      if (!item)
        throw new AppError('ItemNotFound', { params: { code: line.itemId ?? line.sku }, fields: [{ field, message: String(line.itemId ?? line.sku) }] });
      if (out.some((o) => o.itemId === item.id && o.line.batch === line.batch))
        throw new AppError('IntegrityError', { fields: [ruleError(field, 'listedTwice', { sku: item.sku })] });
      out.push({ itemId: item.id, line });
    }
    return out;
  }
  /** The compartment a form or scanner names (id or code), in the warehouse when given; a field error otherwise. */
  compartment(input: { compartmentId?: number; compartment?: string }, field = 'compartment', warehouseId?: number): Promise<CompartmentRef> {
    return resolveCompartment(this.repo, input, field, warehouseId);
  }
}

/** Where received goods go: the staging place, quarantine, where the item already lies, an empty place. */
export const putawayTargets = {
  staging: (db: Kysely<DB>, warehouseId: number) => putawayPlaces.firstStaging(db, warehouseId),
  quarantine: (db: Kysely<DB>, warehouseId: number) => putawayPlaces.firstQuarantine(db, warehouseId),
  whereItemLies: (db: Kysely<DB>, warehouseId: number, itemId: number) => putawayPlaces.whereItemLies(db, warehouseId, itemId),
  empty: (db: Kysely<DB>, warehouseId: number) => putawayPlaces.firstEmpty(db, warehouseId),
};

export const warehouses = {
  exists: (db: Kysely<DB>, id: number): Promise<boolean> => warehouseExists(db, id),
  options: (db: Kysely<DB>) => warehouseOptions(db),
  /**
   * The time zone the floor counts its day and hours in (late orders, inbound due today, throughput):
   * the warehouse's own setting (`warehouses.time_zone`), Europe/Berlin before a warehouse exists or
   * when the setting names no zone this runtime knows (a typo must not stop the home page).
   */
  floorTimeZone: async (db: Kysely<DB>): Promise<string> => {
    const zone = await firstWarehouseTimeZone(db);
    return zone && knownTimeZone(zone) ? zone : BERLIN;
  },
};

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Items to print labels for, within the caller's tenant scope. */
export const labelItems = (db: Kysely<DB>, ids: number[], scope: TenantScope): Promise<ItemForLabel[]> => itemsForLabels(db, ids, scope);

/** Serial numbers booked in by the receiving desk, in the caller's transaction. */
export const receivedSerials = { register: registerReceivedSerials };
