import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { goodsIssueRepo } from './goods-issue.repo.js';
import { insufficient } from './resolve.js';
import type { ReservationService } from './reservation.service.js';
import type { Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';

/** A document stock is issued for: the order's reservations are booked under (`outbound`, order id). */
export interface IssueRef {
  type: string;
  id: string;
}

/** What left a compartment. */
export interface Issued {
  itemId: number;
  stockId: number;
  compartmentId: number;
  quantity: number;
}

/**
 * Goods issue (issue 18 item 8): reserved units leave their compartments through the ledger, packing
 * materials are consumed, and a short pick releases what was not there and asks for a count. Every
 * method runs in the caller's transaction (the pack flow's) and locks stock rows in ascending id
 * order like every ledger writer.
 */
export class GoodsIssue {
  constructor(
    private readonly stock: StockService,
    private readonly reservations: ReservationService,
  ) {}

  /**
   * Every unit reserved for the reference leaves its row: quantity and reserved both go down, the
   * reservation is deleted, one `issue` ledger row per stock row names the reference.
   */
  async issueReserved(trx: Kysely<DB>, actor: Actor, ref: IssueRef): Promise<Issued[]> {
    const repo = this.stock.repo;
    const rows = await repo.lockReserved(trx, ref);
    const issued: Issued[] = [];
    for (const r of await repo.reservationsOf(trx, ref)) {
      const row = rows.get(r.stockId);
      if (!row || r.quantity === 0) continue;
      await repo.post(
        trx,
        row,
        { delta: -r.quantity, deltaReserved: -r.quantity, reason: 'issue', refType: ref.type, refId: ref.id, userId: actor.userId },
        { id: r.id, quantity: 0 },
      );
      issued.push({ itemId: row.itemId, stockId: row.id, compartmentId: row.compartmentId, quantity: r.quantity });
    }
    return issued;
  }

  /**
   * Consumes a packing material: free valid units in unblocked compartments, by picking priority.
   * Not enough on hand refuses the whole pack (InsufficientStock naming the material).
   */
  async consumeMaterial(
    trx: Kysely<DB>,
    actor: Actor,
    input: { itemId: number; sku: string; quantity: number; warehouseId: number | null; ref: IssueRef },
  ): Promise<void> {
    const repo = this.stock.repo;
    const ids = await goodsIssueRepo.materialRows(trx, input.itemId, input.warehouseId);
    const locked = await repo.lock(trx, ids);
    let left = input.quantity;
    // Take in the preference order of the query; the locks were taken in id order.
    for (const id of ids) {
      const row = locked.get(id);
      if (!row || left === 0) continue;
      const take = Math.min(left, row.quantity - row.reserved);
      if (take <= 0) continue;
      await repo.post(trx, row, {
        delta: -take,
        deltaReserved: 0,
        reason: 'issue',
        reasonCode: 'material',
        refType: input.ref.type,
        refId: input.ref.id,
        userId: actor.userId,
      });
      left -= take;
    }
    if (left > 0) throw insufficient(input.quantity - left, input.quantity, `materials.${input.sku}`);
  }

  /**
   * A short pick: `missing` units of the item were not where the reservation said. They are released
   * (the order waits for stock again) and every compartment that held the item's reservations is
   * flagged for a count (an open stocktake over it, unless one is open already), so the books are
   * corrected before those units are promised again.
   */
  async releaseShort(
    trx: Kysely<DB>,
    actor: Actor,
    input: { ref: IssueRef; itemId: number; missing: number; note: string },
  ): Promise<{ released: number; countIds: number[] }> {
    const countIds = await this.requestCountOfReserved(trx, actor, input.ref, input.note, input.itemId);
    const { released } = await this.reservations.releaseIn(trx, actor, { ref: input.ref, itemId: input.itemId, quantity: input.missing });
    return { released, countIds };
  }

  /**
   * Flags the compartments holding the reference's reservations (of one item, or all) for a count: an
   * open stocktake over them, unless an open count of their warehouse already covers them.
   */
  async requestCountOfReserved(trx: Kysely<DB>, actor: Actor, ref: IssueRef, note: string, itemId?: number): Promise<number[]> {
    const held = await this.stock.repo.reservationsOf(trx, ref, itemId);
    const places = await goodsIssueRepo.places(
      trx,
      held.map((r) => r.stockId),
    );
    const countIds: number[] = [];
    const byWarehouse = new Map<number, number[]>();
    for (const p of places) byWarehouse.set(p.warehouseId, [...new Set([...(byWarehouse.get(p.warehouseId) ?? []), p.compartmentId])]);
    for (const [warehouseId, compartmentIds] of byWarehouse) {
      const uncounted = await goodsIssueRepo.uncounted(trx, warehouseId, compartmentIds);
      if (uncounted.length > 0) countIds.push(await goodsIssueRepo.requestCount(trx, { warehouseId, compartmentIds: uncounted, note, userId: actor.userId }));
    }
    return countIds;
  }
}
