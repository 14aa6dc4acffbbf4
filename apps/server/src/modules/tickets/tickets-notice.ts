import type { Locale } from '@kontor/contracts';
import type { Core } from '../../core.js';
import { msgToMerchant, msgToUsers } from '../inbound/index.js';
import type { TicketRow, TicketSide, TicketsRepo } from './tickets.repo.js';

/** Staff told about a merchant's message when nobody of the staff has written in the ticket yet: a bounded few. */
const STAFF_FALLBACK_LIMIT = 20;

type Note = { ticket: TicketRow; from: TicketSide; created: boolean };

const TEXTS: Record<Locale, (n: Note) => string> = {
  en: ({ ticket: t, from, created }) =>
    created
      ? `New ticket ${t.unid} on order ${t.orderUnid}: ${t.subject}`
      : `Ticket ${t.unid} (order ${t.orderUnid}): a new answer from ${from === 'staff' ? 'the warehouse' : 'the merchant'}: ${t.subject}`,
  cn: ({ ticket: t, from, created }) =>
    created
      ? `订单 ${t.orderUnid} 有新工单 ${t.unid}：${t.subject}`
      : `工单 ${t.unid}（订单 ${t.orderUnid}）收到${from === 'staff' ? '仓库' : '商家'}的新回复：${t.subject}`,
  de: ({ ticket: t, from, created }) =>
    created
      ? `Neues Ticket ${t.unid} zum Auftrag ${t.orderUnid}: ${t.subject}`
      : `Ticket ${t.unid} (Auftrag ${t.orderUnid}): neue Antwort ${from === 'staff' ? 'vom Lager' : 'vom Händler'}: ${t.subject}`,
};

/**
 * After a message has committed (issue 7 §5), a `msg` to the other side of the conversation, in each
 * recipient's language: a staff message goes to the merchant's active users; a merchant message to
 * the staff who have written in the ticket, or if none has, to a bounded few staff users who may
 * answer tickets. A failed delivery is logged and never fails the request.
 */
export async function noticeTicketMessage(core: Pick<Core, 'db' | 'realtime' | 'log'>, repo: TicketsRepo, note: Note): Promise<void> {
  try {
    const text = (locale: Locale) => TEXTS[locale](note);
    if (note.from === 'staff') return await msgToMerchant(core, note.ticket.merchantId, text);
    let staff = await repo.staffWriters(core.db, note.ticket.id, STAFF_FALLBACK_LIMIT);
    if (staff.length === 0) staff = await repo.staffHolding(core.db, 'p11y.tickets.edit', STAFF_FALLBACK_LIMIT);
    await msgToUsers(core, staff, text);
  } catch (err) {
    core.log.warn({ err, ticketId: note.ticket.id }, 'ticket notice not delivered');
  }
}
