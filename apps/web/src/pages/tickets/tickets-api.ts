import type { Page } from '@kontor/contracts';
import type { TicketState } from '@kontor/contracts/status/outbound';
import type { TicketRow } from '@kontor/contracts/domains/tickets-responses';
import { api, request } from '../../api/request.js';
import type { StoredFile as InboundFile } from '../../api/files.js';

export type TicketFile = InboundFile;
// The answers' types come from the contracts' response schemas (issue 16 item 5).
export type { TicketDetail, TicketMessage, TicketRow, TicketSide } from '@kontor/contracts/domains/tickets-responses';

export const ticketsApi = {
  list: (params: Record<string, unknown>, signal?: AbortSignal) => request<Page<TicketRow>>({ url: '/v0/tickets/', params, signal }),
  byOrder: (orderId: number) => api('GET /v0/tickets/by-order/:orderId', { path: { orderId } }),
  detail: (id: number) => api('GET /v0/tickets/:id/detail', { path: { id } }),
  create: (data: { orderId: number; subject: string; message: string; files: TicketFile[] }) => api('POST /v0/tickets/', { data }),
  answer: (id: number, data: { message: string; files: TicketFile[] }) => api('POST /v0/tickets/:id/messages', { path: { id }, data }),
  setStatus: (id: number, status: TicketState) => api('POST /v0/tickets/:id/status', { path: { id }, data: { status } }),
};
