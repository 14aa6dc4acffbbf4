import { ADMIN_ROLE } from '@kontor/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';

export type TicketSide = 'merchant' | 'staff';

export interface TicketRow {
  id: number;
  unid: string;
  orderId: number;
  orderUnid: string;
  merchantId: number;
  subject: string;
  status: number;
}

export interface MessageRow {
  id: number;
  at: Date;
  userId: number | null;
  userName: string;
  side: TicketSide;
  message: string;
  files: Array<{ id: string; name: string }>;
}

const num = (v: unknown) => Number(v);

/** The SQL of tickets and their messages (issue 7 §5); the rules live in tickets.service.ts. */
export class TicketsRepo {
  /** The order a ticket is about, within the merchant scope (null: any merchant). */
  async order(db: Kysely<DB>, orderId: number, merchantScope: TenantScope) {
    const row = await db
      .selectFrom('outbound_orders')
      .select(['id', 'unid', 'merchant_id', 'deleted_at'])
      .where('id', '=', orderId)
      .$call(whereTenant(merchantScope))
      .executeTakeFirst();
    return row ? { id: num(row.id), unid: String(row.unid), merchantId: num(row.merchant_id), deleted: row.deleted_at !== null } : null;
  }

  /** A ticket within the merchant scope, locked for the caller's transaction when asked. */
  async ticket(db: Kysely<DB>, id: number, merchantScope: TenantScope, lock = false): Promise<TicketRow | null> {
    const row = await db
      .selectFrom('tickets as t')
      .innerJoin('outbound_orders as o', 'o.id', 't.order_id')
      .select(['t.id', 't.unid', 't.order_id', 'o.unid as order_unid', 't.merchant_id', 't.subject', 't.status'])
      .where('t.id', '=', id)
      .$call(whereTenant(merchantScope, 't.merchant_id'))
      .$if(lock, (q) => q.forUpdate('t'))
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: num(row.id),
      unid: String(row.unid),
      orderId: num(row.order_id),
      orderUnid: String(row.order_unid),
      merchantId: num(row.merchant_id),
      subject: String(row.subject),
      status: num(row.status),
    };
  }

  async insertTicket(trx: Kysely<DB>, t: { orderId: number; merchantId: number; subject: string; status: number; createdBy: number; side: TicketSide }) {
    const row = await trx
      .insertInto('tickets')
      .values({ order_id: t.orderId, merchant_id: t.merchantId, subject: t.subject, status: t.status, created_by: t.createdBy, last_side: t.side })
      .returning(['id', 'unid'])
      .executeTakeFirstOrThrow();
    return { id: num(row.id), unid: String(row.unid) };
  }

  async insertMessage(trx: Kysely<DB>, m: { ticketId: number; userId: number; side: TicketSide; message: string; files: Array<{ id: string; name: string }> }) {
    const row = await trx
      .insertInto('ticket_messages')
      .values({ ticket_id: m.ticketId, user_id: m.userId, side: m.side, message: m.message, files: JSON.stringify(m.files) })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    return num(row.id);
  }

  /** After a message: its side and time, one more message, and the status the rules chose. */
  async messageWritten(trx: Kysely<DB>, id: number, side: TicketSide, status: number) {
    await sql`update tickets set last_message_at = now(), last_side = ${side}, message_count = message_count + 1, status = ${status},
      updated_at = now(), version = version + 1 where id = ${id}`.execute(trx);
  }

  async setStatus(trx: Kysely<DB>, id: number, status: number) {
    await sql`update tickets set status = ${status}, updated_at = now(), version = version + 1 where id = ${id}`.execute(trx);
  }

  /** The conversation, oldest first, with each author's name. */
  async messages(db: Kysely<DB>, ticketId: number): Promise<MessageRow[]> {
    const rows = await db
      .selectFrom('ticket_messages as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.at', 'm.user_id', 'u.name as user_name', 'm.side', 'm.message', 'm.files'])
      .where('m.ticket_id', '=', ticketId)
      .orderBy('m.id')
      .execute();
    return rows.map((r) => ({
      id: num(r.id),
      at: r.at as Date,
      userId: r.user_id === null ? null : num(r.user_id),
      userName: String(r.user_name ?? ''),
      side: r.side as TicketSide,
      message: String(r.message),
      files: r.files as MessageRow['files'],
    }));
  }

  /** Active staff users who have written in the ticket (the staff side of the conversation). */
  async staffWriters(db: Kysely<DB>, ticketId: number, limit: number) {
    const rows = await sql<{ id: number; language: string | null }>`select u.id, u.language from users u
      where u.id in (select user_id from ticket_messages where ticket_id = ${ticketId} and side = 'staff') and not u.disabled and u.type > 100
      order by u.id limit ${limit}`.execute(db);
    return rows.rows;
  }

  /** Active staff users whose roles grant `privilege` (administrators hold every privilege), a bounded few. */
  async staffHolding(db: Kysely<DB>, privilege: string, limit: number) {
    const rows = await sql<{ id: number; language: string | null }>`select u.id, u.language from users u
      where not u.disabled and u.type > 100 and u.merchant_id is null and exists (
        select 1 from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = u.id and (r.name = ${ADMIN_ROLE} or exists (select 1 from role_privileges rp where rp.role_id = r.id and rp.privilege = ${privilege})))
      order by u.id limit ${limit}`.execute(db);
    return rows.rows;
  }
}
