import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { PackLogRow } from '@kontor/contracts/domains/packing-responses';
import { packLogRepo, type NewPackedParcel } from './packing.repo.js';

/**
 * The pack log as the pack flow writes it, in the flow's transaction (flows/pack-order.flow.ts): one
 * row per packed parcel, measured later when the order waited for a weight or dimensions.
 */
export const packLog = {
  insert: (trx: Kysely<DB>, parcels: NewPackedParcel[]): Promise<void> => packLogRepo.insert(trx, parcels),
  measure: (trx: Kysely<DB>, orderId: number, parcelIndex: number, measured: Parameters<typeof packLogRepo.measure>[3]): Promise<void> =>
    packLogRepo.measure(trx, orderId, parcelIndex, measured),
  ofOrder: (db: Kysely<DB>, orderId: number): Promise<PackLogRow[]> => packLogRepo.ofOrder(db, orderId),
};
