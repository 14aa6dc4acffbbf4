import {
  OUTBOUND_CLOSED,
  OUTBOUND_DISPATCHED,
  OUTBOUND_EXCEPTIONS,
  OUTBOUND_ORDER,
  OUTBOUND_PRE_PICK,
  errorText,
  type Locale,
  type OutboundState,
} from '@kontor/contracts';
import type {
  BulkAction,
  BulkOutcome,
  cancelDecisionSchema,
  outboundBulkSchema,
  outboundExceptionSchema,
  outboundStatusSchema,
} from '@kontor/contracts/domains/outbound';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { stockTransaction, type Actor } from '../inventory/index.js';
import { stateOf, type Why } from './order-status.service.js';
import type { OutboundOrderService } from './outbound-order.service.js';
import type { OrderRow } from './outbound.repo.js';
import { TenantScope } from '../../db/tenant-scope.js';

type BulkInput = z.infer<typeof outboundBulkSchema>;
type StatusInput = z.infer<typeof outboundStatusSchema>;

/** Actions only staff with p11y.orders.manage may take; the rest need p11y.orders.edit (the route's privilege). */
const MANAGE_ACTIONS: readonly BulkAction[] = ['cancel', 'changeCarrier'];
/** Before picking: a merchant's cancel needs no decision (nothing is in work yet). */
function cancellableAtOnce(order: OrderRow, state: OutboundState): boolean {
  if (OUTBOUND_PRE_PICK.includes(state) || state === 'standby') return true;
  const before = order.statusBefore === null ? undefined : OUTBOUND_ORDER.stateOf(order.statusBefore);
  return OUTBOUND_EXCEPTIONS.includes(state) && (before === undefined || OUTBOUND_PRE_PICK.includes(before));
}
/** Deleting (hiding) an order is possible while nothing is in work: before picking, or once closed. */
const deletable = (order: OrderRow, state: OutboundState) => cancellableAtOnce(order, state) || OUTBOUND_CLOSED.includes(state);

const actorOf = (auth: AuthContext): Actor => ({ userId: auth.userId, merchantScope: TenantScope.of(auth) });
const manages = (auth: AuthContext) => auth.isAdmin || auth.privileges.has('p11y.orders.manage');

