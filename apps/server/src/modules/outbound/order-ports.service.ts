import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { TenantScope } from '../../db/tenant-scope.js';
import { labelOrderRepo, type CustomsLineRow, type LabelOrderRow } from './label-order.repo.js';
import { OutboundRepo } from './outbound.repo.js';
import { packingOrdersRepo, type PackLine, type PackOrderInfo, type PrepackCandidateLine } from './packing-orders.repo.js';
import { trackingLookupRepo, type TrackedOrder } from './tracking-lookup.repo.js';

/**
 * What other modules and flows may read and write of an order, in the caller's transaction (issue 16
 * item 2): the front door exports these services, the repositories behind them stay inside the module.
 */
const orders = new OutboundRepo();

/** An order as the carriers and labels modules buy and print its labels (issue 17 item 3). */
export const labelOrders = {
  order: (db: Kysely<DB>, id: number, scope: TenantScope, lock = false): Promise<LabelOrderRow | null> => labelOrderRepo.order(db, id, scope, lock),
  idsByNumber: (db: Kysely<DB>, unids: string[], scope: TenantScope): Promise<Map<string, number>> => labelOrderRepo.idsByNumber(db, unids, scope),
  customsLines: (db: Kysely<DB>, orderId: number): Promise<CustomsLineRow[]> => labelOrderRepo.customsLines(db, orderId),
  /** The order's tracking numbers, one a line, once its labels are bought. */
  setShipBundle: (trx: Kysely<DB>, orderId: number, shipBundle: string): Promise<void> => labelOrderRepo.setShipBundle(trx, orderId, shipBundle),
};

/** An order as the pack flow weighs, issues and packs it (issue 18, docs/packing.md). */
export const packingOrders = {
  lines: (db: Kysely<DB>, orderId: number): Promise<PackLine[]> => packingOrdersRepo.lines(db, orderId),
  info: (db: Kysely<DB>, orderId: number): Promise<PackOrderInfo> => packingOrdersRepo.info(db, orderId),
  markIssued: (trx: Kysely<DB>, orderId: number): Promise<void> => packingOrdersRepo.markIssued(trx, orderId),
  setPacked: (trx: Kysely<DB>, orderId: number, packed: Parameters<typeof packingOrdersRepo.setPacked>[2]): Promise<void> =>
    packingOrdersRepo.setPacked(trx, orderId, packed),
  oldestSingle: (trx: Kysely<DB>, itemIds: number[], scope: TenantScope): Promise<number | null> => packingOrdersRepo.oldestSingle(trx, itemIds, scope),
  /** Lines of ready orders that pre-packing groups by their composite key. */
  prepackCandidates: (db: Kysely<DB>, scope: TenantScope, limit: number): Promise<PrepackCandidateLine[]> =>
    packingOrdersRepo.prepackCandidates(db, scope, limit),
  /** An order's id by its number or its id, within the scope. */
  idByCode: (db: Kysely<DB>, code: string, scope: TenantScope): Promise<number | null> => packingOrdersRepo.idByCode(db, code, scope),
  /** After a short pick released units: the order's reserved column and its totals follow its lines. */
  async syncLines(trx: Kysely<DB>, orderId: number): Promise<void> {
    await orders.syncReserved(trx, orderId);
    await orders.refreshTotals(trx, orderId);
  },
};

/** Orders found by a parcel's tracking number or by id, as the loading scan and the handover see them. */
export const trackedOrders = {
  byTracking: (db: Kysely<DB>, trackingNo: string): Promise<TrackedOrder | null> => trackingLookupRepo.byTracking(db, trackingNo),
  byIds: (db: Kysely<DB>, ids: number[], options: { lock?: boolean } = {}): Promise<TrackedOrder[]> => trackingLookupRepo.byIds(db, ids, options),
};
