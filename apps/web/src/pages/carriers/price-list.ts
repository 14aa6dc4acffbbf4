import { toCents, type Currency } from '@kontor/contracts/money';
import type { CarrierPrice } from '@kontor/contracts/domains/carriers-responses';

/** One row of the price list editor: the price as the user types it (euros and cents), not in cents. */
export interface BandRow {
  product?: string;
  maxWeightKg?: number | null;
  price?: number | null;
  currency?: Currency;
}

/** The stored bands as editor rows, in the order the server answers them (per product, lightest first). */
export const toRows = (bands: readonly CarrierPrice[]): BandRow[] =>
  bands.map((b) => ({ product: b.product, maxWeightKg: b.maxWeightKg, price: b.priceMinor / 100, currency: b.currency }));

/** The rows as the list a save sends: prices in cents through the one rounding rule (money.ts). */
export function toBands(rows: readonly BandRow[]): Array<{ product: string; maxWeightKg: number; priceMinor: number; currency: Currency }> {
  return rows.map((r) => ({ product: r.product ?? '', maxWeightKg: r.maxWeightKg ?? 0, priceMinor: toCents(r.price ?? 0), currency: r.currency ?? 'EUR' }));
}
