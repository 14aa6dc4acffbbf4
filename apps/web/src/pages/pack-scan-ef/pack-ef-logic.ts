import type { PackEfOrder } from '@kontor/contracts/domains/packing-responses';

/** Serials captured at this desk for the loaded order, per item id. */
export type Captured = Record<number, string[]>;

type Line = PackEfOrder['lines'][number];

/** The line whose next unit needs a serial: the first in line order with serials still missing. */
export function serialDue(order: PackEfOrder, captured: Captured): Line | null {
  return order.lines.find((l) => l.serials.length + (captured[l.itemId]?.length ?? 0) < l.serialsNeeded) ?? null;
}

/** Whether a serial fits the item's pattern (no pattern: anything); a broken pattern fits nothing. */
export function fitsPattern(pattern: string | null, serial: string): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(pattern).test(serial);
  } catch {
    return false;
  }
}

/** The accessory of the merchant's rules a scan names (any case), if any. */
export function accessoryOf(order: PackEfOrder, code: string) {
  const key = code.trim().toUpperCase();
  return order.rules.accessories.find((a) => a.code.trim().toUpperCase() === key) ?? null;
}

export type Scan =
  | { kind: 'accessory'; code: string }
  | { kind: 'serial'; itemId: number; serial: string }
  | { kind: 'error'; reason: 'pattern' | 'duplicate' | 'nothingDue'; sku?: string };

/** What a scan at a loaded order is: an accessory, the next unit's serial, or a refusal the banner words. */
export function classify(order: PackEfOrder, captured: Captured, code: string): Scan {
  const accessory = accessoryOf(order, code);
  if (accessory) return { kind: 'accessory', code: accessory.code };
  const line = serialDue(order, captured);
  if (!line) return { kind: 'error', reason: 'nothingDue' };
  const serial = code.trim();
  if (!fitsPattern(line.serialPattern, serial)) return { kind: 'error', reason: 'pattern', sku: line.sku };
  if (line.serials.includes(serial) || (captured[line.itemId] ?? []).includes(serial)) return { kind: 'error', reason: 'duplicate', sku: line.sku };
  return { kind: 'serial', itemId: line.itemId, serial };
}

export type Readiness = 'ready' | 'serials' | 'accessories' | 'weight' | 'dimensions';

/** What still stands between the order and its print, first things first. */
export function readiness(order: PackEfOrder, captured: Captured, ticked: string[], weight: number | null, hasDimensions: boolean): Readiness {
  if (serialDue(order, captured)) return 'serials';
  const done = new Set(ticked.map((c) => c.toUpperCase()));
  if (order.rules.accessories.some((a) => !done.has(a.code.toUpperCase()))) return 'accessories';
  if (order.weightNeeded && weight === null) return 'weight';
  if (order.dimensionsNeeded && !hasDimensions) return 'dimensions';
  return 'ready';
}
