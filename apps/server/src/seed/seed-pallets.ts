import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * The demo's loading config (facts §8): LD20260001, DHL Freight, a pallet, truck plate "B-AB 1234",
 * picked up 2026-10-02, with the note the loading scan shows in a modal. The code counter moves past
 * it, so the next config is LD…0002.
 */
export async function seedPallets(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('pallets')
    .values({
      pallet_code: 'LD20260001',
      pickup_carrier: 'DHL Freight',
      unit_str: 'Pallet',
      plate_number2: 'B-AB 1234',
      plate_key: 'B-AB1234',
      pickup_date: '2026-10-02',
      important_note: 'Max. 30 Pakete pro Palette',
    })
    .execute();
  await sql`select setval('pallet_code_seq', 1)`.execute(db);
}
