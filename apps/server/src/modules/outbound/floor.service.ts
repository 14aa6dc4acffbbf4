import { OUTBOUND_ORDER, OUTBOUND_PROBLEMATIC, type OutboundState } from '@kontor/contracts';
import { warehouseDay } from '@kontor/contracts/dates';
import type { FloorOrder, FloorSummary } from '@kontor/contracts/domains/shipping-responses';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { floorRepo, type FloorOrderRow } from './floor.repo.js';
import type { OutboundRepo } from './outbound.repo.js';
import { warehouses } from '../inventory/index.js';

/** The floor's stations, each the machine states whose orders wait there (docs/shipping.md "Floor views"). */
export const FLOOR_STATIONS: ReadonlyArray<{ key: string; states: OutboundState[] }> = [
  { key: 'readyToPick', states: ['readyToPick', 'readyToSwap'] },
  { key: 'inPicklist', states: ['inPicklist', 'picklistPrinted'] },
  { key: 'packing', states: ['readyToPack', 'partiallyPacked', 'packed', 'packetWeightNeeded', 'packetDimensionNeeded'] },
  { key: 'labelAwaits', states: ['shipmentLabelAwaits', 'transportLabelAwaits'] },
  { key: 'awaitingShippingScan', states: ['packingCompleted'] },
  { key: 'qc', states: ['snRequired', 'partialQc'] },
  { key: 'readyToShip', states: ['readyToShip'] },
];

/** What needs a person: the problematic list's states (stock missing, label awaits, raised exceptions). */
export const FLOOR_EXCEPTIONS: readonly OutboundState[] = OUTBOUND_PROBLEMATIC;

/** The orders that count as late when their requested ship date has passed: every one still on the floor. */
export const FLOOR_LATE: readonly OutboundState[] = [...new Set([...FLOOR_STATIONS.flatMap((s) => s.states), ...FLOOR_EXCEPTIONS])];

/** How many late orders and exceptions the views list (the totals count them all). */
const LISTED = 50;

const codes = (states: readonly OutboundState[]) => OUTBOUND_ORDER.codes(...states);
const present = (r: FloorOrderRow): FloorOrder => ({ ...r, createdAt: r.createdAt.toISOString() });

/**
 * The floor views `/wEP/outbound` and `/wEP/problematic` (issue 19 item 7): orders per station from
 * the live status counts (no scan of the orders), orders late against their requested ship date, and
 * the exceptions with their merchant and owner, all in the session's merchant scope.
 */
export class FloorService {
  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly repo: OutboundRepo,
  ) {}

  /** `now` decides the warehouse's day (in the warehouse's time zone) the late orders are counted against. */
  async summary(auth: AuthContext, now: Date = new Date()): Promise<FloorSummary> {
    const scope = TenantScope.of(auth);
    const db = this.core.db;
    const open = FLOOR_STATIONS.flatMap((s) => s.states);
    const day = warehouseDay(now, await warehouses.floorTimeZone(db));
    const [counts, late, exceptions] = await Promise.all([
      this.repo.counts(db, scope, false, codes(open)),
      floorRepo.orders(db, scope, codes(FLOOR_LATE), day, LISTED),
      floorRepo.orders(db, scope, codes(FLOOR_EXCEPTIONS), null, LISTED),
    ]);
    return {
      stations: FLOOR_STATIONS.map(({ key, states }) => {
        const statuses = codes(states);
        return { key, statuses, count: statuses.reduce((sum, code) => sum + (counts[String(code)] ?? 0), 0) };
      }),
      late: { total: late.total, orders: late.rows.map(present) },
      exceptions: { total: exceptions.total, orders: exceptions.rows.map(present) },
    };
  }
}
