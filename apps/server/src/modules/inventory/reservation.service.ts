import type { releaseSchema, reserveSchema } from '@kontor/contracts/domains/inventory';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { insufficient, resolveItem } from './resolve.js';
import { stockTransaction, type Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';

type ReserveInput = z.input<typeof reserveSchema>;
type ReleaseInput = z.input<typeof releaseSchema>;

export interface ReservedLine {
  reservationId: number;
  stockId: number;
  compartmentId: number;
  batch: string;
  quantity: number;
}

/**
 * Reservations of order lines (issue 5 §6), the service allocation calls. Stock is taken by picking
 * priority, then earliest expiry, then oldest batch. A shortage reserves nothing unless the caller
 * asked for a partial reservation. Rows are locked in id order, so concurrent reservations of the
 * same units queue instead of both succeeding.
 */
export class ReservationService {
  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly stock: StockService,
  ) {}

  async reserve(actor: Actor, input: ReserveInput): Promise<{ requested: number; reserved: number; lines: ReservedLine[] }> {
    const item = await resolveItem(this.stock.places, actor.merchantScope, { itemId: input.itemId });
    const repo = this.stock.repo;
    return stockTransaction(this.core.db, async (trx) => {
      const order = await repo.candidates(trx, item.id, { warehouseId: input.warehouseId, batch: input.batch });
      const rows = await repo.lock(
        trx,
        order.map((c) => c.id),
      );
      const lines: ReservedLine[] = [];
      let left = input.quantity;
      for (const { id } of order) {
        const row = rows.get(id);
        if (!row || left === 0) continue;
        const take = Math.min(left, row.quantity - row.reserved);
        if (take <= 0) continue;
        await repo.post(trx, row, { delta: 0, deltaReserved: take, reason: 'reserve', refType: input.ref.type, refId: input.ref.id, userId: actor.userId });
        const reservationId = await repo.addReservation(trx, row, input.ref, take);
        lines.push({ reservationId, stockId: row.id, compartmentId: row.compartmentId, batch: row.batch, quantity: take });
        left -= take;
      }
      const reserved = input.quantity - left;
      if (left > 0 && !input.partial) throw insufficient(reserved, input.quantity);
      return { requested: input.quantity, reserved, lines };
    });
  }

  /** Releases a reference's reservations (of one item, up to a quantity, newest first), or all of them. */
  async release(actor: Actor, input: ReleaseInput): Promise<{ released: number }> {
    if (input.itemId !== undefined) await resolveItem(this.stock.places, actor.merchantScope, { itemId: input.itemId });
    const repo = this.stock.repo;
    return stockTransaction(this.core.db, async (trx) => {
      // Every change of a reservation happens under its stock row's lock: lock the rows, then re-read.
      const rows = await repo.lock(
        trx,
        (await repo.reservationsOf(trx, input.ref, input.itemId)).map((r) => r.stockId),
      );
      const reservations = (await repo.reservationsOf(trx, input.ref, input.itemId)).reverse();
      let left = input.quantity ?? Number.POSITIVE_INFINITY;
      let released = 0;
      for (const r of reservations) {
        const row = rows.get(r.stockId);
        if (!row || left === 0) continue;
        if (actor.merchantScope !== null && row.merchantId !== actor.merchantScope) continue;
        const take = Math.min(left, r.quantity);
        await repo.setReservation(trx, r.id, r.quantity - take);
        await repo.post(trx, row, { delta: 0, deltaReserved: -take, reason: 'release', refType: input.ref.type, refId: input.ref.id, userId: actor.userId });
        left -= take;
        released += take;
      }
      return { released };
    });
  }
}
