import { z } from 'zod';
import { documentKey } from '../responses/fields.js';
import { p11yOrderSchema } from './outbound-responses.js';

/** `scanShipSN` (facts §3.1): the full order as the handheld reads it, plus whether the code was scanned before. */
export const shipScanAnswerSchema = p11yOrderSchema.extend({ alreadyScanned: z.boolean() });
export type ShipScanAnswer = z.infer<typeof shipScanAnswerSchema>;

/** One figure of the floor views: how many orders, and the list filter that shows them. */
const floorCountSchema = z.object({ key: z.string(), count: z.number(), statuses: z.array(z.number()) });

/** A late order or an exception on the floor views. */
const floorOrderSchema = z.object({
  ...documentKey,
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

/** A SKU that waiting (out of stock) orders lack: how much is missing over how many orders. */
const stockWarningSchema = z.object({ itemId: z.number(), sku: z.string(), name: z.string(), missing: z.number(), orders: z.number() });

/**
 * `GET /v0/home/floor`: the floor on the home page (issue 19 item 10), in the session's merchant scope,
 * from the live counts. `day` is the warehouse's day (Europe/Berlin); `late.before` that day, so the
 * late orders are those whose requested ship date is before it. Each figure carries the statuses of
 * the list that shows it. `throughput` has one entry per hour of the day so far (warehouse time):
 * parcels packed and parcels confirmed at the shipping scan.
 */
export const homeFloorSchema = z.object({
  day: z.string(),
  /** The warehouse's time zone (IANA name): its day decides late and due today, its hours the chart's. */
  timeZone: z.string(),
  states: z.array(floorCountSchema),
  /** Open pallets holding at least one tracking number (staff: every pallet), the pallet list's `state=loaded`. */
  loaded: z.number(),
  late: z.object({ count: z.number(), statuses: z.array(z.number()), before: z.string() }),
  exceptions: floorCountSchema,
  inboundDue: z.object({ count: z.number(), statuses: z.array(z.number()) }),
  tickets: z.object({ count: z.number(), statuses: z.array(z.number()) }),
  throughput: z.array(z.object({ hour: z.number(), packed: z.number(), shipped: z.number() })),
  stockWarnings: z.object({ waiting: floorCountSchema, items: z.array(stockWarningSchema) }),
});
export type HomeFloor = z.infer<typeof homeFloorSchema>;

export const shippingResponses = {
  'GET /v0/p11yorders/scanShipSN': shipScanAnswerSchema,
  'GET /v0/outbound/floor': floorSummarySchema,
  'GET /v0/outbound/floor/problematic': floorSummarySchema,
  'GET /v0/home/floor': homeFloorSchema,
} satisfies Record<string, z.ZodType>;
