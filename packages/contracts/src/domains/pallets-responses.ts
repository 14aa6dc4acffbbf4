import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { PALLET_UNITS } from './pallets.js';

/** Answers of the pallet routes (issue 19, docs/loading.md). */

/** The original's pallet object (facts §2.6), plus the console's state and handover facts. */
export const palletSchema = z.object({
  id: z.number(),
  guid: z.string(),
  palletCode: z.string(),
  pickupCarrier: z.string(),
  unitStr: z.enum(PALLET_UNITS),
  plateNumber2: z.string(),
  pickupDate: z.string(),
  importantNote: z.string(),
  trackingCount: z.number(),
  state: z.enum(['open', 'closed']),
  closedAt: wireTime.nullable(),
  signedFiles: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: wireTime,
});
export type Pallet = z.infer<typeof palletSchema>;

/** A tracking row (facts §2.6): `meta` is a JSON string {resolveStatus, resolveError, rawScan}. */
export const palletTrackingSchema = z.object({
  id: z.number(),
  palletCode: z.string(),
  trackingNo: z.string(),
  outboundUNID: z.string(),
  carrier: z.string(),
  meta: z.string(),
});
export type PalletTracking = z.infer<typeof palletTrackingSchema>;

export const palletScanSchema = z.object({
  scan: z.string(),
  scanType: z.enum(['palletCode', 'plateNumber', '']),
  ambiguous: z.boolean(),
  pallet: palletSchema.nullable(),
});

export const palletHandoverSchema = z.object({
  pallet: palletSchema,
  shipped: z.array(z.string()),
  partiallyShipped: z.array(z.string()),
  parcels: z.number(),
  unmatched: z.number(),
});

export const palletsResponses = {
  'POST /v0/wms/pallets/handover/scan': palletScanSchema,
  'GET /v0/wms/pallets/:palletCode/tracking': z.array(palletTrackingSchema),
  'POST /v0/wms/pallets/:palletCode/tracking/flush': z.object({ pairs: z.array(palletTrackingSchema) }),
  'POST /v0/wms/pallets/:palletCode/tracking/remove': z.null(),
  'GET /v0/wms/pallets': z.object({ total: z.number(), page: z.number(), next: z.number(), data: z.array(palletSchema) }),
  'POST /v0/wms/pallets': palletSchema,
  'PUT /v0/wms/pallets/:palletCode': palletSchema,
  'POST /v0/wms/pallets/:palletCode/close': palletHandoverSchema,
  'POST /v0/wms/pallets/:palletCode/signed': palletSchema,
} satisfies Record<string, z.ZodType>;
