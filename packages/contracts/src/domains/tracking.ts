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
