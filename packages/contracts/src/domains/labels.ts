import { z } from 'zod';
import { COMPARTMENT_KINDS } from './settings.js';

/**
 * Label and document requests (issue 17 item 6): the barcode generator (`/tools/labelMultiplePrint`),
 * the common logistics labels (`/tools/commonLogisticsLabels`), box and pallet labels with SSCCs
 * (`/labelBox`, `/labelPLT`) and item labels. Every route answers a PDF (BINARY_ROUTES).
 */

export const LABEL_SYMBOLOGIES = ['code128', 'gs1-128', 'ean13', 'qrcode', 'datamatrix'] as const;
export type LabelSymbology = (typeof LABEL_SYMBOLOGIES)[number];
/** The symbologies' standard names: the same in every language, so not translations. */
export const SYMBOLOGY_NAMES: Record<LabelSymbology, string> = {
  code128: 'Code 128',
  'gs1-128': 'GS1-128',
  ean13: 'EAN-13',
  qrcode: 'QR Code',
  datamatrix: 'DataMatrix',
};

/** Label sizes in millimetres (one label per page), or 24 labels of 70 × 37 mm on an A4 sheet. */
export const BARCODE_SHEET_SIZES = ['100x150', '100x50', '60x40', '50x25', 'a4'] as const;
export const LOGISTICS_LABEL_SIZES = ['100x150', '150x100', '100x50'] as const;
export const ITEM_LABEL_SIZES = ['60x40', '100x50', '50x25'] as const;

export const LOGISTICS_LABEL_KINDS = ['fragile', 'thisSideUp', 'heavy', 'doNotStack', 'pallet', 'merchant'] as const;
export type LogisticsLabelKind = (typeof LOGISTICS_LABEL_KINDS)[number];
export const LABEL_LANGUAGES = ['en', 'cn', 'de'] as const;

/** The default of LABEL_MAX_PER_REQUEST: most labels one request makes (values × copies). */
export const LABEL_MAX_PER_REQUEST = 2000;

const value = z.string().trim().min(1).max(80);

export const barcodeRangeSchema = z.strictObject({
  from: z.number().int().min(0).max(999_999_999_999),
  to: z.number().int().min(0).max(999_999_999_999),
  prefix: z.string().max(30).default(''),
  suffix: z.string().max(30).default(''),
  /** Digits the number is padded to with zeros (0 = no padding). */
  padding: z.number().int().min(0).max(20).default(0),
});

export const barcodeSheetSchema = z.strictObject({
  symbology: z.enum(LABEL_SYMBOLOGIES),
  /** A list of values, one label each; or `range`. */
  values: z.array(value).max(LABEL_MAX_PER_REQUEST).optional(),
  range: barcodeRangeSchema.optional(),
  size: z.enum(BARCODE_SHEET_SIZES).default('100x50'),
  copies: z.number().int().min(1).max(100).default(1),
  showText: z.boolean().default(true),
});
export type BarcodeSheetInput = z.input<typeof barcodeSheetSchema>;

export const logisticsLabelSchema = z.strictObject({
  kind: z.enum(LOGISTICS_LABEL_KINDS),
  language: z.enum(LABEL_LANGUAGES).default('en'),
  copies: z.number().int().min(1).max(500).default(1),
  size: z.enum(LOGISTICS_LABEL_SIZES).default('100x150'),
  /** The merchant named on the label; a merchant user's own merchant always. */
  merchantId: z.number().int().positive().optional(),
  /** Printed on the heavy label. */
  weightKg: z.number().positive().max(10_000).optional(),
});
export type LogisticsLabelInput = z.input<typeof logisticsLabelSchema>;

/** Box labels of an order (`/labelBox`): `count` boxes, each with a new SSCC. */
export const boxLabelQuerySchema = z.strictObject({
  ref: z.string().trim().min(1).max(60),
  count: z.coerce.number().int().min(1).max(500).default(1),
  merchantId: z.coerce.number().int().positive().optional(),
  weightKg: z.coerce.number().positive().max(100_000).optional(),
  content: z.string().max(120).optional(),
  shipTo: z.string().max(300).optional(),
  x_token: z.string().max(200).optional(),
});
export type BoxLabelQuery = z.input<typeof boxLabelQuerySchema>;
/** Pallet labels of a loading (`/labelPLT`): the same shape; `ref` is the loading reference. */
export const palletLabelQuerySchema = boxLabelQuerySchema;

export const itemLabelSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(500),
  copies: z.number().int().min(1).max(100).default(1),
  size: z.enum(ITEM_LABEL_SIZES).default('60x40'),
});
export type ItemLabelInput = z.input<typeof itemLabelSchema>;

const bounds = z.strictObject({ from: z.number().int().min(0).max(9999), to: z.number().int().min(0).max(9999) });

/**
 * A compartment range (issue 17 item 9): zone, aisles, levels and positions from–to, their kind and
 * picking priority (`contracts/src/compartment-range.ts` names and orders them).
 */
export const compartmentRangeSchema = z.strictObject({
  warehouseId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  zone: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,6}$/, 'letters and digits, such as A'),
  aisles: bounds,
  levels: bounds,
  positions: bounds,
  digits: z.number().int().min(1).max(4).default(2),
  kind: z.enum(COMPARTMENT_KINDS).default('pick'),
  priority: z.number().int().min(0).max(100_000).default(100),
  priorityStep: z.number().int().min(0).max(100).default(1),
});
export type CompartmentRangeInput = z.input<typeof compartmentRangeSchema>;

/** The labels of some compartments (a range just created, or any chosen ones). */
export const compartmentLabelSchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(2000),
  copies: z.number().int().min(1).max(10).default(1),
  size: z.enum(['100x50', '60x40', '100x150']).default('100x50'),
});
