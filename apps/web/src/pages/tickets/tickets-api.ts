import type { Page } from '@kontor/contracts';
import type { TicketState } from '@kontor/contracts/status/outbound';
import { request } from '../../api/request.js';
import type { StoredFile as InboundFile } from '../../api/files.js';

export type TicketFile = InboundFile;
export type TicketSide = 'merchant' | 'staff';

/** A row of `GET /v0/tickets/` (the `tickets_view` read model, docs/outbound.md "Tickets"). */
export interface TicketRow {
  id: number;
  unid: string;
  orderId: number;
  orderUnid: string;
  merchantId: number;
  merchantName: string;
  subject: string;
  status: number;
  createdBy: number | null;
  lastMessageAt: string;
  lastSide: TicketSide;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface TicketMessage {
  id: number;
  at: string;
  userName: string;
  side: TicketSide;
  message: string;
  files: TicketFile[];
}

/** `GET /v0/tickets/{id}/detail`; answers and status changes answer the same. */
export interface TicketDetail {
  ticket: TicketRow;
  messages: TicketMessage[];
}

export const ticketsApi = {
  list: (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<TicketRow>>({ url: '/v0/tickets/', params, signal }),
  byOrder: (orderId: number) => request<TicketRow[]>({ url: `/v0/tickets/by-order/${orderId}` }),
  detail: (id: number) => request<TicketDetail>({ url: `/v0/tickets/${id}/detail` }),
  create: (data: { orderId: number; subject: string; message: string; files: TicketFile[] }) =>
    request<{ id: number; unid: string }>({ url: '/v0/tickets/', method: 'POST', data }),
  answer: (id: number, data: { message: string; files: TicketFile[] }) => request<TicketDetail>({ url: `/v0/tickets/${id}/messages`, method: 'POST', data }),
  setStatus: (id: number, status: TicketState) => request<TicketDetail>({ url: `/v0/tickets/${id}/status`, method: 'POST', data: { status } }),
};
