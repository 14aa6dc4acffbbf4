import { z } from 'zod';
import { pageOf, wireTime } from '../responses/wire.js';

const dimensions = z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable();
const material = z.object({ itemId: z.number(), sku: z.string(), quantity: z.number() });

/** One packed parcel of the pack log (the packlist's row). */
export const packLogRowSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderUnid: z.string(),
  orderStatus: z.number(),
  merchantId: z.number(),
  merchantName: z.string(),
  carrier: z.string(),
  shipBundle: z.string(),
  parcelIndex: z.number(),
  station: z.string(),
  userId: z.number().nullable(),
  userName: z.string(),
  units: z.number(),
  weightKg: z.number().nullable(),
  dimensions,
  materials: z.array(material),
  createdAt: wireTime,
});
export type PackLogRow = z.infer<typeof packLogRowSchema>;

/** What the pack flow answers: the order's state after packing and its parcels. */
export const packOutcomeSchema = z.object({
  orderId: z.number(),
  unid: z.string(),
  status: z.number(),
  /** packed, shortPicked, or alreadyPacked (a repeat: nothing was booked again). */
  outcome: z.enum(['packed', 'shortPicked', 'alreadyPacked']),
  parcels: z.array(packLogRowSchema),
  /** What the items and materials weigh (kg), against which a measured weight is checked. */
  expectedWeightKg: z.number(),
});
export type PackOutcome = z.infer<typeof packOutcomeSchema>;

/** The label step after packing: the order's state, its tracking numbers and the label PDF. */
export const packLabelSchema = z.object({
  orderId: z.number(),
  status: z.number(),
  complete: z.boolean(),
  shipBundle: z.string(),
  labelUrl: z.string().nullable(),
  errorCode: z.string().nullable(),
  printed: z.boolean(),
  printJobId: z.number().nullable(),
});
export type PackLabel = z.infer<typeof packLabelSchema>;
export type PackBatchState = z.infer<typeof packBatchStateSchema>;
export type PackBatchScanResult = z.infer<typeof packBatchScanResultSchema>;
export type PrepackKey = z.infer<typeof prepackKeySchema>;
export type PrepackAssignResult = z.infer<typeof prepackAssignResultSchema>;

/** A packing material for the stations' pickers (an item of type 2), as `/v0/item/opts` answers it. */
export const packMaterialOptionSchema = z.object({ guid: z.string(), id: z.number(), unid: z.string(), name: z.string(), merchantId: z.number() });

/** One order of a batch picklist at the table: its lines with the units scanned so far. */
export const packBatchOrderSchema = z.object({
  id: z.number(),
  unid: z.string(),
  status: z.number(),
  /** Finished in the picklist (packed here or at another station, or out of stock). */
  finished: z.boolean(),
  packed: z.boolean(),
  shipBundle: z.string(),
  lines: z.array(z.object({ itemId: z.number(), sku: z.string(), quantity: z.number(), scanned: z.number() })),
});

/** `GET /v0/packing/batch/:id`: the picklist at the batch table with the progress of its orders. */
export const packBatchStateSchema = z.object({
  id: z.number(),
  unid: z.string(),
  type: z.number(),
  status: z.number(),
  itemQty: z.number(),
  itemQtyPicked: z.number(),
  orders: z.array(packBatchOrderSchema),
});

/** `POST /v0/packing/batch/:id/scan`: where the unit went, the pack flow's answer when it completed its order, and the new state. */
export const packBatchScanResultSchema = z.object({
  orderId: z.number(),
  unid: z.string(),
  sku: z.string(),
  complete: z.boolean(),
  pack: packOutcomeSchema.nullable(),
  state: packBatchStateSchema,
});

/** A key of identical ready orders at the pre-packing station. */
export const prepackKeySchema = z.object({
  key: z.string(),
  merchantId: z.number(),
  merchantName: z.string(),
  country: z.string(),
  lines: z.array(z.object({ sku: z.string(), qty: z.number() })),
  /** Ready orders of the key (ready to pick or ready to pack, fully reserved, in no picklist). */
  orders: z.number(),
  /** Pre-packed parcels of the key waiting for an order. */
  prepacked: z.number(),
  oldestOrder: z.string(),
});

/** `POST /v0/packing/pre/assign`: the order, the parcel it got and the pack flow's answer. */
export const prepackAssignResultSchema = z.object({
  orderId: z.number(),
  unid: z.string(),
  key: z.string(),
  parcelId: z.number(),
  pack: packOutcomeSchema,
});

export const packingResponses = {
  'GET /v0/packing/batch/:id': packBatchStateSchema,
  'POST /v0/packing/batch/:id/scan': packBatchScanResultSchema,
  'GET /v0/packing/pre/keys': z.array(prepackKeySchema),
  'POST /v0/packing/pre/parcels': prepackKeySchema,
  'POST /v0/packing/pre/assign': prepackAssignResultSchema,
  'GET /v0/packing/materials': z.array(packMaterialOptionSchema),
  'POST /v0/packing/orders/:id/pack': packOutcomeSchema,
  'POST /v0/packing/orders/:id/label': packLabelSchema,
  'POST /v0/packing/single/scan': packOutcomeSchema,
  'GET /v0/packing/log': pageOf(packLogRowSchema),
  'POST /v0/packing/log/:id/reprint': packLabelSchema,
} satisfies Record<string, z.ZodType>;
