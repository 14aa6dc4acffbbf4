import type { FieldError } from '@kontor/contracts';
import type { carrierPriceListSchema } from '@kontor/contracts/domains/carriers';
import type { CarrierPrice } from '@kontor/contracts/domains/carriers-responses';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { accountsRepo } from './accounts.repo.js';
import { mustBeCompany } from './accounts.service.js';
import { carrierDriver } from './drivers/index.js';
import { pricesRepo, type PriceRow } from './prices.repo.js';

type PriceList = z.output<typeof carrierPriceListSchema>;

/** Weights are compared in whole grams: 0.5 kg and 0.500 kg are one band, on both databases. */
export const gramsOf = (kg: number) => Math.round(kg * 1000);

const toPrice = (row: PriceRow): CarrierPrice => ({
  product: row.product,
  maxWeightKg: row.max_weight_g / 1000,
  priceMinor: row.price_minor,
  currency: row.currency as CarrierPrice['currency'],
});

/**
 * The carriers' price lists (issue 17; docs/carriers.md "Price list"): per account and product, weight
 * bands with the price of one label. When a carrier answers no cost, the label's cost for billing is the
 * price of the lightest band its weight fits; no band, no cost (as before).
 */
export class CarrierPricesService {
  constructor(private readonly core: Core) {}

  async list(auth: AuthContext, accountId: number): Promise<CarrierPrice[]> {
    mustBeCompany(auth);
    if (!(await accountsRepo.get(this.core.db, accountId))) throw new AppError('NotFound');
    return (await pricesRepo.list(this.core.db, accountId)).map(toPrice);
  }

  /** Replaces the list; a product the account's carrier does not sell, or a band listed twice, is a field error. */
  async replace(auth: AuthContext, accountId: number, input: PriceList): Promise<CarrierPrice[]> {
    mustBeCompany(auth);
    return this.core.db.transaction().execute(async (trx) => {
      const account = await accountsRepo.get(trx, accountId);
      if (!account) throw new AppError('NotFound');
      const products = new Set(carrierDriver(account.carrier)?.products.map((p) => p.code) ?? []);
      const seen = new Set<string>();
      const fields: FieldError[] = [];
      input.bands.forEach((band, i) => {
        const key = `${band.product}|${gramsOf(band.maxWeightKg)}`;
        if (!products.has(band.product)) fields.push(ruleError(`bands.${i}.product`, 'invalid'));
        else if (seen.has(key)) fields.push(ruleError(`bands.${i}.maxWeightKg`, 'invalid'));
        seen.add(key);
      });
      if (fields.length) throw new AppError('IntegrityError', { fields });
      const before = (await pricesRepo.list(trx, accountId)).map(toPrice);
      await pricesRepo.replace(
        trx,
        accountId,
        input.bands.map((b) => ({ product: b.product, maxWeightG: gramsOf(b.maxWeightKg), priceMinor: b.priceMinor, currency: b.currency })),
      );
      const after = (await pricesRepo.list(trx, accountId)).map(toPrice);
      await audit(trx, auth, 'update', 'carrierPrices', String(accountId), before, after);
      return after;
    });
  }
}

/** The price list's cost of a label the carrier answered none for (in the caller's transaction). */
export async function listedCost(
  db: Kysely<DB>,
  accountId: number,
  product: string,
  weightKg: number,
): Promise<{ costMinor: number; currency: string } | null> {
  const band = await pricesRepo.bandFor(db, accountId, product, Math.max(1, gramsOf(weightKg)));
  return band ? { costMinor: band.price_minor, currency: band.currency } : null;
}
