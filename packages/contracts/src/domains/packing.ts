import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../paging-core.js';
import { dimensionsSchema } from './outbound.js';

/**
 * Packing (issue 18 items 1, 4, 5, 7, 8; docs/packing.md): the pack flow every station calls ("these
 * units of this order are packed into these parcels"), the single-item station and the packlist.
 * Weights are kilograms, dimensions centimetres.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-12-01');

/** A packing material (an item of type 2) put into a parcel: by id, or by SKU / barcode. */
export const packMaterialSchema = z
  .strictObject({
    itemId: id.optional(),
    code: z.string().trim().min(1).max(64).optional(),
    quantity: z.number().int().min(1).max(100).default(1),
  })
  .refine((m) => m.itemId !== undefined || m.code !== undefined, { path: ['code'], message: 'required' });

/** The packing materials of one parcel or scan. */
const materials = z.array(packMaterialSchema).max(20).default([]);
/** What a station's scanner read: an item's SKU or barcode. */
const scannedCode = z.string().trim().min(1).max(100);

/** One parcel as the station measured and filled it. */
export const packParcelSchema = z.strictObject({
  weight: z.number().positive().max(1000).nullable().default(null),
  dimensions: dimensionsSchema.nullable().default(null),
  materials,
});

/** Where the station works: a free name (the desk, the scale), shown and filtered in the packlist. */
const station = z.string().trim().max(64).default('');

/** What every pack at a station sends: where, the parcels (one empty parcel when none), and the weight confirmation. */
const packBody = {
  station,
  parcels: z
    .array(packParcelSchema)
    .min(1)
    .max(50)
    .default([{ weight: null, dimensions: null, materials: [] }]),
  /** The packer confirmed a weight that is far from what the items and materials weigh. */
  confirmWeight: z.boolean().default(false),
};

/** `POST /v0/packing/orders/:id/pack`: the order is packed into these parcels (or reported short). */
export const packOrderSchema = z.strictObject({
  ...packBody,
  /** A short pick: units of an item that were not in their compartment. The order is not packed. */
  short: z
    .array(z.strictObject({ itemId: id, missing: z.number().int().min(1).max(1_000_000) }))
    .max(100)
    .default([]),
});

/** `POST /v0/packing/single/scan`: an item scanned at the single-item station. */
export const packSingleScanSchema = z.strictObject({
  code: scannedCode,
  station,
  ...packParcelSchema.shape,
  confirmWeight: packBody.confirmWeight,
});

/** `GET /v0/packing/log`: the packlist, newest first, filtered by station, user, day range and order. */
export const packLogQuerySchema = z.object({
  l: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  o: z.string().max(64).optional(),
  q: z.string().trim().max(64).optional(),
  station: z.string().trim().max(64).optional(),
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** Packing rules in the settings (`packing.rules`); every field has a default. */
export const packingRulesSchema = z.object({
  /** A measured weight may differ from the expected one by this share (percent) … */
  weightTolerancePct: z.number().min(0).max(100).default(10),
  /** … or by this much (kg), whichever is larger. */
  weightToleranceKg: z.number().min(0).max(100).default(0.1),
  /** Order carriers (the order's carrier text, upper case) whose parcels must be weighed. */
  weightNeeded: z.array(z.string()).default([]),
  /** Order carriers whose parcels must be measured. */
  dimensionsNeeded: z.array(z.string()).default([]),
});
export type PackingRules = z.infer<typeof packingRulesSchema>;

/** `POST /v0/packing/batch/:id/scan`: one unit scanned at the batch table (`/wEP/packScanBatch`). */
export const packBatchScanSchema = z.strictObject({
  code: scannedCode,
  station,
  materials,
});

/** A key of identical orders at the pre-packing station (`/wEP/PackScanPre`): the composite key within one merchant. */
const prepackKey = z.string().trim().min(1).max(2000);

/** `POST /v0/packing/pre/parcels`: pre-pack `count` parcels of a key ahead. */
export const prepackCreateSchema = z.strictObject({
  key: prepackKey,
  merchantId: id,
  count: z.number().int().min(1).max(500),
  station,
  materials,
});

/**
 * `POST /v0/packing/pre/assign`: an order of a key comes: a pre-packed parcel of its key becomes its
 * parcel and the order is packed. The order scanned (`order`: its number or id), or the oldest ready
 * order of a key (`key` and `merchantId`).
 */
export const prepackAssignSchema = z
  .strictObject({
    order: z.string().trim().min(1).max(64).optional(),
    key: prepackKey.optional(),
    merchantId: id.optional(),
    station,
  })
  .refine((b) => b.order !== undefined || (b.key !== undefined && b.merchantId !== undefined), { path: ['order'], message: 'required' });
/** An accessory the packer must scan or tick at `/wEP/PackScanEF` before the print (a charger, a manual). */
export const accessorySchema = z.strictObject({
  code: z.string().trim().min(1).max(64),
  name: z.string().trim().max(120).default(''),
});

/**
 * `PUT /v0/packing/merchant-rules/:id`: the packing rules of one merchant (docs/packing.md "Merchant
 * rules"). A tolerance left null falls back to the company's (`packing.rules`).
 */
export const merchantPackingRulesSchema = z.strictObject({
  serialPerUnit: z.boolean().default(false),
  accessories: z
    .array(accessorySchema)
    .max(20)
    .default([])
    .refine((list) => new Set(list.map((a) => a.code.toUpperCase())).size === list.length, { message: 'unique' }),
  weighRequired: z.boolean().default(false),
  weightTolerancePct: z.number().min(0).max(100).nullable().default(null),
  weightToleranceKg: z.number().min(0).max(100).nullable().default(null),
  note: z.string().trim().max(500).default(''),
});
export type MerchantPackingRules = z.infer<typeof merchantPackingRulesSchema>;

/** `GET /v0/packing/ef/find?q=`: the order at the merchant-specific station, by order number, reference or id. */
export const packEfFindSchema = z.object({ q: z.string().trim().min(1).max(100) });

/** `POST /v0/packing/ef/orders/:id/pack`: the pack of `/wEP/PackScanEF` with what the merchant's rules ask for. */
export const packEfSchema = z.strictObject({
  ...packBody,
  /** Serials captured at the desk, one per unit (items of the order). */
  serials: z
    .array(z.strictObject({ itemId: id, serial: z.string().trim().min(1).max(100) }))
    .max(1000)
    .default([]),
  /** The accessory codes the packer scanned or ticked. */
  accessories: z.array(z.string().trim().min(1).max(64)).max(20).default([]),
});

/** `GET /v0/packing/ref?q=`: a merchant's packing progress by its reference numbers (`/mEP/packScanRef`). */
export const packRefQuerySchema = z.object({ q: z.string().trim().min(1).max(100) });
