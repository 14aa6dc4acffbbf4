import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { recordTimes } from '../responses/fields.js';
import { relatedFileSchema } from './outbound-responses.js';

/** Answers of the tickets routes (docs/outbound.md "Tickets"); the list itself is a declared record (tickets_view). */
export const TICKET_SIDES = ['merchant', 'staff'] as const;
export type TicketSide = (typeof TICKET_SIDES)[number];

export const ticketRowSchema = z.object({
  id: z.number(),
  ...recordTimes,
  merchantId: z.number(),
  unid: z.string(),
  orderId: z.number(),
  orderUnid: z.string(),
  merchantName: z.string(),
  subject: z.string(),
  status: z.number(),
  createdBy: z.number().nullable(),
  lastMessageAt: wireTime,
  lastSide: z.enum(TICKET_SIDES),
  messageCount: z.number(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

export const ticketMessageSchema = z.object({
  id: z.number(),
  at: wireTime,
  userName: z.string(),
  side: z.enum(TICKET_SIDES),
  message: z.string(),
  files: z.array(relatedFileSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** `GET /v0/tickets/{id}/detail`; answers and status changes answer the same. */
export const ticketDetailSchema = z.object({ ticket: ticketRowSchema, messages: z.array(ticketMessageSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketsResponses = {
  'POST /v0/tickets/': z.object({ id: z.number(), unid: z.string() }),
  'GET /v0/tickets/:id/detail': ticketDetailSchema,
  'GET /v0/tickets/by-order/:orderId': z.array(ticketRowSchema),
  'POST /v0/tickets/:id/messages': ticketDetailSchema,
  'POST /v0/tickets/:id/status': ticketDetailSchema,
} satisfies Record<string, z.ZodType>;
