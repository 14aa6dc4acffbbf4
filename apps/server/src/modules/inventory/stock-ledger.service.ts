import { StockRepo } from './stock.repo.js';

/**
 * The stock ledger as other modules use it inside `stockTransaction` (issue 16 item 2): find or make a
 * row of stock, lock rows, post a movement, carry expiry. The SQL, its lock order and its checks stay
 * in `stock.repo.ts`; this is the operations, not the repository.
 */
export class StockLedger {
  private readonly repo = new StockRepo();
  /** The id of the stock row for the key, made when missing. */
  readonly ensure: StockRepo['ensure'] = (db, key) => this.repo.ensure(db, key);
  /** Locks rows of stock in the ledger's fixed order and answers them by id. */
  readonly lock: StockRepo['lock'] = (trx, ids) => this.repo.lock(trx, ids);
  /** Posts one movement (and a reservation change) to a locked row; null when it would go below zero. */
  readonly post: StockRepo['post'] = (trx, row, entry, reservation) => this.repo.post(trx, row, entry, reservation);
  readonly expiryOf: StockRepo['expiryOf'] = (trx, id) => this.repo.expiryOf(trx, id);
  readonly setExpiry: StockRepo['setExpiry'] = (trx, id, expiry) => this.repo.setExpiry(trx, id, expiry);
  readonly carryExpiry: StockRepo['carryExpiry'] = (trx, sourceId, targetId) => this.repo.carryExpiry(trx, sourceId, targetId);
}
