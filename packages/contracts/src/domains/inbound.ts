import { z } from 'zod';

/**
 * Inbound orders, containers, receiving and putaway (issue 6). Quantities are whole units; a scan
 * books nothing until its receiving is completed, and completing books only what is not yet booked,
 * so completing again is harmless.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const units = z.number({ error: 'required' }).int('whole units only').positive('more than 0').max(1_000_000);
const code = z.string().trim().min(1).max(64);
const count = z.number().int().min(0).max(100_000).default(0);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-12-01')
  .nullable()
  .default(null);

export const inboundLineWriteSchema = z
  .strictObject({
    itemId: id.optional(),
    /** SKU, barcode or alias of the merchant's item, when no id is given (spreadsheets, API clients). */
    sku: code.optional(),
    batch: z.string().trim().max(64).default(''),
    planned: units,
  })
  .refine((line) => line.itemId !== undefined || line.sku !== undefined, { message: 'an item id or SKU', path: ['itemId'] });

/** Announcement fields without defaults: an update changes only what it sends (zod applies defaults inside optional). */
const header = {
  warehouseId: id,
  reference: z.string().trim().max(80),
  expectedDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-12-01')
    .nullable(),
  carrier: z.string().trim().max(80),
  trackingNumbers: z.array(code).max(50),
  boxQty: z.number().int().min(0).max(100_000),
  palletQty: z.number().int().min(0).max(100_000),
  containerId: id.nullable(),
  remark: z.string().max(1000),
  files: z.array(z.strictObject({ id: z.string().min(1).max(80), name: z.string().min(1).max(200) })).max(20),
};

export const inboundOrderCreateSchema = z.strictObject({
  /** Staff announce for a merchant; a merchant's own session fixes it. */
  merchantId: id.optional(),
  warehouseId: header.warehouseId,
  reference: header.reference.default(''),
  expectedDate: isoDate,
  carrier: header.carrier.default(''),
  trackingNumbers: header.trackingNumbers.default([]),
  boxQty: count,
  palletQty: count,
  containerId: header.containerId.default(null),
  remark: header.remark.default(''),
  files: header.files.default([]),
  lines: z.array(inboundLineWriteSchema).min(1, 'at least one line').max(500),
});
export type InboundOrderCreate = z.input<typeof inboundOrderCreateSchema>;

/** A line of an update may keep a planned quantity of 0: an item receiving accepted without a plan. */
const inboundLineUpdateSchema = z
  .strictObject({
    itemId: id.optional(),
    sku: code.optional(),
    batch: z.string().trim().max(64).default(''),
    planned: z.number({ error: 'required' }).int('whole units only').min(0).max(1_000_000),
  })
  .refine((line) => line.itemId !== undefined || line.sku !== undefined, { message: 'an item id or SKU', path: ['itemId'] });

export const inboundOrderUpdateSchema = z
  .strictObject({
    ...header,
    version: z.number().int().positive(),
    /** Required once receiving has started (staff only then). */
    reason: z.string().trim().max(500),
    lines: z.array(inboundLineUpdateSchema).min(1, 'at least one line').max(500),
  })
  .partial()
  .required({ version: true });

/** Manual status changes; receiving, completing and putaway change the rest by themselves. */
export const inboundStatusSchema = z.strictObject({
  status: z.enum(['inTransit', 'receiptPending', 'canceled']),
  reason: z.string().trim().max(500).default(''),
});

export const RECEIVING_CONDITIONS = ['valid', 'damaged'] as const;

export const receivingScanSchema = z.strictObject({
  /** SKU, barcode or alias of an item. */
  code,
  quantity: units.default(1),
  /** Box or pallet label the units came in (`MI…P001`), empty when not counted per unit. */
  unit: z.string().trim().toUpperCase().max(64).default(''),
  unitKind: z.enum(['box', 'pallet']).default('box'),
  condition: z.enum(RECEIVING_CONDITIONS).default('valid'),
  batch: z.string().trim().max(64).default(''),
  /** Serial numbers of the scanned units, one per unit, for items that need them. */
  serials: z.array(code).max(1000).default([]),
  /**
   * Best-before date of the scanned units (`YYYY-MM-DD`): required for an expiry-tracked item, refused
   * for others. A date already past is accepted and answered with `expired: true`.
   */
  expiry: z.iso.date({ error: 'a date such as 2027-12-31' }).nullable().default(null),
  /** Accept an item that is not on the order, or more than planned beyond the tolerance. */
  confirm: z.boolean().default(false),
});
export type ReceivingScan = z.input<typeof receivingScanSchema>;

export const receivingCompleteSchema = z.strictObject({
  /** true: counting is closed, what is missing stays short; false: more is expected, scanning may resume. */
  final: z.boolean(),
});

export const putawaySchema = z
  .strictObject({
    itemId: id,
    batch: z.string().max(64).default(''),
    /** Status of the staging stock to move: receiving (5) or damaged (2). */
    fromStatus: z.union([z.literal(5), z.literal(2)]).default(5),
    quantity: units,
    compartmentId: id.optional(),
    compartment: code.optional(),
  })
  .refine((p) => p.compartmentId !== undefined || p.compartment !== undefined, { message: 'required', path: ['compartment'] });

export const scanLogQuerySchema = z.strictObject({
  id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  q: z.string().trim().min(1).max(100),
});

export const CONTAINER_SIZES = ['20ft', '40ft', '40hc', '45hc', 'truck', 'other'] as const;

export const containerWriteSchema = z.strictObject({
  number: z
    .string()
    .trim()
    .toUpperCase()
    .min(4)
    .max(20)
    .regex(/^[A-Z0-9-]+$/, 'letters and digits such as MSCU1234565'),
  warehouseId: id,
  size: z.enum(CONTAINER_SIZES).default('40ft'),
  carrier: z.string().trim().max(80).default(''),
  eta: isoDate,
  remark: z.string().max(1000).default(''),
});

export const containerStatusSchema = z.strictObject({
  status: z.enum(['inTransit', 'arrived', 'unloaded', 'canceled']),
});

/** One line's progress in the receiving screen: planned against counted (booked and not yet booked). */
export interface ReceivingLine {
  itemId: number;
  sku: string;
  name: string;
  batch: string;
  planned: number;
  received: number;
  damaged: number;
  pending: number;
  putAway: number;
  serialRequired: boolean;
  batchTracked: boolean;
  expiryTracked: boolean;
  /** The best-before dates scanned on this line (`YYYY-MM-DD`), earliest first. */
  expiries: string[];
  /** counted minus planned: below 0 short, above 0 over. */
  difference: number;
}
