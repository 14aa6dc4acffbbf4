import { z } from 'zod';
import { stripControl } from './pallets.js';

/**
 * The shipping scan (facts §2.3, §3.1; docs/shipping.md). It keeps the original's GET with a query so
 * the handheld works unchanged; a query object, not a strict one: the handheld may send `x_token`.
 * The code loses the control characters a scanner sends along (GS1 separators, CR/LF; facts §9), as
 * the loading scan's codes do, so a wedge's prefix or suffix does not turn a parcel into "not found".
 */
export const shipScanQuerySchema = z.object({ q: z.string().overwrite(stripControl).trim().min(1).max(100) });

/**
 * What a shipping log row records as the outcome of a scan. The shipping scan: `new`, `already`,
 * `refused`. The loading scan (docs/loading.md "Shipping log"): `matched`, `pending`, `notFound`,
 * `error`, `conflict`, and `already` for a number already on the same pallet.
 */
export const SHIPPING_LOG_RESULTS = ['new', 'already', 'refused', 'matched', 'pending', 'notFound', 'error', 'conflict'] as const;
export type ShippingLogResult = (typeof SHIPPING_LOG_RESULTS)[number];

/** Which scan wrote a shipping log row (the loading scan writes `loading`). */
export const SHIPPING_LOG_KINDS = ['shipping', 'loading'] as const;
export type ShippingLogKind = (typeof SHIPPING_LOG_KINDS)[number];
