import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { lineItem, recordTimes } from '../responses/fields.js';
import { jobSchema } from './jobs.js';
import { relatedFileSchema } from './outbound-responses.js';

/** An inbound order (the `inbound_orders_view` read model, docs/inbound.md). */
export const inboundOrderRowSchema = z.object({
  id: z.number(),
  ...recordTimes,
  merchantId: z.number(),
  unid: z.string(),
  status: z.number(),
  warehouseId: z.number(),
  warehouseCode: z.string(),
  containerId: z.number().nullable(),
  containerNumber: z.string().nullable(),
  merchantName: z.string(),
  reference: z.string(),
  expectedDate: z.string().nullable(),
  carrier: z.string(),
  trackingNumbers: z.array(z.string()),
  trackingLogged: z.array(z.string()),
  boxQty: z.number(),
  palletQty: z.number(),
  remark: z.string(),
  files: z.array(relatedFileSchema),
  plannedUnits: z.number(),
  receivedUnits: z.number(),
  damagedUnits: z.number(),
  putAwayUnits: z.number(),
  difference: z.number(),
  receivingStartedAt: wireTime.nullable(),
  receivedAt: wireTime.nullable(),
  inboundedAt: wireTime.nullable(),
});
export type InboundOrderRecord = z.infer<typeof inboundOrderRowSchema>;

/** An order line's progress at receiving (planned, counted, damaged, put away, the dates scanned). */
const receivingLineSchema = z.object({
  ...lineItem,
  batch: z.string(),
  planned: z.number(),
  received: z.number(),
  damaged: z.number(),
  pending: z.number(),
  pendingDamaged: z.number(),
  putAway: z.number(),
  serialRequired: z.boolean(),
  batchTracked: z.boolean(),
  expiryTracked: z.boolean(),
  expiries: z.array(z.string()),
  difference: z.number(),
});

/** A receiving scan as the order's detail lists it, newest first. */
export const receivingScanSchema = z.object({
  id: z.number(),
  ...lineItem,
  quantity: z.number(),
  condition: z.enum(['valid', 'damaged']),
  unit: z.string(),
  unitKind: z.string(),
  batch: z.string(),
  serials: z.array(z.string()),
  expiry: z.string().nullable(),
  at: wireTime,
  booked: z.boolean(),
});

/** Units waiting in the staging compartment, with the place putaway suggests. */
export const stagingRowSchema = z.object({
  ...lineItem,
  batch: z.string(),
  /** 5 receiving, 2 damaged (facts §5.4). */
  status: z.union([z.literal(5), z.literal(2)]),
  quantity: z.number(),
  suggestion: z.object({ compartmentId: z.number(), code: z.string() }).nullish(),
});

/** An inbound order with its lines' progress, recent scans and what still waits in staging. */
export const inboundDetailSchema = z.object({
  order: inboundOrderRowSchema,
  lines: z.array(receivingLineSchema),
  scans: z.array(receivingScanSchema),
  staging: z.array(stagingRowSchema),
});

/** An order's lines and status after a receiving scan or its undo. */
export const receivingProgressSchema = z.object({ lines: z.array(receivingLineSchema), status: z.number() });

/** Answers of the inbound routes (issue 16 item 5; docs/api-contracts.md). */
export const inboundResponses = {
  /** The order found by any of its codes, or `{id: 0, unid: ''}` (facts §1.4). */
  'GET /v0/r7gorders/any': z.object({ id: z.number(), unid: z.string(), status: z.number().optional() }),
  'GET /v0/warehouses/opts': z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
    }),
  ),
  /** The order a logging scan found, with its tracking numbers as the handheld names them, or `{id: 0, unid: ''}`. */
  'GET /v0/r7gorders/scanLog': z.union([
    inboundOrderRowSchema.extend({ shipBundle: z.string(), shipBundleSent: z.array(z.string()) }),
    z.strictObject({ id: z.number(), unid: z.string() }),
  ]),
  'GET /v0/r7gorders/:id/detail': inboundDetailSchema,
  'POST /v0/r7gorders/': z.object({
    id: z.number(),
    unid: z.string(),
  }),
  'PUT /v0/r7gorders/:id': inboundDetailSchema,
  'POST /v0/r7gorders/:id/status': inboundDetailSchema,
  'POST /v0/r7gorders/:id/scan': receivingProgressSchema.extend({
    scan: z.object({
      id: z.number(),
      ...lineItem,
      quantity: z.number(),
      condition: z.enum(['valid', 'damaged']),
      batch: z.string(),
      expiry: z.string().nullable(),
      /** The date is already past: received all the same, with a warning. */
      expired: z.boolean(),
      outcome: z.enum(['ok', 'over', 'notOnOrder']),
    }),
  }),
  /** The lines after the scan was taken back. */
  'DELETE /v0/r7gorders/:id/scans/:scanId': receivingProgressSchema,
  'POST /v0/r7gorders/:id/complete': inboundDetailSchema.extend({ booked: z.number() }),
  /** The order after putaway, with the compartment the goods were moved into. */
  'POST /v0/r7gorders/:id/putaway': inboundDetailSchema.extend({ moved: z.object({ compartmentId: z.number(), compartment: z.string() }) }),
  /** The container's new status and how many of its orders became receipt pending. */
  'POST /v0/c7rorders/:id/status': z.object({ id: z.number(), status: z.number(), ordersReceiptPending: z.number() }),
  'POST /v0/r7gorders/export.xlsx': jobSchema,
} satisfies Record<string, z.ZodType>;

export type InboundDetail = z.infer<typeof inboundDetailSchema>;
export type ReceivingScanRecord = z.infer<typeof receivingScanSchema>;
export type StagingRow = z.infer<typeof stagingRowSchema>;
export type ReceivingScanAnswer = z.infer<(typeof inboundResponses)['POST /v0/r7gorders/:id/scan']>;
export type ScanLogAnswer = z.infer<(typeof inboundResponses)['GET /v0/r7gorders/scanLog']>;
export type PutawayAnswer = z.infer<(typeof inboundResponses)['POST /v0/r7gorders/:id/putaway']>;
export type CompleteAnswer = z.infer<(typeof inboundResponses)['POST /v0/r7gorders/:id/complete']>;
export type ReceivingProgress = z.infer<typeof receivingProgressSchema>;
