import { INBOUND_ORDER, OUTBOUND_EXCEPTIONS, OUTBOUND_ORDER, TICKET, type InboundOrderState, type OutboundState } from '@kontor/contracts';
import { warehouseDay } from '@kontor/contracts/dates';
import type { HomeFloor } from '@kontor/contracts/domains/shipping-responses';
import type { Core } from '../../core.js';
import { TenantScope } from '../../db/tenant-scope.js';
import type { AuthContext } from '../../http/access.js';
import { warehouses } from '../inventory/index.js';
import { homeRepo } from './home.repo.js';

/** The floor states of the home page (issue 19 item 10), each the machine states whose orders wait there. */
export const HOME_STATES: ReadonlyArray<{ key: string; states: OutboundState[] }> = [
  { key: 'readyToPick', states: ['readyToPick', 'readyToSwap'] },
  { key: 'inPicklist', states: ['inPicklist', 'picklistPrinted'] },
  { key: 'toPack', states: ['readyToPack', 'partiallyPacked', 'packed'] },
  { key: 'labelQueue', states: ['shipmentLabelAwaits', 'transportLabelAwaits'] },
  { key: 'toShip', states: ['packingCompleted', 'snRequired', 'partialQc', 'readyToShip'] },
];
/** Inbound orders not yet arrived: due today when their expected date is today. */
const INBOUND_DUE = INBOUND_ORDER.codes(...(['readyToInbound', 'inTransit', 'receiptPending'] satisfies InboundOrderState[]));
/** Tickets that wait for someone. */
const TICKETS_OPEN = TICKET.codes('open', 'waiting');
/** SKUs listed among the stock warnings. */
const STOCK_WARNINGS = 10;

const codes = (states: readonly OutboundState[]) => OUTBOUND_ORDER.codes(...states);

/**
 * The floor on the home page (issue 19 item 10, docs/shipping.md "The floor on the home page"): what
 * the floor must do now, from the live counts and index ranges, in the session's merchant scope (a
 * merchant sees its own orders and stock warnings, staff the whole warehouse). `now` decides the
 * warehouse's day in the warehouse's time zone (`warehouses.floorTimeZone`) for late orders, inbound due
 * today and the hours of throughput; the answer names the zone, so the chart's hours say whose they are.
 */
export class HomeService {
  constructor(private readonly core: Pick<Core, 'db'>) {}

  async floor(auth: AuthContext, now: Date = new Date()): Promise<HomeFloor> {
    const scope = TenantScope.of(auth);
    const db = this.core.db;
    const timeZone = await warehouses.floorTimeZone(db);
    const day = warehouseDay(now, timeZone);
    const exceptions = codes(OUTBOUND_EXCEPTIONS);
    const waiting = OUTBOUND_ORDER.codeOf('outOfStock');
    const onFloor = [...HOME_STATES.flatMap((s) => codes(s.states)), ...exceptions, waiting];
    const [counts, late, loaded, inboundDue, tickets, throughput, items] = await Promise.all([
      homeRepo.statusCounts(db, scope, onFloor),
      homeRepo.lateCount(db, scope, onFloor, day),
      // Pallets mix merchants and their list is never narrowed to a sub-account: a staff session counts
      // them all, so the figure is the rows of `/wEP/loadingConfigs?state=loaded`.
      homeRepo.loadedPallets(db, auth.merchantId === null ? TenantScope.all : scope),
      homeRepo.inboundDue(db, scope, INBOUND_DUE, day),
      homeRepo.ticketCount(db, scope, TICKETS_OPEN),
      homeRepo.throughput(db, scope, day, timeZone),
      homeRepo.stockWarnings(db, scope, waiting, STOCK_WARNINGS),
    ]);
    const sum = (statuses: number[]) => statuses.reduce((n, status) => n + (counts.get(status) ?? 0), 0);
    const figure = (key: string, statuses: number[]) => ({ key, statuses, count: sum(statuses) });
    return {
      day,
      timeZone,
      states: HOME_STATES.map(({ key, states }) => figure(key, codes(states))),
      loaded,
      late: { count: late, statuses: onFloor, before: day },
      exceptions: figure('exceptions', exceptions),
      inboundDue: { count: inboundDue, statuses: INBOUND_DUE },
      tickets: { count: tickets, statuses: TICKETS_OPEN },
      throughput,
      stockWarnings: { waiting: figure('waiting', [waiting]), items },
    };
  }
}
