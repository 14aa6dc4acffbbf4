import { z } from 'zod';
import { pageOf, wireTime } from '../responses/wire.js';
import { documentKey, merchantOf, orderByReference } from '../responses/fields.js';

const dimensions = z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable();
const material = z.object({ itemId: z.number(), sku: z.string(), quantity: z.number() });

/** One packed parcel of the pack log (the packlist's row). */
export const packLogRowSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderUnid: z.string(),
  orderStatus: z.number(),
  ...merchantOf,
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
export type PackMaterialOption = z.infer<typeof packMaterialOptionSchema>;

/** One order of a batch picklist at the table: its lines with the units scanned so far. */
export const packBatchOrderSchema = z.object({
  ...documentKey,
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
  ...merchantOf,
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
/** A merchant's packing rules as stored (`GET/PUT /v0/packing/merchant-rules/:id`). */
export const merchantPackingRulesRowSchema = z.object({
  ...merchantOf,
  serialPerUnit: z.boolean(),
  accessories: z.array(z.object({ code: z.string(), name: z.string() })),
  weighRequired: z.boolean(),
  weightTolerancePct: z.number().nullable(),
  weightToleranceKg: z.number().nullable(),
  note: z.string(),
  updatedAt: wireTime.nullable(),
});
export type MerchantPackingRulesRow = z.infer<typeof merchantPackingRulesRowSchema>;

/** An order line at the merchant-specific station: its units and how many serials it still needs. */
export const packEfLineSchema = z.object({
  itemId: z.number(),
  sku: z.string(),
  quantity: z.number(),
  /** Serials this line needs at the desk (every unit under the merchant's rule, else the item's own need). */
  serialsNeeded: z.number(),
  serialPattern: z.string().nullable(),
  /** Serials already captured on the order for this item (the SN scan, an earlier attempt). */
  serials: z.array(z.string()),
  weightKg: z.number().nullable(),
});

/** `GET /v0/packing/ef/find`: the order, its merchant's rules and what the desk must do. */
export const packEfOrderSchema = z.object({
  ...orderByReference,
  carrier: z.string(),
  ...merchantOf,
  rules: merchantPackingRulesRowSchema,
  lines: z.array(packEfLineSchema),
  /** The carrier needs a weight / dimensions (company setting `packing.rules`). */
  weightNeeded: z.boolean(),
  dimensionsNeeded: z.boolean(),
  /** What the items weigh (kg), without materials. */
  itemsWeightKg: z.number(),
});
export type PackEfOrder = z.infer<typeof packEfOrderSchema>;

/** One order of a merchant's packing view by reference (`/mEP/packScanRef`). */
export const packRefOrderSchema = z.object({
  ...orderByReference,
  carrier: z.string(),
  createdAt: wireTime,
  units: z.number(),
  pickedUnits: z.number(),
  lines: z.array(z.object({ sku: z.string(), quantity: z.number(), picked: z.number() })),
  parcels: z.array(
    z.object({
      parcelIndex: z.number(),
      station: z.string(),
      userName: z.string(),
      weightKg: z.number().nullable(),
      dimensions,
      createdAt: wireTime,
    }),
  ),
  trackingNumbers: z.array(z.string()),
});
export type PackRefOrder = z.infer<typeof packRefOrderSchema>;

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
  'GET /v0/packing/merchant-rules/:id': merchantPackingRulesRowSchema,
  'PUT /v0/packing/merchant-rules/:id': merchantPackingRulesRowSchema,
  'GET /v0/packing/ef/find': packEfOrderSchema,
  'POST /v0/packing/ef/orders/:id/pack': packOutcomeSchema,
  'GET /v0/packing/ref': z.array(packRefOrderSchema),
} satisfies Record<string, z.ZodType>;
