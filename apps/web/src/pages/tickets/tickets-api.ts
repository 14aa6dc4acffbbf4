import type { Page } from '@kontor/contracts';
import type { TicketState } from '@kontor/contracts/status/outbound';
import type { TicketDetail, TicketRow } from '@kontor/contracts/domains/tickets-responses';
import { request } from '../../api/request.js';
import type { StoredFile as InboundFile } from '../../api/files.js';

export type TicketFile = InboundFile;
// The answers' types come from the contracts' response schemas (issue 16 item 5).
export type { TicketDetail, TicketMessage, TicketRow, TicketSide } from '@kontor/contracts/domains/tickets-responses';

export const ticketsApi = {
  list: (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<TicketRow>>({ url: '/v0/tickets/', params, signal }),
  byOrder: (orderId: number) => request<TicketRow[]>({ url: `/v0/tickets/by-order/${orderId}` }),
  detail: (id: number) => request<TicketDetail>({ url: `/v0/tickets/${id}/detail` }),
  create: (data: { orderId: number; subject: string; message: string; files: TicketFile[] }) =>
    request<{ id: number; unid: string }>({ url: '/v0/tickets/', method: 'POST', data }),
  answer: (id: number, data: { message: string; files: TicketFile[] }) => request<TicketDetail>({ url: `/v0/tickets/${id}/messages`, method: 'POST', data }),
  setStatus: (id: number, status: TicketState) => request<TicketDetail>({ url: `/v0/tickets/${id}/status`, method: 'POST', data: { status } }),
};
