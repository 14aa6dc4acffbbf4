import { z } from 'zod';
import { EXCEPTION_OWNERS } from '../status/outbound.js';
import { pageOf, wireTime } from '../responses/wire.js';
import { lineItem, recordTimes } from '../responses/fields.js';
import { jobSchema } from './jobs.js';

/** Answers of the outbound routes: the console's order lists and detail, and the handheld's p11yorders (facts §2). */

/** An address as stored (outbound.ts `addressSchema` after its defaults). */
export const storedAddressSchema = z.object({
  zip: z.string(),
  city: z.string(),
  email: z.string(),
  name1: z.string(),
  name2: z.string(),
  phone: z.string(),
  country: z.string(),
  addition: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
});
export const storedDimensionsSchema = z.object({ length: z.number(), width: z.number(), height: z.number() });
export type Dimensions = z.infer<typeof storedDimensionsSchema>;
export const storedParcelSchema = z.object({ weight: z.number().nullable(), dimensions: storedDimensionsSchema.nullable(), trackingNo: z.string() });
export type Parcel = z.infer<typeof storedParcelSchema>;
/** A file kept on a record (the upload's answer as the client sent it back): other keys it carries stay. */
export const relatedFileSchema = z.looseObject({ id: z.string(), name: z.string() });
export type RelatedFile = z.infer<typeof relatedFileSchema>;

/** A row of an outbound list: the camelCase columns of the server's order view. */
export const outboundOrderRowSchema = z.object({
  id: z.number(),
  ...recordTimes,
  merchantId: z.number(),
  unid: z.string(),
  status: z.number(),
  statusBefore: z.number().nullable(),
  /** 1 low, 2 normal, 3 urgent (PRIORITY_CODES). */
  priority: z.number(),
  warehouseId: z.number().nullable(),
  warehouseCode: z.string().nullable(),
  merchantName: z.string(),
  merchantCode: z.string(),
  typeOfTask: z.string(),
  modeOfTransport: z.string(),
  pickupDate: z.string().nullable(),
  pickupFrom: z.string(),
  refOrderId: z.string(),
  unitQty: z.number(),
  weight: z.number(),
  consignee: storedAddressSchema,
  consignor: storedAddressSchema.nullable(),
  sender: storedAddressSchema.nullable(),
  consigneeName: z.string(),
  consigneeCountry: z.string(),
  dangerGoods: z.boolean(),
  deliveryServices: z.array(z.string()),
  autoRetourLabel: z.boolean(),
  forceShipLabel: z.boolean(),
  labelSwap: z.boolean(),
  relatedFiles: z.array(relatedFileSchema),
  remark: z.string(),
  /** Staff only: a merchant's session does not get it. */
  privateRemark: z.string().optional(),
  importantNote: z.string(),
  rsd: z.string().nullable(),
  rad: z.string().nullable(),
  carrier: z.string(),
  carrierService: z.string(),
  /** Tracking numbers, one a line. */
  shipBundle: z.string(),
  shipBundleSent: z.array(z.string()),
  parcels: z.array(storedParcelSchema),
  shipNo: z.string(),
  retourNo: z.string(),
  batchNo: z.string(),
  boxQty: z.number(),
  pltQty: z.number(),
  dimensions: storedDimensionsSchema.nullable(),
  addressProblems: z.array(z.object({ field: z.string(), problem: z.enum(['required', 'pattern']) })),
  exceptionReason: z.string(),
  exceptionOwner: z.enum(EXCEPTION_OWNERS).nullable(),
  exceptionNote: z.string(),
  lineCount: z.number(),
  totalUnits: z.number(),
  reservedUnits: z.number(),
  deletedAt: wireTime.nullable(),
  shippedAt: wireTime.nullable(),
  /** The label queue's reason (issue 17 item 4): a CarrierErrorKind (CARRIER_ERROR_CODES words it) and the carrier's text. */
  labelErrorKind: z.string().nullable().optional(),
  labelErrorText: z.string().nullable().optional(),
  /** The latest carrier tracking event (issue 19 item 5): `in_transit` … or `exception:<which>`, its text and time. */
  trackingKind: z.string().optional(),
  trackingText: z.string().optional(),
  trackingAt: wireTime.nullable().optional(),
});
export type OutboundOrderRow = z.infer<typeof outboundOrderRowSchema>;

export const reservationSchema = z.object({ itemId: z.number(), compartmentId: z.number(), compartment: z.string(), batch: z.string(), quantity: z.number() });
export type Reservation = z.infer<typeof reservationSchema>;

export const outboundLineSchema = z.object({
  id: z.number(),
  ...lineItem,
  batch: z.string(),
  quantity: z.number(),
  reserved: z.number(),
  picked: z.number(),
  reservations: z.array(reservationSchema),
});
export type OutboundLine = z.infer<typeof outboundLineSchema>;

