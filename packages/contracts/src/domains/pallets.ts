import { z } from 'zod';
import { calendarDay } from './calendar-day.js';

/**
 * Loading configs (pallets) and the loading scan (issue 19 item 2, facts §2.6, §3.7, docs/loading.md):
 * the original handheld's `wms/pallets` calls and the console's configs.
 */

export const PALLET_UNITS = ['Pallet', 'Box'] as const;
export type PalletUnit = (typeof PALLET_UNITS)[number];
export const RESOLVE_STATUSES = ['resolved', 'pending', 'not_found', 'error'] as const;
export type ResolveStatus = (typeof RESOLVE_STATUSES)[number];

/** A pallet code as scanned or typed: trimmed and upper-cased before it is looked up. */
export const palletCodeParams = z.object({ palletCode: z.string().trim().min(1).max(40).toUpperCase() });

/** `POST /v0/wms/pallets/handover/scan`: a plate number or a pallet code. */
export const palletHandoverScanSchema = z.object({ scan: z.string().max(200) });

/**
 * One tracking number, never several: the client splits a scan on whitespace, comma and semicolon
 * (`splitTrackingScan`). A number sent with a separator inside would be kept as one row that matches
 * no order and escapes the one-pallet-per-number rule for each of its parts, so it is refused.
 */
const oneNumber = (value: string) => !/[\s,;]/.test(stripControl(value).trim());
/** A tracking number as the loading scan sends it; the server normalises it again. */
const flushItemSchema = z.object({
  trackingNo: z.string().max(100).refine(oneNumber, 'one tracking number'),
  carrier: z.string().max(60).default(''),
  trackingNoNorm: z.string().max(100).refine(oneNumber, 'one tracking number').default(''),
});
/** `POST …/tracking/flush`: the numbers to persist on the pallet (the web sends one at a time). */
export const palletFlushSchema = z.object({
  reason: z.string().max(40).default('scan'),
  items: z.array(flushItemSchema).min(1).max(200),
});
export type PalletFlushInput = z.infer<typeof palletFlushSchema>;

/** `POST …/tracking/remove`. */
export const palletRemoveSchema = z.object({ trackingNo: z.string().trim().min(1).max(100) });

/** A loading config as staff create or edit it. */
export const palletConfigSchema = z.strictObject({
  pickupCarrier: z.string().trim().max(60).default(''),
  unitStr: z.enum(PALLET_UNITS).default('Pallet'),
  plateNumber2: z.string().trim().max(40).default(''),
  pickupDate: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), calendarDay]))
    .default(''),
  importantNote: z.string().trim().max(500).default(''),
});
export type PalletConfigInput = z.infer<typeof palletConfigSchema>;

/** `GET /v0/wms/pallets`: the configs, newest first (offset paging). */
export const palletListQuerySchema = z.object({
  q: z.string().trim().max(60).default(''),
  /** `loaded`: open pallets holding at least one tracking number (the home page's "Loaded, not handed over"). */
  state: z.enum(['', 'open', 'loaded', 'closed']).default(''),
  l: z.coerce.number().int().min(1).max(1000).default(25),
  o: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PalletListQuery = z.infer<typeof palletListQuerySchema>;

/** `POST …/signed`: the signed handover document, uploaded first through the files routes. */
export const palletSignedSchema = z.strictObject({
  files: z
    .array(z.strictObject({ id: z.string().trim().min(1).max(64) }))
    .min(1)
    .max(10),
});

/** GS1 separators, CR/LF and other control characters a scanner sends along (facts §9). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/g;
export const stripControl = (value: string) => value.replace(CONTROL, ' ');

/** Splits one scan into tracking numbers: several may be separated by whitespace, comma or semicolon (facts §3.7). */
export function splitTrackingScan(scan: string): string[] {
  return stripControl(scan)
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '');
}
