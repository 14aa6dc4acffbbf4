import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { PlacesRepo } from './places.repo.js';
import { mustBeOpen, resolveCompartment, resolveItem } from './resolve.js';
import { StockRepo } from './stock.repo.js';

/** Units found in a compartment when the ledger starts (the demo's stock): item by code within its merchant. */
export interface OpeningStock {
  merchantId: number;
  item: string;
  compartment: string;
  batch: string;
  /** A stock status of STOCK_STATUS (valid, damaged, receiving…). */
  status: number;
  quantity: number;
}

/**
 * Books opening stock through the ledger in the caller's transaction (issue 16 item 1): the row is
 * found or made and locked, and the units are posted with their ledger entry (reason `opening`), as
 * a receipt posts them — so the opening balance satisfies the ledger's invariants like live data.
 */
export async function bookOpeningStock(db: Kysely<DB>, userId: number | null, opening: OpeningStock): Promise<void> {
  const places = new PlacesRepo(db);
  const item = await resolveItem(places, TenantScope.merchant(opening.merchantId), { item: opening.item });
  const compartment = await resolveCompartment(places, { compartment: opening.compartment });
  mustBeOpen(compartment);
  if (!Number.isInteger(opening.quantity) || opening.quantity <= 0) throw new Error(`opening stock of ${opening.item}: ${opening.quantity} units`);
  const stock = new StockRepo();
  const stockId = await stock.ensure(db, {
    merchantId: item.merchantId,
    itemId: item.id,
    warehouseId: compartment.warehouseId,
    compartmentId: compartment.id,
    batch: opening.batch,
    status: opening.status,
    unitId: null,
  });
  const row = (await stock.lock(db, [stockId])).get(stockId)!;
  await stock.post(db, row, { delta: opening.quantity, deltaReserved: 0, reason: 'opening', userId });
}
