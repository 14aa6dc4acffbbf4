import { z } from 'zod';
import { documentKey } from '../responses/fields.js';

/** `scanItemSKUQC` (facts §2.3): the order's SKU QC and serial progress, with the original's field names. */
export const skuQcProgressSchema = z.object({
  ...documentKey,
  /** JSON text `[{sku}]`: the SKUs scanned so far, one entry per piece. */
  shippingScanSKUQC: z.string(),
  /** The next SKU expected ('' when QC is complete). */
  itemID: z.string(),
  requiredSKUQCQty: z.number(),
  scannedSKUQCQty: z.number(),
  remainingSKUQCQty: z.number(),
  skuQCCompleted: z.boolean(),
  requiredSNQty: z.number(),
  scannedSNQty: z.number(),
  remainingSNQty: z.number(),
  snRequired: z.boolean(),
  snCompleted: z.boolean(),
  /** Kontor: the SKU whose serial is due next, and the order's remarks for the station. */
  snItemID: z.string(),
  noteInner: z.string(),
  noteImportant: z.string(),
});

/** `scanItemSN` (facts §2.3). */
export const snScanSchema = z.object({
  ...documentKey,
  /** The serial just captured ('' when only progress was read). */
  sn: z.string(),
  /** JSON text `[{sku, sn}]`: every serial of the order. */
  itemSN: z.string(),
  /** The SKU whose serial is due next ('' when complete). */
  itemID: z.string(),
  requiredSNQty: z.number(),
  scannedSNQty: z.number(),
  remainingSNQty: z.number(),
  completed: z.boolean(),
  /** Kontor: the pattern the next serial must match ('' when any). */
  snPattern: z.string(),
});

/** `swapSN` (facts §3.5). */
export const snSwapSchema = z.object({
  id: z.number(),
  unid: z.string(),
  shipBundleSent: z.array(z.string()),
  /** The new serial after the second original ('' before). */
  sn: z.string(),
  itemSN: z.string(),
  /** Kontor: the originals scanned so far in this swap (0, 1; cleared when the new serial is made). */
  swapBuffer: z.array(z.string()),
  /** Kontor: the print of the new serial's label: sent to the station, or no station online. */
  print: z.enum(['none', 'sent', 'offline']),
  printJobId: z.number().nullable(),
});

export type SkuQcProgress = z.infer<typeof skuQcProgressSchema>;
export type SnScanAnswer = z.infer<typeof snScanSchema>;
export type SnSwapAnswer = z.infer<typeof snSwapSchema>;

export const skuQcResponses = {
  'GET /v0/p11yorders/scanItemSKUQC': skuQcProgressSchema,
  'GET /v0/p11yorders/scanItemSN': snScanSchema,
  'GET /v0/p11yorders/swapSN': snSwapSchema,
  'PUT /v0/outbound/orders/:id/sku-qc': skuQcProgressSchema,
} satisfies Record<string, z.ZodType>;
