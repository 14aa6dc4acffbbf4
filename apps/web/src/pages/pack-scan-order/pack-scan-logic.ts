/**
 * The Pack Scan Order station's rules (facts §3.6 steps 1-3, docs/packing.md), kept pure so they are
 * tested without a browser: which key a scan counts under, which orders it may belong to (ranked by the
 * pieces they still lack), when an order may be printed, and what the picklist PUT adds afterwards.
 */

/** One order of the picklist as the handheld reads it (`orders`, JSON in a string). */
export interface ScanOrder {
  ID: number;
  UNID: string;
  items: Array<{ sku: string; qty: number; itemBatch?: string }>;
  shipSN?: string;
  shipBundle?: string;
  carrier?: string;
}

/** One pick-path row (`itemInfo`; `items` plus `qtyPrinted` once the picklist was first saved). */
export interface InfoRow {
  sku: string;
  itemName: string;
  itemBatch: string;
  qty: number;
  inventoryName: string;
  qtyPrinted: number;
}

/** Pieces scanned at the table, per key (`SKU` or `SKU|||BATCH`, as `itemOrders` keys them). */
export type Scanned = Record<string, number>;

export const BATCH_SEPARATOR = '|||';

/** The key an order line is counted under: its batch when the order asks for one. */
export const lineKey = (line: { sku: string; itemBatch?: string }) => (line.itemBatch ? `${line.sku}${BATCH_SEPARATOR}${line.itemBatch}` : line.sku);

/**
 * What a resolved SKU scan means (step 1): when only `SKU|||BATCH` keys exist the next scan must be the
 * batch (facts §3.6). When the picklist holds the SKU both with and without a batch line, the batch is
 * asked too (a departure from the original, whose plain key would win and leave the batch line's order
 * unfinishable): a batch of a batch line counts there, any other batch under the plain `fallback` key.
 * Only the plain key: that key. Neither: no order of this picklist holds the SKU.
 */
export function keyForSku(itemOrders: Record<string, number[]>, sku: string): { key: string } | { needsBatch: true; fallback: string | null } | null {
  const upper = sku.toUpperCase();
  const direct = Object.keys(itemOrders).find((k) => k.toUpperCase() === upper) ?? null;
  const prefix = `${upper}${BATCH_SEPARATOR}`;
  if (Object.keys(itemOrders).some((k) => k.toUpperCase().startsWith(prefix))) return { needsBatch: true, fallback: direct };
  return direct ? { key: direct } : null;
}

/** The key of a batch scanned after a batch prompt, or null when the picklist has no such line. */
export function keyForBatch(itemOrders: Record<string, number[]>, sku: string, batch: string): string | null {
  const wanted = `${sku}${BATCH_SEPARATOR}${batch}`.toUpperCase();
  return Object.keys(itemOrders).find((k) => k.toUpperCase() === wanted) ?? null;
}

/** Σ(qty − scanned) over the order's lines: 0 means every line is scanned exactly, negative over-scanned. */
export function remainingPieces(order: ScanOrder, scanned: Scanned): number {
  return order.items.reduce((sum, line) => sum + line.qty - (scanned[lineKey(line)] ?? 0), 0);
}

/**
 * Step 2: the orders the scanned key may belong to, not finished, ranked by the pieces they still lack
 * (fewest first, so the order closest to complete is on top); over-scanned orders (negative) are dropped.
 */
export function rankCandidates(orders: ScanOrder[], itemOrders: Record<string, number[]>, key: string, finished: ReadonlySet<number>, scanned: Scanned) {
  const ids = new Set(itemOrders[key] ?? []);
  return orders
    .filter((o) => ids.has(o.ID) && !finished.has(o.ID))
    .map((order) => ({ order, remaining: remainingPieces(order, scanned) }))
    .filter((c) => c.remaining >= 0)
    .sort((a, b) => a.remaining - b.remaining || a.order.ID - b.order.ID);
}

/** Every line scanned exactly (not more: a line over-scanned means a piece belongs elsewhere). */
export const allScanned = (order: ScanOrder, scanned: Scanned) => {
  const need: Scanned = {};
  for (const line of order.items) need[lineKey(line)] = (need[lineKey(line)] ?? 0) + line.qty;
  return Object.entries(need).every(([key, qty]) => (scanned[key] ?? 0) === qty);
};

export const hasLabel = (order: ScanOrder) => Boolean(order.shipSN?.trim() || order.shipBundle?.trim());

export type Readiness = 'incomplete' | 'noMaterial' | 'noLabel' | 'printable';

/** Step 3: printable when every line is scanned exactly, a material is chosen and a label exists. */
export function readiness(order: ScanOrder, scanned: Scanned, materialCount: number): Readiness {
  if (!allScanned(order, scanned)) return 'incomplete';
  if (materialCount < 1) return 'noMaterial';
  return hasLabel(order) ? 'printable' : 'noLabel';
}

/** The pieces of a printed order leave the table: its lines' counts come off the scanned tally. */
export function takeOff(scanned: Scanned, order: ScanOrder): Scanned {
  const next = { ...scanned };
  for (const line of order.items) {
    const key = lineKey(line);
    const left = (next[key] ?? 0) - line.qty;
    if (left > 0) next[key] = left;
    else delete next[key];
  }
  return next;
}

export const pieces = (order: ScanOrder) => order.items.reduce((sum, l) => sum + l.qty, 0);

/** `itemInfo` is "" until the picklist's first save: then it is the pick path with nothing printed. */
export function infoRows(items: string, itemInfo: string): InfoRow[] {
  if (itemInfo) return JSON.parse(itemInfo) as InfoRow[];
  return (JSON.parse(items) as Array<Omit<InfoRow, 'qtyPrinted'>>).map((row) => ({ ...row, qtyPrinted: 0 }));
}

/**
 * Step 4: the order's pieces added to `qtyPrinted` of the rows matching sku **and** batch (facts §3.6).
 * A line without a batch takes rows without one first, then any row of its SKU (its pieces were picked
 * from whatever batch the reservation held). Each row takes no more than it has room for.
 */
export function markPrinted(rows: InfoRow[], order: ScanOrder): InfoRow[] {
  const next = rows.map((r) => ({ ...r }));
  for (const line of order.items) {
    let left = line.qty;
    const exact = next.filter((r) => r.sku === line.sku && r.itemBatch === (line.itemBatch ?? ''));
    const others = line.itemBatch ? [] : next.filter((r) => r.sku === line.sku && r.itemBatch !== '');
    for (const row of [...exact, ...others]) {
      const take = Math.min(left, row.qty - row.qtyPrinted);
      if (take <= 0) continue;
      row.qtyPrinted += take;
      left -= take;
      if (left === 0) break;
    }
  }
  return next;
}