export const historyEntrySchema = z.object({
  id: z.number(),
  at: wireTime,
  userName: z.string(),
  action: z.string(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  reason: z.string(),
  owner: z.string().nullable(),
  note: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `GET /v0/outbound/orders/{id}/detail`: `next` names the states this session may set by hand. */
export const outboundDetailSchema = z.object({
  order: outboundOrderRowSchema,
  lines: z.array(outboundLineSchema),
  history: z.array(historyEntrySchema),
  next: z.array(z.string()),
  editable: z.boolean(),
});
export type OutboundDetail = z.infer<typeof outboundDetailSchema>;

/** Orders per status code of one list. */
export const statusCountsSchema = z.object({ counts: z.record(z.string(), z.number()), total: z.number() });
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const createdOrderSchema = z.object({ id: z.number(), unid: z.string(), status: z.number() });
export const bulkResultSchema = z.object({
  results: z.array(z.object({ id: z.number(), ok: z.boolean(), status: z.number().optional(), code: z.string().optional(), message: z.string().optional() })),
});

/** The handheld's order (facts §2): the console row plus the original's field names; `items` is JSON text. */
export const p11yOrderSchema = outboundOrderRowSchema.extend({
  originSN: z.string(),
  agentGUID: z.string(),
  recName1: z.string(),
  recCountry: z.string(),
  shipQty: z.number(),
  shipSN: z.string(),
  retourSN: z.string(),
  items: z.string(),
  note: z.string(),
  noteInner: z.string(),
  noteImportant: z.string(),
  /** SKU QC and serial progress (facts §2.3; docs/sku-qc-serials.md); the two lists are JSON text. */
  skuQCRequiredQty: z.number(),
  skuQCScannedQty: z.number(),
  skuQCRemainingQty: z.number(),
  skuQCCurrentItemID: z.string(),
  skuQCCompleted: z.boolean(),
  shippingScanSKUQC: z.string(),
  snRequiredQty: z.number(),
  snScannedQty: z.number(),
  snRemainingQty: z.number(),
  snCurrentItemID: z.string(),
  snCompleted: z.boolean(),
  itemSN: z.string(),
});

export const OUTBOUND_LIST_VIEWS = ['orders', 'deleted', 'dhl', 'dpd', 'ups', 'transportLabelAwaits', 'warehouse', 'problematic', 'inTransit'] as const;

type OutboundListView = (typeof OUTBOUND_LIST_VIEWS)[number];
const outboundListPageSchema = pageOf(outboundOrderRowSchema);
// Typed per key (not `z.ZodType`), so the web's `api('GET /v0/outbound/lists/orders/')` reads the row type.
const lists = Object.fromEntries(
  OUTBOUND_LIST_VIEWS.flatMap((view) => [
    [`GET /v0/outbound/lists/${view}/`, outboundListPageSchema],
    [`GET /v0/outbound/lists/${view}/counts`, statusCountsSchema],
  ]),
) as Record<`GET /v0/outbound/lists/${OutboundListView}/`, typeof outboundListPageSchema> &
  Record<`GET /v0/outbound/lists/${OutboundListView}/counts`, typeof statusCountsSchema>;

export const outboundResponses = {
  ...lists,
  'GET /v0/outbound/orders/:id/detail': outboundDetailSchema,
  'POST /v0/outbound/orders': createdOrderSchema,
  'PUT /v0/outbound/orders/:id': outboundDetailSchema,
  'POST /v0/outbound/orders/:id/copy': createdOrderSchema,
  'POST /v0/outbound/orders/bulk': bulkResultSchema,
  'POST /v0/outbound/orders/:id/status': outboundDetailSchema,
  'POST /v0/outbound/orders/:id/exception': outboundDetailSchema,
  'POST /v0/outbound/orders/:id/cancel-decision': outboundDetailSchema,
  'GET /v0/p11yorders/': p11yOrderSchema,
  /** Offset paging: `next` is the offset of the next page, 0 at the end. */
  'GET /v0/p11yorders/list': z.object({ total: z.number(), next: z.number(), data: z.array(p11yOrderSchema) }),
  'GET /v0/p11yorders/outOfStock': z.null(),
  /** The scanned order, or `{id: 0, unid: ''}` when nothing matches (facts §1.4). */
  'GET /v0/p11yorders/scanLog': z.union([p11yOrderSchema, z.strictObject({ id: z.number(), unid: z.string() })]),
  'POST /v0/outbound/import': jobSchema,
  'POST /v0/outbound/export.xlsx': jobSchema,
  'GET /v0/outbound/export/jobs': z.array(jobSchema),
} satisfies Record<string, z.ZodType>;

export type OutboundScanLogAnswer = z.infer<(typeof outboundResponses)['GET /v0/p11yorders/scanLog']>;
