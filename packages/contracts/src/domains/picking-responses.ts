import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { orderByReference } from '../responses/fields.js';
import { inventoryResponses } from './inventory-responses.js';

/** Answers of the picking routes (issue 18, docs/picking.md). */

/** A picklist's id, number, type and status: the handheld's and the console's rows begin with them. */
const picklistKey = { id: z.number(), unid: z.string(), type: z.number(), status: z.number() };

/** The picklist as the handheld reads it (facts §3.6): JSON-in-a-string fields exactly as the original. */
export const p11yPicklistSchema = z.object({
  ...picklistKey,
  itemQty: z.number(),
  itemQtyPicked: z.number(),
  priority: z.number(),
  carrier: z.string(),
  shipQty: z.number(),
  agentGUID: z.string(),
  createdAt: wireTime,
  orderUNID: z.array(z.string()),
  orderIds: z.array(z.number()),
  items: z.string(),
  itemInfo: z.string(),
  printBatch: z.string(),
  ordersFin: z.string(),
  orders: z.string(),
  itemOrders: z.string(),
});
export type P11yPicklist = z.infer<typeof p11yPicklistSchema>;

/** The console's picklist row. */
export const picklistRowSchema = z.object({
  ...picklistKey,
  priority: z.number(),
  carrier: z.string(),
  merchantName: z.string(),
  orderCount: z.number(),
  itemQty: z.number(),
  itemQtyPicked: z.number(),
  createdAt: wireTime,
  createdByName: z.string(),
  printedAt: wireTime.nullable(),
});
export type PicklistRow = z.infer<typeof picklistRowSchema>;

export const picklistDetailSchema = picklistRowSchema.extend({
  lines: z.array(
    z.object({
      position: z.number(),
      sku: z.string(),
      itemName: z.string(),
      batch: z.string(),
      compartment: z.string(),
      zone: z.string(),
      qty: z.number(),
      qtyPrinted: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number(),
      unid: z.string(),
      merchantName: z.string(),
      status: z.number(),
      units: z.number(),
      finished: z.boolean(),
      active: z.boolean(),
    }),
  ),
});
export type PicklistDetail = z.infer<typeof picklistDetailSchema>;

export const picklistPresetRowSchema = z.object({ id: z.number(), name: z.string(), rules: z.record(z.string(), z.unknown()) });

/** A merchant's own orders on the floor (`/mEP/picklist`): progress only, never the picklist. */
export const merchantPickProgressSchema = z.object({
  ...orderByReference,
  units: z.number(),
  finished: z.boolean(),
  picklistStatus: z.number(),
  since: wireTime,
});

const offsetPage = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), page: z.number(), next: z.number(), data: z.array(row) });

export const pickingResponses = {
  'GET /v0/p11y/pick/any': z.object({ id: z.number(), type: z.number(), unid: z.string() }),
  'GET /v0/p11y/pick/': p11yPicklistSchema,
  'GET /v0/picking/item': inventoryResponses['GET /v0/item/any'],
  'PUT /v0/p11y/pick/': z.null(),
  'GET /v0/p11y/pick/list': offsetPage(p11yPicklistSchema),
  'GET /v0/picking/picklists': offsetPage(picklistRowSchema),
  'POST /v0/picking/picklists': z.object({ created: z.array(picklistRowSchema) }),
  'GET /v0/picking/picklists/:id/detail': picklistDetailSchema,
  'POST /v0/picking/picklists/:id/cancel': picklistDetailSchema,
  'POST /v0/picking/picklists/:id/remove-order': picklistDetailSchema,
  'POST /v0/picking/picklists/:id/printed': picklistDetailSchema,
  'GET /v0/picking/presets': z.array(picklistPresetRowSchema),
  'POST /v0/picking/presets': picklistPresetRowSchema,
  'DELETE /v0/picking/presets/:id': z.null(),
  'GET /v0/picking/merchant-progress': offsetPage(merchantPickProgressSchema),
} satisfies Record<string, z.ZodType>;
