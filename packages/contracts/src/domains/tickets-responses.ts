import { z } from 'zod';
import { notDescribed, wireTime } from '../responses/wire.js';

/** Answers of the tickets routes (issue 16 item 5; docs/api-contracts.md). */
export const ticketsResponses = {
  'POST /v0/tickets/': z.object({
    id: z.number(),
    unid: z.string(),
  }),
  'GET /v0/tickets/:id/detail': z.object({
    ticket: z.object({
      id: z.number(),
      createdAt: wireTime,
      updatedAt: wireTime,
      version: z.number(),
      merchantId: z.number(),
      unid: z.string(),
      orderId: z.number(),
      orderUnid: z.string(),
      merchantName: z.string(),
      subject: z.string(),
      status: z.number(),
      createdBy: z.number(),
      lastMessageAt: wireTime,
      lastSide: z.string(),
      messageCount: z.number(),
    }),
    messages: z.array(
      z.object({
        id: z.number(),
        at: wireTime,
        userName: z.string(),
        side: z.string(),
        message: z.string(),
        files: z.array(z.unknown()),
      }),
    ),
  }),
  'GET /v0/tickets/by-order/:orderId': z.array(
    z.object({
      id: z.number(),
      createdAt: wireTime,
      updatedAt: wireTime,
      version: z.number(),
      merchantId: z.number(),
      unid: z.string(),
      orderId: z.number(),
      orderUnid: z.string(),
      merchantName: z.string(),
      subject: z.string(),
      status: z.number(),
      createdBy: z.number(),
      lastMessageAt: wireTime,
      lastSide: z.string(),
      messageCount: z.number(),
    }),
  ),
  'POST /v0/tickets/:id/messages': z.object({
    ticket: z.object({
      id: z.number(),
      createdAt: wireTime,
      updatedAt: wireTime,
      version: z.number(),
      merchantId: z.number(),
      unid: z.string(),
      orderId: z.number(),
      orderUnid: z.string(),
      merchantName: z.string(),
      subject: z.string(),
      status: z.number(),
      createdBy: z.number(),
      lastMessageAt: wireTime,
      lastSide: z.string(),
      messageCount: z.number(),
    }),
    messages: z.array(
      z.object({
        id: z.number(),
        at: wireTime,
        userName: z.string(),
        side: z.string(),
        message: z.string(),
        files: z.array(z.unknown()),
      }),
    ),
  }),
  'POST /v0/tickets/:id/status': notDescribed,
} satisfies Record<string, z.ZodType>;
