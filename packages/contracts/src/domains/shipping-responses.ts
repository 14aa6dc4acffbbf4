import { z } from 'zod';
import { p11yOrderSchema } from './outbound-responses.js';

/** `scanShipSN` (facts §3.1): the full order as the handheld reads it, plus whether the code was scanned before. */
export const shipScanAnswerSchema = p11yOrderSchema.extend({ alreadyScanned: z.boolean() });
export type ShipScanAnswer = z.infer<typeof shipScanAnswerSchema>;

/** One figure of the floor views: how many orders, and the list filter that shows them. */
const floorCountSchema = z.object({ key: z.string(), count: z.number(), statuses: z.array(z.number()) });

/** A late order or an exception on the floor views. */
const floorOrderSchema = z.object({
  id: z.number(),
  unid: z.string(),
  status: z.number(),
  merchantName: z.string(),
  rsd: z.string().nullable(),
  createdAt: z.string(),
  exceptionReason: z.string(),
  exceptionOwner: z.string().nullable(),
});

/** `GET /v0/outbound/floor`: what the floor must act on now (issue 19 item 7). */
export const floorSummarySchema = z.object({
  stations: z.array(floorCountSchema),
  late: z.object({ total: z.number(), orders: z.array(floorOrderSchema) }),
  exceptions: z.object({ total: z.number(), orders: z.array(floorOrderSchema) }),
});
export type FloorSummary = z.infer<typeof floorSummarySchema>;
export type FloorOrder = z.infer<typeof floorOrderSchema>;

export const shippingResponses = {
  'GET /v0/p11yorders/scanShipSN': shipScanAnswerSchema,
  'GET /v0/outbound/floor': floorSummarySchema,
  'GET /v0/outbound/floor/problematic': floorSummarySchema,
} satisfies Record<string, z.ZodType>;
