/**
 * The label-index algorithm of the Pick Scan Batch station (facts §3.6, the original web's
 * `processItem`), shared by the station screen and the server. Given a picklist's orders in pick
 * order, a SKU, the pieces of that SKU already printed and the quantity now taken, it answers which
 * orders get labels and which label indexes (the positions of the pieces in each order's flattened
 * item list). Pure: no I/O, no clock. Tested against a separate reference on random cases.
 */

export interface LabelIndexOrder {
  ID: number;
  UNID?: string;
  items: ReadonlyArray<{ sku: string; qty: number; itemBatch?: string }>;
  itemPacks?: ReadonlyArray<{ sku: string; lblIdx: readonly number[] }> | null;
}

export interface LabelSlice {
  /** Index of the order in the list given. */
  orderIndex: number;
  ID: number;
  UNID: string;
  lblIdx: number[];
}

/** The label indexes of `sku` in one order, or null when the order does not hold the SKU. */
export function labelIndexesOf(order: LabelIndexOrder, sku: string): number[] | null {
  const pack = order.itemPacks?.find((p) => p.sku === sku);
  if (pack) return [...pack.lblIdx];
  let before = 0;
  for (const item of order.items) {
    if (item.sku === sku) return Array.from({ length: item.qty }, (_, i) => before + i);
    before += item.qty;
  }
  return null;
}

/**
 * The print rows for taking `qty` pieces of `sku` when `already` pieces of it are printed: one slice
 * per order, in order. `already` is the sum of qtyPrinted over the SKU's itemInfo rows.
 */
export function labelSlices(orders: readonly LabelIndexOrder[], sku: string, already: number, qty: number): LabelSlice[] {
  const limit = already + qty;
  const slices: LabelSlice[] = [];
  let counter = 0;
  for (let orderIndex = 0; orderIndex < orders.length && counter < limit; orderIndex++) {
    const order = orders[orderIndex]!;
    const indexes = labelIndexesOf(order, sku);
    if (indexes === null) continue;
    const n = indexes.length;
    let taken: number[];
    if (counter < already && already < counter + n) {
      // The order straddles the printed boundary: skip what is printed, take up to what is asked.
      taken = indexes.slice(already - counter).slice(0, limit - already);
    } else if (counter + n <= already) {
      taken = [];
    } else {
      taken = indexes.slice(0, Math.min(n, limit - counter));
    }
    counter += n;
    if (taken.length > 0) slices.push({ orderIndex, ID: order.ID, UNID: order.UNID ?? '', lblIdx: taken });
  }
  return slices;
}
