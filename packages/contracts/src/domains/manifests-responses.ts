import { z } from 'zod';
import { wireTime } from '../responses/wire.js';

/** Answers of the manifest routes (issue 19 item 4, docs/manifests.md). */

export const MANIFEST_CARRIER_STATES = ['none', 'pending', 'done', 'failed'] as const;

export const manifestSchema = z.object({
  id: z.number(),
  accountKey: z.string(),
  accountId: z.number().nullable(),
  carrier: z.string(),
  day: z.string(),
  seq: z.number(),
  parcels: z.number(),
  /** What the carrier's close-out call did: none (no call), pending, done, failed (see carrierMessage). */
  carrierState: z.enum(MANIFEST_CARRIER_STATES),
  carrierRef: z.string(),
  carrierErrorKind: z.string(),
  carrierMessage: z.string(),
  createdAt: wireTime,
});
export type Manifest = z.infer<typeof manifestSchema>;

export const manifestParcelSchema = z.object({
  trackingNo: z.string(),
  outboundUNID: z.string(),
  merchant: z.string(),
  palletCode: z.string(),
  handedOverAt: wireTime,
  weightKg: z.number().nullable(),
  manifestId: z.number().nullable(),
  /** Handed over but not manifested by the cut-off (the job flagged it). */
  late: z.boolean(),
});
export type ManifestParcel = z.infer<typeof manifestParcelSchema>;

export const manifestGroupSchema = z.object({
  accountKey: z.string(),
  accountId: z.number().nullable(),
  accountName: z.string(),
  carrier: z.string(),
  /** Whether the carrier's API has a close-out call (else documents only). */
  carrierCall: z.boolean(),
  handedOver: z.number(),
  open: z.number(),
  late: z.number(),
  manifests: z.array(manifestSchema),
  parcels: z.array(manifestParcelSchema),
});
export type ManifestGroup = z.infer<typeof manifestGroupSchema>;

export const manifestDaySchema = z.object({
  day: z.string(),
  cutoff: z.string(),
  cutoffPassed: z.boolean(),
  groups: z.array(manifestGroupSchema),
});
export type ManifestDay = z.infer<typeof manifestDaySchema>;

/** One merchant's handover on a day (issue 19 item 8): pallets and parcels handed over, from its billing activity. */
export const handoverActivityRowSchema = z.object({ merchantId: z.number(), merchant: z.string(), pallets: z.number(), parcels: z.number() });
export type HandoverActivityRow = z.infer<typeof handoverActivityRowSchema>;

/** `GET /v0/wms/manifests/activity?day=`: the day's handover activity per merchant and the day's totals. */
export const handoverActivitySchema = z.object({
  day: z.string(),
  rows: z.array(handoverActivityRowSchema),
  pallets: z.number(),
  parcels: z.number(),
});
export type HandoverActivity = z.infer<typeof handoverActivitySchema>;

export const manifestsResponses = {
  'GET /v0/wms/manifests/activity': handoverActivitySchema,
  'GET /v0/wms/manifests': manifestDaySchema,
  'POST /v0/wms/manifests/close': manifestSchema,
  'POST /v0/wms/manifests/flagLate': z.object({ flagged: z.number() }),
} satisfies Record<string, z.ZodType>;
