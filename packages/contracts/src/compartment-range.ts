/**
 * Compartment ranges (issue 17 item 9, docs/inventory.md "Compartment ranges"): zone, aisles, levels and
 * positions from–to become codes such as `A-01-01-01`, walked aisle by aisle, level by level, position by
 * position, which is also the picking order the priorities follow. Shared by the server (which creates
 * them) and the console (which previews them before asking). Free of zod, so the console stays small.
 */

/** Most compartments one range creates (and labels one request prints). */
export const COMPARTMENT_RANGE_MAX = 2000;

export interface RangeBounds {
  from: number;
  to: number;
}

export interface CompartmentRange {
  zone: string;
  aisles: RangeBounds;
  levels: RangeBounds;
  positions: RangeBounds;
  /** Digits of each number (2: `01`); wider numbers are printed as they are. */
  digits: number;
  /** Picking priority of the first compartment; each next one in walking order adds `priorityStep`. */
  priority: number;
  priorityStep: number;
}

const span = (r: RangeBounds) => Math.max(0, r.to - r.from + 1);

/** How many compartments the range names (0 when a bound is reversed). */
export function rangeCount(r: Pick<CompartmentRange, 'aisles' | 'levels' | 'positions'>): number {
  return span(r.aisles) * span(r.levels) * span(r.positions);
}

/** The code of one compartment of the range: `A-01-02-03`, or `01-02-03` without a zone. */
export function compartmentCode(zone: string, digits: number, aisle: number, level: number, position: number): string {
  const n = (v: number) => String(v).padStart(digits, '0');
  return [zone, n(aisle), n(level), n(position)].filter(Boolean).join('-');
}

/** Every compartment of the range in walking order with its priority; call only within the limit. */
export function expandRange(r: CompartmentRange): Array<{ code: string; priority: number }> {
  const out: Array<{ code: string; priority: number }> = [];
  for (let aisle = r.aisles.from; aisle <= r.aisles.to; aisle++)
    for (let level = r.levels.from; level <= r.levels.to; level++)
      for (let position = r.positions.from; position <= r.positions.to; position++)
        out.push({ code: compartmentCode(r.zone, r.digits, aisle, level, position), priority: r.priority + out.length * r.priorityStep });
  return out;
}
