import { OUTBOUND_DISPATCHED, OUTBOUND_EXCEPTIONS, OUTBOUND_ORDER, OUTBOUND_PRE_PICK, type ExceptionOwner, type OutboundState } from '@kontor/contracts';
import type { OutboundHistoryAction } from '@kontor/contracts/domains/outbound';
import type { Kysely } from 'kysely';
import { billing } from '../billing/index.js';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import type { GoodsIssue, ReservationService } from '../inventory/index.js';
import type { Actor } from '../inventory/index.js';
import { packingOrdersRepo } from './packing-orders.repo.js';
import type { OrderColumns, OrderRow, OutboundRepo } from './outbound.repo.js';
import { TenantScope } from '../../db/tenant-scope.js';

export interface Why {
  action: OutboundHistoryAction;
  reason?: string;
  owner?: ExceptionOwner | null;
  note?: string;
}

export const stateOf = (order: Pick<OrderRow, 'status'>): OutboundState => {
  const state = OUTBOUND_ORDER.stateOf(order.status);
  if (!state) throw new AppError('InvalidState', { fields: [{ field: 'status', message: String(order.status) }] });
  return state;
};

const isException = (state: OutboundState) => OUTBOUND_EXCEPTIONS.includes(state);
/** The states in which the order's goods have left the warehouse with a carrier (the handover, or staff by hand). */
const LEFT: readonly OutboundState[] = ['shipped', 'partiallyShipped'];
const refOf = (order: Pick<OrderRow, 'id'>) => ({ type: 'outbound', id: String(order.id) });

/**
 * The status machine of outbound orders at work (issue 7 §2–§3): every change is checked against the
 * table in the contracts, performs its effects (standby and cancel release the reservations, cancel
 * after picking creates the put-back, exceptions remember where the order was) and is written to the
 * order's history in the caller's transaction.
 */
export class OrderStatusService {
  constructor(
    private readonly repo: OutboundRepo,
    private readonly reservations: ReservationService,
    private readonly goodsIssue: GoodsIssue,
  ) {}

  /** Moves the order to `to` when the table allows it from its current state, else InvalidState. */
  async move(trx: Kysely<DB>, actor: Actor, order: OrderRow, to: OutboundState, why: Why): Promise<void> {
    const from = stateOf(order);
    if (from === to) return;
    if (!OUTBOUND_ORDER.can(order.status, to))
      throw new AppError('InvalidState', { fields: [ruleError('status', 'transition', { from, to })], detail: `${from} → ${to}` });
    const columns: OrderColumns = { status: OUTBOUND_ORDER.codeOf(to) };
    if (isException(to)) {
      // A second exception on top of the first keeps where the order was before the first one.
      if (!isException(from)) columns.status_before = order.status;
      columns.exception_reason = why.reason ?? '';
      columns.exception_owner = why.owner ?? null;
      columns.exception_note = why.note ?? '';
    } else {
      Object.assign(columns, { status_before: null, exception_reason: '', exception_owner: null, exception_note: '' });
    }
    // A closed order holds no stock: standby and cancel release theirs, and so does a finish of an order that
    // never left (a finish from ready to pick or from an exception) — its reservation would otherwise keep
    // the stock from every other order for ever. An order that left holds nothing by then (issueLeft).
    if (to === 'standby' || to === 'canceled' || to === 'finish' || to === 'partiallyFinish') await this.release(trx, actor, order);
    if (LEFT.includes(to) && !OUTBOUND_DISPATCHED.includes(from)) await this.issueLeft(trx, actor, order);
    if (to === 'canceled') {
      await this.repo.addPutbacks(trx, order.id, await this.repo.lines(trx, order.id));
      await billing.reverse(trx, await this.repo.billingEntries(trx, order.id));
      // Picking and packing recorded their own activity (docs/packing.md): a cancel takes back what is left of it.
      await billing.reverse(trx, await billing.outstanding(trx, { refType: 'outbound', refId: String(order.id), kindPrefixes: ['pick.', 'pack.'] }));
    }
    await this.repo.updateOrder(trx, order.id, columns);
    await this.repo.addHistory(trx, {
      orderId: order.id,
      userId: actor.userId,
      action: why.action,
      from: order.status,
      to: OUTBOUND_ORDER.codeOf(to),
      reason: why.reason,
      owner: why.owner,
      note: why.note,
    });
    order.statusBefore = (columns.status_before as number | null | undefined) ?? (isException(to) ? order.statusBefore : null);
    order.status = OUTBOUND_ORDER.codeOf(to);
    order.version += 1;
  }

