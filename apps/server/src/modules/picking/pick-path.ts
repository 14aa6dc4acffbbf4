/**
 * The pure parts of building picklists (issue 18 item 2): which orders go into which picklist, and the
 * pick path. No I/O, so the rules can be read and tested on their own.
 */
import type { PicklistRules } from '@kontor/contracts/domains/picking';
import { PICKLIST_TYPES } from '@kontor/contracts';
import type { CandidateOrder, ReservedPiece } from './picklist-create.repo.js';

/** Compartment names in natural order: A-2 before A-10, case-insensitive. */
export const naturalCompare = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

export interface Wave {
  type: number;
  orders: CandidateOrder[];
}

/**
 * Splits the candidates (already in the rules' order: priority, age) into waves: single-item orders
 * (one unit) into type-100 lists, the others into type-1 lists, each list closed when the next order
 * would pass the most orders or units. An order larger than the unit limit gets a list of its own.
 */
export function planWaves(candidates: readonly CandidateOrder[], rules: PicklistRules): Wave[] {
  const groups: Array<[number, CandidateOrder[]]> = [];
  const singles = candidates.filter((o) => o.units === 1);
  const multis = candidates.filter((o) => o.units !== 1);
  if (rules.split !== 'multiOnly') groups.push([PICKLIST_TYPES.packScanBatch, singles]);
  if (rules.split !== 'singleOnly') groups.push([PICKLIST_TYPES.packScanOrder, multis]);
  const waves: Wave[] = [];
  for (const [type, orders] of groups) {
    let current: CandidateOrder[] = [];
    let units = 0;
    for (const order of orders) {
      const full = current.length >= rules.maxOrders || (rules.maxUnits > 0 && current.length > 0 && units + order.units > rules.maxUnits);
      if (full) {
        waves.push({ type, orders: current });
        current = [];
        units = 0;
      }
      current.push(order);
      units += order.units;
    }
    if (current.length) waves.push({ type, orders: current });
  }
  // Most urgent waves first when the number of lists is limited.
  waves.sort((a, b) => Math.max(...b.orders.map((o) => o.priority)) - Math.max(...a.orders.map((o) => o.priority)));
  return rules.maxLists > 0 ? waves.slice(0, rules.maxLists) : waves;
}

export interface PathLine {
  itemId: number;
  batch: string;
  compartmentId: number;
  qty: number;
}

/**
 * The pick path: the reserved pieces grouped by compartment, item and batch, sorted by the
 * compartment's picking priority, then its name in natural order, then item and batch. Orders follow
 * the path (an order comes where its first piece is picked), so a picker meets them in list order.
 */
export function pickPath(orders: readonly CandidateOrder[], pieces: readonly ReservedPiece[]): { lines: PathLine[]; orderIds: number[] } {
  const sorted = [...pieces].sort(
    (a, b) =>
      a.compartmentPriority - b.compartmentPriority ||
      naturalCompare(a.compartment, b.compartment) ||
      a.compartmentId - b.compartmentId ||
      a.itemId - b.itemId ||
      naturalCompare(a.batch, b.batch),
  );
  const lines: PathLine[] = [];
  const byKey = new Map<string, { line: PathLine; index: number }>();
  const firstStop = new Map<number, number>();
  for (const piece of sorted) {
    const key = `${piece.compartmentId}|${piece.itemId}|${piece.batch}`;
    let stop = byKey.get(key);
    if (!stop) {
      stop = { line: { itemId: piece.itemId, batch: piece.batch, compartmentId: piece.compartmentId, qty: 0 }, index: lines.length };
      byKey.set(key, stop);
      lines.push(stop.line);
    }
    stop.line.qty += piece.quantity;
    if (!firstStop.has(piece.orderId)) firstStop.set(piece.orderId, stop.index);
  }
  const rank = new Map(orders.map((o, i) => [o.id, i]));
  const orderIds = orders.map((o) => o.id).sort((a, b) => (firstStop.get(a) ?? Infinity) - (firstStop.get(b) ?? Infinity) || rank.get(a)! - rank.get(b)!);
  return { lines, orderIds };
}
