import type { StockCount } from './inventory-api.js';

/** One line of the count sheet: what is held (or was when counted) and what was counted. */
export interface SheetLine {
  key: string;
  compartmentId: number;
  compartment: string;
  itemId: number;
  sku: string;
  itemName: string;
  batch: string;
  status: number;
  expected: number;
  counted: number | null;
  saved: boolean;
}

export const keyOf = (l: { compartmentId: number; itemId: number; batch: string; status: number }) => `${l.compartmentId}|${l.itemId}|${l.batch}|${l.status}`;

/** Loose lines counted so far, then the loose stock of the counted compartments not yet counted (units are counted as one, below). */
export function sheetOf(count: StockCount, added: SheetLine[]): SheetLine[] {
  const lines = new Map<string, SheetLine>();
  for (const l of count.lines) if (l.unitId === null) lines.set(keyOf(l), { ...l, key: keyOf(l), saved: true });
  for (const s of count.stock) {
    if (s.unitId !== null) continue;
    const key = keyOf(s);
    if (!lines.has(key)) lines.set(key, { ...s, key, expected: s.quantity, counted: null, saved: false });
  }
  for (const a of added) if (!lines.has(a.key)) lines.set(a.key, a);
  return [...lines.values()].sort((a, b) => a.compartment.localeCompare(b.compartment) || a.sku.localeCompare(b.sku) || a.batch.localeCompare(b.batch));
}
