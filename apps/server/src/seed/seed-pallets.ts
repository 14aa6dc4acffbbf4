import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { createPalletWithCode } from '../modules/pallets/index.js';

/**
 * The demo's loading config (facts §8): LD20260001, DHL Freight, a pallet, truck plate "B-AB 1234",
 * picked up 2026-10-02, with the note the loading scan shows in a modal. The code counter moves past
 * it, so the next config is LD…0002.
 */
export async function seedPallets(db: Kysely<DB>): Promise<void> {
  await createPalletWithCode(db, 'LD20260001', {
    pickupCarrier: 'DHL Freight',
    unitStr: 'Pallet',
    plateNumber2: 'B-AB 1234',
    pickupDate: '2026-10-02',
    importantNote: 'Max. 30 Pakete pro Palette',
  });
}
