import type { OutboundState } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { billing } from '../billing/index.js';
import { GoodsIssue, ReservationService, StockService, type Actor } from '../inventory/index.js';
import { OrderStatusService, type Why } from './order-status.service.js';
import { OutboundRepo, type OrderRow } from './outbound.repo.js';
import { shippingScanRepo } from './shipping-scan.repo.js';
import { skuQcRepo } from './sku-qc.repo.js';
import { writtenOrdersRepo, type PastOrderRow, type WaitingOrderRow } from './written-orders.repo.js';

export type { PastOrderRow, WaitingOrderRow } from './written-orders.repo.js';

const repo = new OutboundRepo();
/** The status machine at work on the caller's connection or transaction (the writer runs inside the caller's). */
const statusOn = (db: Kysely<DB>) => {
  const stock = new StockService({ db });
  const reservations = new ReservationService({ db }, stock);
  return new OrderStatusService(repo, reservations, new GoodsIssue(stock, reservations));
};

/**
 * Orders written whole in the caller's transaction, with a past (issue 7 §9, issue 18 item 10): the demo
 * seed's orders. Stock moves only through the real allocation and the status machine, billing through
 * its module, so reservations, ledger, history and activity agree as they do for an order created live.
 */
export const orderWriter = {
  /**
   * An order as if it had come in `hoursAgo` and gone along `path` (its lines picked when it has one);
   * its handling is recorded for billing as creating an order does. Without a path it waits as out of
   * stock: `allocate` it next.
   */
  async writePast(db: Kysely<DB>, order: PastOrderRow): Promise<OrderRow> {
    const id = await writtenOrdersRepo.insertPast(db, order);
    await billing.record(db, await repo.billingEntries(db, id));
    return (await repo.order(db, id, TenantScope.all))!;
  },

  /** A new order allocated at once (readyToPick when its stock is there); no history or billing is written for it. */
  async writeAllocated(db: Kysely<DB>, actor: Actor, order: WaitingOrderRow): Promise<OrderRow> {
    const id = await writtenOrdersRepo.insertWaiting(db, order);
    const row = (await repo.order(db, id, TenantScope.all))!;
    await statusOn(db).recompute(db, actor, row, { action: 'allocate' });
    return row;
  },

  /** Allocation: reserves the order's stock and moves it to readyToPick, or leaves it out of stock. */
  allocate(db: Kysely<DB>, actor: Actor, order: OrderRow): Promise<void> {
    return statusOn(db).recompute(db, actor, order, { action: 'allocate' });
  },

  /** A move through the status machine (checked, with its effects and history). */
  move(db: Kysely<DB>, actor: Actor, order: OrderRow, to: OutboundState, why: Why): Promise<void> {
    return statusOn(db).move(db, actor, order, to, why);
  },

  /** The order's status code now, whatever its merchant; null when there is none. */
  async statusOf(db: Kysely<DB>, orderId: number): Promise<number | null> {
    return (await repo.order(db, orderId, TenantScope.all))?.status ?? null;
  },

  /** The order locked in the caller's transaction, whatever its merchant (it must exist). */
  async locked(db: Kysely<DB>, orderId: number): Promise<OrderRow> {
    return (await repo.order(db, orderId, TenantScope.all, { lock: true }))!;
  },

  /** The order by its number, locked; null when there is none. */
  async lockedByUnid(db: Kysely<DB>, unid: string): Promise<OrderRow | null> {
    const id = await writtenOrdersRepo.idByUnid(db, unid);
    return id === null ? null : this.locked(db, id);
  },

  /** The parcels scanned at the shipping scan of an order that must pass QC with these SKUs, in scan order. */
  async awaitSkuQc(db: Kysely<DB>, actor: Actor, order: OrderRow, skus: string[]): Promise<void> {
    await skuQcRepo.setSkuQcRequired(db, order.id, skus);
    // Scanned means confirmed: a repeat scan of its parcel answers alreadyScanned (facts §3.1), as for a live scan.
    await shippingScanRepo.markAllSent(db, order.id);
    await statusOn(db).move(db, actor, order, 'partialQc', { action: 'shippingScan' });
  },
};
