import type { Kysely, Selectable } from 'kysely';
import type { CarrierPricesTable, DB } from '../../db/types.js';

export type PriceRow = Selectable<CarrierPricesTable>;

/** The SQL of the carriers' price lists (migration 0021). */
export const pricesRepo = {
  list(db: Kysely<DB>, accountId: number): Promise<PriceRow[]> {
    return db.selectFrom('carrier_prices').selectAll().where('account_id', '=', accountId).orderBy('product').orderBy('max_weight_g').execute();
  },

  /** Replaces an account's list in the caller's transaction. */
  async replace(
    trx: Kysely<DB>,
    accountId: number,
    bands: Array<{ product: string; maxWeightG: number; priceMinor: number; currency: string }>,
  ): Promise<void> {
    await trx.deleteFrom('carrier_prices').where('account_id', '=', accountId).execute();
    if (bands.length === 0) return;
    await trx
      .insertInto('carrier_prices')
      .values(bands.map((b) => ({ account_id: accountId, product: b.product, max_weight_g: b.maxWeightG, price_minor: b.priceMinor, currency: b.currency })))
      .execute();
  },

  /** The lightest band of the account's product that a label of `weightG` grams fits, if any. */
  bandFor(db: Kysely<DB>, accountId: number, product: string, weightG: number): Promise<PriceRow | undefined> {
    return db
      .selectFrom('carrier_prices')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('product', '=', product)
      .where('max_weight_g', '>=', weightG)
      .orderBy('max_weight_g')
      .limit(1)
      .executeTakeFirst();
  },
};