  /**
   * Reserves what the lines still lack (issue 7 §3): all or nothing unless the merchant allows partial
   * allocation. Lines are served in item order so two orders never lock the same stock rows in
   * opposite orders; a shortage without partial rolls this order's new reservations back.
   * One reservation call per line and one statement for the lines: cost grows linearly.
   */
  async allocate(trx: Kysely<DB>, actor: Actor, order: OrderRow): Promise<boolean> {
    const partial = await this.repo.merchantAllowsPartial(trx, order.merchantId);
    const open = (await this.repo.lines(trx, order.id)).filter((l) => l.reserved < l.quantity).sort((a, b) => a.itemId - b.itemId || a.id - b.id);
    if (open.length === 0) return true;
    const taken: Array<{ lineId: number; quantity: number }> = [];
    let complete = true;
    await this.repo.savepoint(trx, 'begin');
    for (const line of open) {
      const want = line.quantity - line.reserved;
      const outcome = await this.reservations.reserveIn(trx, {
        itemId: line.itemId,
        quantity: want,
        partial,
        ref: refOf(order),
        warehouseId: order.warehouseId ?? undefined,
        batch: line.batch || undefined,
        merchantScope: TenantScope.merchant(order.merchantId),
        userId: actor.userId,
      });
      const took = outcome.lines.reduce((sum, l) => sum + l.quantity, 0);
      if (took > 0) taken.push({ lineId: line.id, quantity: took });
      if (took < want) {
        complete = false;
        if (!partial) break;
      }
    }
    if (!complete && !partial) {
      await this.repo.savepoint(trx, 'rollback');
      return false;
    }
    await this.repo.savepoint(trx, 'release');
    await this.repo.addReserved(trx, taken);
    await this.repo.refreshTotals(trx, order.id);
    return complete;
  }

  /**
   * The order leaves the warehouse (issue 19, architecture rule 7): whatever is still reserved for it
   * leaves the books now, through the ledger. The pack flow issues a packed order's units, so this
   * finds nothing for it; an order whose label was bought before it was packed (facts §2.8: the label
   * moves it to packing completed) still holds its reservations, which would otherwise stay on the
   * shelf's books for ever. Reservations are gone once issued, so a later move issues nothing again.
   */
  private async issueLeft(trx: Kysely<DB>, actor: Actor, order: OrderRow): Promise<void> {
    const issued = await this.goodsIssue.issueReserved(trx, actor, refOf(order));
    if (issued.length > 0) await packingOrdersRepo.markIssued(trx, order.id);
  }

  /** Releases every reservation of the order (standby, cancel, edits of its lines). */
  async release(trx: Kysely<DB>, actor: Actor, order: OrderRow): Promise<void> {
    await this.reservations.releaseIn(trx, { userId: actor.userId, merchantScope: TenantScope.all }, { ref: refOf(order) });
    await this.repo.clearReserved(trx, order.id);
    await this.repo.refreshTotals(trx, order.id);
  }

  /**
   * The update-status request (spec §4): re-reads what the lines hold, reserves what is missing and
   * sets ready to pick or out of stock accordingly, in both directions. Only before picking.
   */
  async recompute(trx: Kysely<DB>, actor: Actor, order: OrderRow, why: Why): Promise<void> {
    const state = stateOf(order);
    if (!OUTBOUND_PRE_PICK.includes(state) && state !== 'standby' && state !== 'hold' && !isException(state))
      throw new AppError('InvalidState', { fields: [ruleError('status', 'transition', { from: state, to: 'readyToPick' })] });
    await this.repo.syncReserved(trx, order.id);
    const complete = await this.allocate(trx, actor, order);
    // The re-read above may have changed what the lines hold even when nothing was allocated.
    await this.repo.refreshTotals(trx, order.id);
    const target: OutboundState = complete ? 'readyToPick' : 'outOfStock';
    if (stateOf(order) === target) return;
    await this.move(trx, actor, order, target, why);
  }

  /** Ends an exception (or a declined cancel request): back where the order was; before picking, recomputed from stock. */
  async resume(trx: Kysely<DB>, actor: Actor, order: OrderRow, why: Why): Promise<void> {
    const state = stateOf(order);
    if (state === 'standby') return this.recompute(trx, actor, order, why);
    if (!isException(state)) throw new AppError('InvalidState', { fields: [ruleError('status', 'transition', { from: state, to: 'resume' })] });
    const before = order.statusBefore === null ? undefined : OUTBOUND_ORDER.stateOf(order.statusBefore);
    if (!before || OUTBOUND_PRE_PICK.includes(before)) return this.recompute(trx, actor, order, why);
    await this.move(trx, actor, order, before, why);
  }

  /** Cancels: directly where the table allows it, else through a cancel request decided at once (staff). */
  async cancel(trx: Kysely<DB>, actor: Actor, order: OrderRow, why: Why): Promise<void> {
    if (!OUTBOUND_ORDER.can(order.status, 'canceled')) await this.move(trx, actor, order, 'cancelRequested', { ...why, action: 'requestCancel' });
    await this.move(trx, actor, order, 'canceled', why);
  }
}
