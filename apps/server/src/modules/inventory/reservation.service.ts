import type { releaseSchema, reserveSchema } from '@kontor/contracts/domains/inventory';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { insufficient, resolveItem } from './resolve.js';
import type { DB } from '../../db/types.js';
import { reserveOnServer, type ReserveOutcome, type ReserveRequest } from './reserve.sql.js';
import { retryingStatement, stockTransaction, type Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';
import { tenantAllows } from '../../db/tenant-scope.js';

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
    const request = { ...input, partial: input.partial ?? false, merchantScope: actor.merchantScope, userId: actor.userId };
    const outcome = await retryingStatement(() => reserveOnServer(this.core.db, request, this.stock.repo.lockRows));
    if (outcome.available === 0) {
      // Nothing could serve it: an unknown or foreign item is not found, a known one is short.
      await resolveItem(this.stock.places, actor.merchantScope, { itemId: input.itemId });
    }
    if (outcome.available < input.quantity && !request.partial) throw insufficient(outcome.available, input.quantity);
    const reserved = outcome.lines.reduce((sum, l) => sum + l.quantity, 0);
    return { requested: input.quantity, reserved, lines: outcome.lines };
  }

  /**
   * One reservation inside the caller's transaction (allocation of an order's lines, issue 7 §3): the
   * same single call, answering what it took; a shortage is the caller's to judge.
   */
  async reserveIn(trx: Kysely<DB>, request: ReserveRequest): Promise<ReserveOutcome> {
    return reserveOnServer(trx, request, this.stock.repo.lockRows);
  }

  /** Releases a reference's reservations (of one item, up to a quantity, newest first), or all of them. */
  async release(actor: Actor, input: ReleaseInput): Promise<{ released: number }> {
    if (input.itemId !== undefined) await resolveItem(this.stock.places, actor.merchantScope, { itemId: input.itemId });
    return stockTransaction(this.core.db, (trx) => this.releaseIn(trx, actor, input));
  }

  /** `release` inside the caller's transaction (an order put on standby or cancelled releases its lines). */
  async releaseIn(trx: Kysely<DB>, actor: Actor, input: ReleaseInput): Promise<{ released: number }> {
    const repo = this.stock.repo;
    // Every change of a reservation happens under its stock row's lock: lock the rows, then re-read.
    const rows = await repo.lockReserved(trx, input.ref, input.itemId);
    const reservations = (await repo.reservationsOf(trx, input.ref, input.itemId)).reverse();
    let left = input.quantity ?? Number.POSITIVE_INFINITY;
    let released = 0;
    for (const r of reservations) {
      const row = rows.get(r.stockId);
      if (!row || left === 0) continue;
      if (!tenantAllows(actor.merchantScope, row.merchantId)) continue;
      const take = Math.min(left, r.quantity);
      await repo.post(
        trx,
        row,
        { delta: 0, deltaReserved: -take, reason: 'release', refType: input.ref.type, refId: input.ref.id, userId: actor.userId },
        { id: r.id, quantity: r.quantity - take },
      );
      left -= take;
      released += take;
    }
    return { released };
  }
}