/** Hold, release, standby, update status, cancel, change carrier, delete and restore, one order or many (issue 7 §2, §4). */
export class OutboundActionsService {
  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly orders: OutboundOrderService,
  ) {}

  /** Each order in its own transaction: one refused order does not stop the others. */
  async bulk(auth: AuthContext, input: BulkInput, locale: Locale): Promise<{ results: BulkOutcome[] }> {
    if (MANAGE_ACTIONS.includes(input.action) && !manages(auth)) throw new AppError('NoPermission');
    const results: BulkOutcome[] = [];
    for (const id of [...new Set(input.ids)]) {
      try {
        const status = await this.act(auth, id, input);
        results.push({ id, ok: true, status });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const detail = error.options.fields?.map((f) => f.message).join(', ');
        results.push({ id, ok: false, code: error.code, message: errorText(error.code, locale, error.options.params) + (detail ? ` (${detail})` : '') });
      }
    }
    return { results };
  }

  private async act(auth: AuthContext, id: number, input: BulkInput): Promise<number> {
    return stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, id, { lock: true, deleted: input.action === 'restore' });
      const before = order.status;
      await this.apply(trx, auth, order, input);
      await audit(trx, auth, 'update', 'outboundOrder', id, { status: before }, { status: order.status, action: input.action, reason: input.reason });
      return order.status;
    });
  }

  private async apply(trx: Kysely<DB>, auth: AuthContext, order: OrderRow, input: BulkInput): Promise<void> {
    const status = this.orders.status;
    const actor = actorOf(auth);
    const state = stateOf(order);
    const why = { action: input.action, reason: input.reason, note: input.note, owner: null };
    switch (input.action) {
      case 'hold':
        return status.move(trx, actor, order, 'hold', why);
      case 'standby':
        return status.move(trx, actor, order, 'standby', why);
      case 'release':
        return status.resume(trx, actor, order, why);
      case 'updateStatus':
        return status.recompute(trx, actor, order, why);
      case 'requestCancel':
        if (cancellableAtOnce(order, state)) return status.move(trx, actor, order, 'canceled', why);
        return status.move(trx, actor, order, 'cancelRequested', why);
      case 'cancel':
        return status.cancel(trx, actor, order, why);
      case 'changeCarrier':
        if (OUTBOUND_CLOSED.includes(state) || OUTBOUND_DISPATCHED.includes(state))
          throw new AppError('InvalidState', { fields: [ruleError('carrier', 'closedState', { state })] });
        await this.orders.repo.updateOrder(trx, order.id, { carrier: input.carrier ?? '', carrier_service: input.carrierService ?? '' });
        return this.orders.repo.addHistory(trx, {
          orderId: order.id,
          userId: auth.userId,
          action: 'changeCarrier',
          from: order.status,
          to: order.status,
          note: input.carrier,
        });
      case 'delete':
        if (!deletable(order, state)) throw new AppError('InvalidState', { fields: [ruleError('status', 'pickingStarted', { state })] });
        await status.release(trx, actor, order);
        await this.orders.repo.updateOrder(trx, order.id, { deleted_at: new Date(), deleted_by: auth.userId });
        return this.orders.repo.addHistory(trx, {
          orderId: order.id,
          userId: auth.userId,
          action: 'delete',
          from: order.status,
          to: order.status,
          reason: input.reason,
        });
      case 'restore':
        await this.orders.repo.updateOrder(trx, order.id, { deleted_at: null, deleted_by: null });
        await this.orders.repo.addHistory(trx, { orderId: order.id, userId: auth.userId, action: 'restore', from: order.status, to: order.status });
        if (OUTBOUND_PRE_PICK.includes(state)) await status.recompute(trx, actor, order, { action: 'allocate' });
        return;
    }
  }

  /** A status set by hand (staff): exceptions need a reason; ready to pick and out of stock are recomputed from stock. */
  async setStatus(auth: AuthContext, id: number, input: StatusInput) {
    const to = input.to as OutboundState;
    // A partial finish closes an order whose parcels did not all leave: it needs a reason like an exception (issue 19 item 6).
    if ((OUTBOUND_EXCEPTIONS.includes(to) || to === 'partiallyFinish') && !input.reason)
      throw new AppError('IntegrityError', { fields: [ruleError('reason', 'required')] });
    await stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, id, { lock: true });
      const before = order.status;
      const why: Why = { action: 'status', reason: input.reason, owner: input.owner, note: input.note };
      const state = stateOf(order);
      if ((to === 'readyToPick' || to === 'outOfStock') && (OUTBOUND_PRE_PICK.includes(state) || state === 'standby')) {
        await this.orders.status.recompute(trx, actorOf(auth), order, why);
      } else {
        // Asked for the state the order is in (a finished order finished again): say so rather than
        // answer OK for a change that did not happen. The status machine alone lets it pass as a no-op.
        if (state === to) throw new AppError('InvalidState', { fields: [{ field: 'status', message: state }] });
        await this.orders.status.move(trx, actorOf(auth), order, to, why);
      }
      await audit(trx, auth, 'update', 'outboundOrder', id, { status: before }, { status: order.status, reason: input.reason, note: input.note });
    });
    return this.orders.detail(auth, id);
  }

  /**
   * An open exception handed to another owner and/or commented by staff (a lead on the problematic
   * list): state and reason stay, the owner changes, a note given replaces the exception's note; the
   * history keeps each step (action `exceptionUpdate`) and the audit log the change. Only an order in an
   * exception state has an owner to change (else `InvalidState`).
   */
  async updateException(auth: AuthContext, id: number, input: z.infer<typeof outboundExceptionSchema>) {
    await stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, id, { lock: true });
      if (!OUTBOUND_EXCEPTIONS.includes(stateOf(order))) throw new AppError('InvalidState', { fields: [{ field: 'status', message: stateOf(order) }] });
      const note = input.note.trim();
      await this.orders.repo.updateOrder(trx, order.id, { exception_owner: input.owner, ...(note ? { exception_note: note } : {}) });
      await this.orders.repo.addHistory(trx, {
        orderId: order.id,
        userId: auth.userId,
        action: 'exceptionUpdate',
        from: order.status,
        to: order.status,
        reason: order.exceptionReason,
        owner: input.owner,
        note,
      });
      await audit(trx, auth, 'update', 'outboundOrder', id, { exceptionOwner: order.exceptionOwner }, { exceptionOwner: input.owner, note });
    });
    return this.orders.detail(auth, id);
  }

  /** A cancel request decided: approved cancels (releasing, with put-back of picked goods); declined resumes. */
  async decideCancel(auth: AuthContext, id: number, input: z.infer<typeof cancelDecisionSchema>) {
    await stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, id, { lock: true });
      if (stateOf(order) !== 'cancelRequested') throw new AppError('InvalidState', { fields: [{ field: 'status', message: stateOf(order) }] });
      const why: Why = { action: input.approve ? 'cancelApproved' : 'cancelDeclined', note: input.note };
      if (input.approve) await this.orders.status.move(trx, actorOf(auth), order, 'canceled', why);
      else await this.orders.status.resume(trx, actorOf(auth), order, why);
      await audit(trx, auth, 'update', 'outboundOrder', id, { status: 2 }, { status: order.status, decision: input.approve, note: input.note });
    });
    return this.orders.detail(auth, id);
  }
}
