import { TICKET, type TicketState } from '@kontor/contracts';
import type { ticketCreateSchema, ticketMessageSchema, ticketStatusSchema } from '@kontor/contracts/domains/outbound';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { attachFiles } from '../files/index.js';
import { ResourceView } from '../resources/index.js';
import { noticeTicketMessage } from './tickets-notice.js';
import { TicketsRepo, type TicketRow, type TicketSide } from './tickets.repo.js';
import { TICKET_RESOURCES } from './tickets.resources.js';
import { TenantScope } from '../../db/tenant-scope.js';

/** Tickets of one order shown at once on the order's detail. */
const BY_ORDER_LIMIT = 200;

/** Merchant users write on the merchant side; every other user (staff, an admin acting for a merchant) on the staff side. */
export const sideOf = (auth: AuthContext): TicketSide => (auth.merchantId !== null ? 'merchant' : 'staff');

/**
 * The status after a message (docs/outbound.md "Tickets"): the ticket waits for the side that did not
 * write. A merchant message makes it open (the warehouse has to act); a staff message makes it
 * waiting (for the merchant). A message on a closed ticket reopens it first (closed → open, the only
 * way out of closed in TICKET), so a staff answer there ends as waiting.
 */
export function statusAfterMessage(current: number, side: TicketSide): number {
  const target: TicketState = side === 'merchant' ? 'open' : 'waiting';
  let code = current;
  if (TICKET.stateOf(code) === 'closed') code = TICKET.codeOf('open');
  if (code !== TICKET.codeOf(target) && TICKET.can(code, target)) code = TICKET.codeOf(target);
  return code;
}

/** A conversation about an outbound order between its merchant and the warehouse (issue 7 §5). */
export class TicketsService {
  private readonly repo = new TicketsRepo();
  private readonly view: ResourceView;

  constructor(private readonly core: Pick<Core, 'db' | 'realtime' | 'log'>) {
    this.view = new ResourceView(core.db, TICKET_RESOURCES[0]!);
  }

  /** Opens a ticket on an order the caller can see (another merchant's or an unknown order: NotFound; a deleted one: InvalidState). */
  async create(auth: AuthContext, input: z.infer<typeof ticketCreateSchema>) {
    const side = sideOf(auth);
    const status = statusAfterMessage(TICKET.codeOf('open'), side);
    const ticket = await this.core.db.transaction().execute(async (trx): Promise<TicketRow> => {
      const order = await this.repo.order(trx, input.orderId, TenantScope.of(auth));
      if (!order) throw new AppError('NotFound');
      if (order.deleted) throw new AppError('InvalidState', { fields: [ruleError('orderId', 'orderDeleted', { unid: order.unid })] });
      await attachFiles(trx, auth, order.merchantId, input.files);
      const { id, unid } = await this.repo.insertTicket(trx, {
        orderId: order.id,
        merchantId: order.merchantId,
        subject: input.subject,
        status,
        createdBy: auth.userId,
        side,
      });
      const messageId = await this.repo.insertMessage(trx, { ticketId: id, userId: auth.userId, side, message: input.message, files: input.files });
      await this.repo.messageWritten(trx, id, side, status);
      await audit(trx, auth, 'create', 'ticket', id, null, { ...input, unid, merchantId: order.merchantId, status, side, messageId });
      return { id, unid, orderId: order.id, orderUnid: order.unid, merchantId: order.merchantId, subject: input.subject, status };
    });
    await noticeTicketMessage(this.core, this.repo, { ticket, from: side, created: true });
    return { id: ticket.id, unid: ticket.unid };
  }

  /** An answer: the side comes from the session, the status follows statusAfterMessage. */
  async answer(auth: AuthContext, id: number, input: z.infer<typeof ticketMessageSchema>) {
    const side = sideOf(auth);
    const ticket = await this.core.db.transaction().execute(async (trx) => {
      const found = await this.mustFind(trx, auth, id, true);
      await attachFiles(trx, auth, found.merchantId, input.files);
      const messageId = await this.repo.insertMessage(trx, { ticketId: id, userId: auth.userId, side, message: input.message, files: input.files });
      const status = statusAfterMessage(found.status, side);
      await this.repo.messageWritten(trx, id, side, status);
      await audit(trx, auth, 'update', 'ticket', id, { status: found.status }, { status, side, messageId, message: input.message, files: input.files });
      return { ...found, status };
    });
    await noticeTicketMessage(this.core, this.repo, { ticket, from: side, created: false });
    return this.detail(auth, id);
  }

  /** A status set by hand, checked against TICKET (a transition it does not list, the same state included: InvalidState). */
  async changeStatus(auth: AuthContext, id: number, input: z.infer<typeof ticketStatusSchema>) {
    const to = input.status as TicketState;
    await this.core.db.transaction().execute(async (trx) => {
      const ticket = await this.mustFind(trx, auth, id, true);
      if (!TICKET.can(ticket.status, to))
        throw new AppError('InvalidState', { fields: [ruleError('status', 'transition', { from: TICKET.stateOf(ticket.status) ?? ticket.status, to })] });
      await this.repo.setStatus(trx, id, TICKET.codeOf(to));
      await audit(trx, auth, 'update', 'ticket', id, { status: ticket.status }, { status: TICKET.codeOf(to) });
    });
    return this.detail(auth, id);
  }

  /** The ticket (a tickets_view row) and its messages, oldest first. */
  async detail(auth: AuthContext, id: number) {
    const ticket = await this.view.get(id, TenantScope.of(auth));
    if (!ticket) throw new AppError('NotFound');
    const messages = await this.repo.messages(this.core.db, id);
    return { ticket, messages: messages.map(({ userId: _userId, ...m }) => m) };
  }

  /** The tickets of one order, newest first (the order detail's tickets tab). */
  async byOrder(auth: AuthContext, orderId: number) {
    const scope = TenantScope.of(auth);
    if (!(await this.repo.order(this.core.db, orderId, scope))) throw new AppError('NotFound');
    return this.view.list({
      merchantScope: scope,
      filters: [{ column: 'order_id', op: 'eq', value: orderId }],
      sort: { column: 'created_at', order: 'desc' },
      after: null,
      limit: BY_ORDER_LIMIT,
    });
  }

  private async mustFind(db: Core['db'], auth: AuthContext, id: number, lock = false): Promise<TicketRow> {
    const ticket = await this.repo.ticket(db, id, TenantScope.of(auth), lock);
    if (!ticket) throw new AppError('NotFound');
    return ticket;
  }
}
