import { z } from 'zod';

/**
 * The SKU QC and serial-number calls of the shipping table (facts §2.3, §3.2, §3.3, §3.5; docs/sku-qc-serials.md).
 * They keep the original's GET with query parameters so the handheld client works unchanged.
 */
// Query objects, not strict ones: the handheld may send its token as `x_token` in the query (facts §1.2).
const orderId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const scanned = z.string().trim().max(100).default('');

/**
 * `GET /v0/p11yorders/scanItemSKUQC?id&q`: `q` is a SKU or barcode (one piece), empty to read progress.
 * Kontor also takes `id=0` with an order or tracking number in `q`, to open the order at the console.
 */
export const skuQcScanQuerySchema = z.object({ id: orderId, q: scanned });

/** `GET /v0/p11yorders/scanItemSN?id&itemID&q`: `itemID` the SKU the serial belongs to (empty: the next one due). */
export const snScanQuerySchema = z.object({ id: orderId.refine((v) => v > 0, 'an order id'), itemID: scanned, q: scanned });

/** `GET /v0/p11yorders/swapSN?id&q`: id 0 finds the order by `q`, then two original serials. */
export const snSwapQuerySchema = z.object({ id: orderId.default(0), q: z.string().trim().min(1).max(100) });

/**
 * `PUT /v0/outbound/orders/:id/sku-qc`: the SKUs the order is checked against at the shipping table,
 * in scan order, one entry per piece (Kontor; the original set them on the order). Empty: no QC.
 */
export const skuQcSetSchema = z.strictObject({ skus: z.array(z.string().trim().min(1).max(100)).max(200) });

/** One serial of an order as the original lists it in `itemSN` (JSON text). */
export interface ItemSerial {
  sku: string;
  sn: string;
}
