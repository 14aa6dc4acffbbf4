import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { TenantScope } from '../../db/tenant-scope.js';
import { packTableRepo } from './pack-table.repo.js';
import { prepackRepo, type PrepackedParcel } from './prepack.repo.js';

/**
 * What the batch-table and pre-packing flows (flows/pack-table.flow.ts, flows/prepack.flow.ts) may read and
 * write of the packing module, in the flow's transaction; the repositories stay inside the module.
 */
export const packTableUnits = {
  /** Units scanned so far per order and item of a picklist at the batch table. */
  units: (db: Kysely<DB>, picklistId: number) => packTableRepo.units(db, picklistId),
  addUnit: (trx: Kysely<DB>, picklistId: number, orderId: number, itemId: number): Promise<void> => packTableRepo.addUnit(trx, picklistId, orderId, itemId),
};

/** Parcels packed ahead for identical orders. */
export const prepackedParcels = {
  insert: (trx: Kysely<DB>, parcels: Parameters<typeof prepackRepo.insert>[1]): Promise<void> => prepackRepo.insert(trx, parcels),
  openCounts: (db: Kysely<DB>, scope: TenantScope) => prepackRepo.openCounts(db, scope),
  ofOrder: (db: Kysely<DB>, orderId: number): Promise<PrepackedParcel | null> => prepackRepo.ofOrder(db, orderId),
  /** The oldest waiting parcel of a key, locked; one another station is taking is skipped. */
  takeOpen: (trx: Kysely<DB>, merchantId: number, key: string, scope: TenantScope): Promise<PrepackedParcel | null> =>
    prepackRepo.takeOpen(trx, merchantId, key, scope),
  assign: (trx: Kysely<DB>, parcelId: number, orderId: number): Promise<void> => prepackRepo.assign(trx, parcelId, orderId),
};
