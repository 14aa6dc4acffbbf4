import { z } from 'zod';
import { outboundDetailSchema } from './outbound-responses.js';

/** Kontor's kinds of a carrier tracking event (issue 19 item 5); `exception` says which delivery exception. */
export const TRACKING_KINDS = ['info', 'in_transit', 'in_delivery', 'delivered', 'exception'] as const;
export const TRACKING_EXCEPTIONS = ['', 'addressUnknown', 'damaged', 'returnedToSender', 'other'] as const;

export const trackingEventSchema = z.object({
  id: z.number(),
  carrier: z.string(),
  trackingNumber: z.string(),
  code: z.string(),
  kind: z.enum(TRACKING_KINDS),
  exception: z.enum(TRACKING_EXCEPTIONS),
  text: z.string(),
  location: z.string(),
  at: z.string(),
});
export type TrackingEventRow = z.infer<typeof trackingEventSchema>;

/** What a verified carrier push did: events received, newly stored, orders and gate parcels moved, events of no open order or gate parcel. */
export const carrierWebhookAnswerSchema = z.object({
  received: z.number(),
  stored: z.number(),
  moved: z.number(),
  ignored: z.number(),
});

export const trackingResponses = {
  'POST /v0/carriers/webhooks/:carrier': carrierWebhookAnswerSchema,
  'GET /v0/outbound/orders/:id/tracking': z.array(trackingEventSchema),
  'POST /v0/outbound/orders/:id/partialFinish': outboundDetailSchema,
  /** `gateParcels`: the carrier gate's parcels asked about in the round (their events count in `events`). */
  'POST /v0/outbound/tracking/poll': z.object({ orders: z.number(), gateParcels: z.number(), events: z.number(), moved: z.number(), finished: z.number() }),
} satisfies Record<string, z.ZodType>;
