import { z } from 'zod';

/**
 * Picklists (issue 18, docs/picking.md): the rules a wave is built with (combinable, saved as presets),
 * the console's actions, and the original handheld's `p11y/pick` calls (facts §2.5, §3.6).
 */

/** Which orders go into picklists of which type: single-item orders (type 100) apart from multi-item (type 1). */
export const PICK_SPLITS = ['split', 'singleOnly', 'multiOnly'] as const;
export type PickSplit = (typeof PICK_SPLITS)[number];

export const picklistRulesSchema = z.strictObject({
  carrier: z.string().trim().max(40).default(''),
  merchantId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().default(null),
  zone: z.string().trim().max(40).default(''),
  priorityFirst: z.boolean().default(true),
  oldestFirst: z.boolean().default(true),
  split: z.enum(PICK_SPLITS).default('split'),
  /** The most orders per picklist. */
  maxOrders: z.coerce.number().int().min(1).max(1000).default(50),
  /** The most units per picklist (0: no limit). */
  maxUnits: z.coerce.number().int().min(0).max(100_000).default(0),
  /** The most picklists one call creates (0: as many as the orders fill, at most 10,000 orders). */
  maxLists: z.coerce.number().int().min(0).max(1000).default(1),
});
export type PicklistRules = z.infer<typeof picklistRulesSchema>;

/** `POST /v0/picking/picklists`: create picklists from ready-to-pick orders; a preset name saves the rules. */
export const picklistCreateSchema = z.strictObject({
  rules: picklistRulesSchema,
  savePreset: z.string().trim().max(60).optional(),
});

export const picklistPresetSchema = z.strictObject({ name: z.string().trim().min(1).max(60), rules: picklistRulesSchema });

export const picklistRemoveOrderSchema = z.strictObject({ orderId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Console list: `GET /v0/picking/picklists?l&o&q&status`. */
export const picklistListQuerySchema = z.object({
  l: z.coerce.number().int().min(1).max(1000).default(25),
  o: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: z.string().trim().max(100).default(''),
  status: z.union([z.coerce.number().int(), z.array(z.coerce.number().int()).max(20)]).optional(),
  type: z.coerce.number().int().optional(),
});

/** `GET /v0/p11y/pick/list?l&o&q&Status[]` (facts §2.5: offset paging, `o` = rows already loaded). */
export const p11yPickListQuerySchema = z.object({
  l: z.coerce.number().int().min(1).max(1000).default(25),
  o: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: z.string().trim().max(100).default(''),
  'Status[]': z.union([z.coerce.number().int(), z.array(z.coerce.number().int()).max(20)]).optional(),
  Status: z.union([z.coerce.number().int(), z.array(z.coerce.number().int()).max(20)]).optional(),
});

/** A JSON-in-a-string field of the original (facts §1.4): the text, or the value itself. */
const jsonText = z.union([z.string().max(2_000_000), z.array(z.unknown()).max(100_000), z.record(z.string(), z.unknown())]);

/**
 * `PUT /v0/p11y/pick/`: the whole picklist object as the handheld sends it back. Only the progress
 * fields count (itemInfo qtyPrinted, itemQtyPicked, printBatch, ordersFin); the rest is the server's.
 */
export const p11yPickPutSchema = z
  .object({
    id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    itemQtyPicked: z.coerce.number().int().min(0).max(10_000_000).optional(),
    itemInfo: jsonText.optional(),
    printBatch: jsonText.optional(),
    ordersFin: jsonText.optional(),
  })
  .passthrough();
export type P11yPickPut = z.infer<typeof p11yPickPutSchema>;

/** One itemInfo row of the handheld (facts §3.6): an items row plus what is printed of it. */
export const itemInfoRowSchema = z.object({
  sku: z.string().max(200),
  itemBatch: z.string().max(200).optional().default(''),
  inventoryName: z.string().max(200).optional().default(''),
  qty: z.coerce.number().int().min(0).optional(),
  qtyPrinted: z.coerce.number().int().min(0).max(10_000_000).optional().default(0),
});
