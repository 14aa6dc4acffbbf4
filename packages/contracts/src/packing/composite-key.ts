/**
 * The composite key of an order's contents (spec §3; facts §2.2 "carrierConfig key", the original
 * web's `composeCarrierConfig`): identical orders share it, so the pre-packing station
 * (`/wEP/PackScanPre`, docs/packing.md) groups them by it and packs their parcels ahead.
 *
 * - one entry per SKU, the last line of a SKU wins (as the original does; callers that want the
 *   pieces of several lines of one SKU add them up first, see `sumBySku`);
 * - the SKUs sorted (code-unit order, as JavaScript's default sort);
 * - `SKU:qty` pairs joined with `:`, then `:<country>`, `DE` when the country is empty;
 * - no items: the empty string.
 *
 * Example: B×2 and A×1 to AT give `A:1:B:2:AT`. Pure: shared by the server and the screen.
 */
export interface KeyLine {
  sku: string;
  qty: number;
}

export const DEFAULT_KEY_COUNTRY = 'DE';

export function compositeKey(items: readonly KeyLine[], country?: string | null): string {
  if (items.length === 0) return '';
  const bySku = new Map<string, number>();
  for (const item of items) bySku.set(item.sku, item.qty);
  const pairs = [...bySku.keys()].sort().map((sku) => `${sku}:${bySku.get(sku)}`);
  const suffix = country && country.trim() !== '' ? country.trim() : DEFAULT_KEY_COUNTRY;
  return `${pairs.join(':')}:${suffix}`;
}

/** The lines of one order with the pieces of each SKU added up (an order may hold a SKU on two lines, e.g. two batches). */
export function sumBySku(items: readonly KeyLine[]): KeyLine[] {
  const bySku = new Map<string, number>();
  for (const item of items) bySku.set(item.sku, (bySku.get(item.sku) ?? 0) + item.qty);
  return [...bySku].map(([sku, qty]) => ({ sku, qty }));
}

/** The pairs of a key again (`A:1:B:2:AT` → [{A,1},{B,2}] and AT), for showing a key's contents. */
export function parseCompositeKey(key: string): { lines: KeyLine[]; country: string } | null {
  const parts = key.split(':');
  if (parts.length < 3 || parts.length % 2 === 0) return null;
  const country = parts.at(-1)!;
  const lines: KeyLine[] = [];
  for (let i = 0; i < parts.length - 1; i += 2) {
    const qty = Number(parts[i + 1]);
    if (!parts[i] || !Number.isInteger(qty)) return null;
    lines.push({ sku: parts[i]!, qty });
  }
  return { lines, country };
}
