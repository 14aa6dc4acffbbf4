import { z } from 'zod';

/** `POST /v0/outbound/orders/:id/partialFinish`: staff close a partially shipped order; the reason is required. */
export const partialFinishSchema = z.strictObject({
  reason: z.string().trim().min(1).max(200),
});
export type PartialFinishInput = z.infer<typeof partialFinishSchema>;

/** `POST /v0/carriers/webhooks/:carrier`: the carrier's driver code (docs/shipping.md "Webhooks"). */
export const carrierWebhookParams = z.strictObject({
  carrier: z.string().trim().toLowerCase().min(1).max(30),
});

/** The setting `tracking.rules` (docs/shipping.md "Tracking"); every field has a default. */
export const trackingRulesSchema = z.object({
  /** A delivered order without a return finishes after this many days. */
  finishAfterDays: z.number().int().min(0).max(365).default(14),
  /** At most this many orders of one carrier are asked about per poll. */
  perCarrierPerPoll: z.number().int().min(1).max(1_000_000).default(200),
  /**
   * The carrier's rate limit: at most this many tracking numbers (one request each for UPS and DPD)
   * are asked about in any second; the poll spreads its calls to keep to it.
   */
  perCarrierPerSecond: z.number().int().min(1).max(10_000).default(10),
});
export type TrackingRules = z.infer<typeof trackingRulesSchema>;
