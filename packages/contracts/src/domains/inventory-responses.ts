import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { merchantOf, namedItem, orNull } from '../responses/fields.js';
import { jobSchema } from './jobs.js';

/** A stock row as the stock calls answer it (snapshot of one item, batch, status and place). */
const stockRowSchema = z.object({
  id: z.number(),
  merchantId: z.number(),
  itemId: z.number(),
  warehouseId: z.number(),
  compartmentId: z.number(),
  unitId: z.number().nullable(),
  batch: z.string(),
  status: z.number(),
  quantity: z.number(),
  reserved: z.number(),
});
/** A move or status change: the row units left and the row they went to. */
const stockChangeSchema = z.object({ from: stockRowSchema, to: stockRowSchema });

/** A stocktake with its counted lines, the stock it counts and the merged units of its compartments. */
export const stocktakeSchema = z.object({
  id: z.number(),
  warehouseId: z.number(),
  status: z.enum(['open', 'posted', 'cancelled']),
  compartmentIds: z.array(z.number()),
  note: z.string().nullable(),
  createdAt: wireTime,
  postedAt: wireTime.nullable(),
  version: z.number(),
  lines: z.array(
    z.object({
      id: z.number(),
      compartmentId: z.number(),
      compartment: z.string(),
      ...namedItem,
      unitId: z.number().nullable(),
      unitCode: z.string().nullable(),
      batch: z.string(),
      status: z.number(),
      expected: z.number(),
      counted: z.number(),
      difference: z.number(),
      countedAt: wireTime,
    }),
  ),
  stock: z.array(
    z.object({
      id: z.number(),
      compartmentId: z.number(),
      compartment: z.string(),
      ...namedItem,
      batch: z.string(),
      status: z.number(),
      quantity: z.number(),
      reserved: z.number(),
      unitId: z.number().nullable(),
      unitCode: z.string().nullable(),
    }),
  ),
  units: z.array(
    z.object({
      unitId: z.number(),
      code: z.string(),
      kind: z.string(),
      compartmentId: z.number(),
      compartment: z.string(),
      outcome: z.enum(['confirmed', 'missing', 'elsewhere']).nullable(),
      foundCompartmentId: z.number().nullable(),
      foundCompartment: z.string().nullable(),
    }),
  ),
});

/** A merged unit (a box or pallet packed as one, issue 4) with what it holds. */
const mergedUnitSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.string(),
  compartmentId: z.number(),
  compartment: z.string(),
  items: z.array(
    z.object({
      sku: z.string(),
      itemName: z.string(),
      batch: z.string(),
      status: z.number(),
      quantity: z.number(),
      reserved: z.number(),
    }),
  ),
});

/** Answers of the inventory routes (issue 16 item 5; docs/api-contracts.md). */
/** A compartment range before it is created (issue 17 item 9). */
export const compartmentRangePreviewSchema = z.object({
  count: z.number(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  existing: z.number(),
  max: z.number(),
});
export const compartmentRangeCreatedSchema = z.object({ created: z.array(z.object({ id: z.number(), code: z.string() })), skipped: z.number() });

export const inventoryResponses = {
  'POST /v0/compartments/range/preview': compartmentRangePreviewSchema,
  'POST /v0/compartments/range': compartmentRangeCreatedSchema,
  'POST /v0/items/import': jobSchema,
  'GET /v0/item/any': z.object({
    guid: z.string(),
    unid: z.string(),
    id: z.number().optional(),
    name: z.string().optional(),
    barcode: z.string().optional(),
    agentGUID: z.string().optional(),
    customer: z.string().optional(),
    merchantId: z.number().optional(),
    type: z.number().optional(),
    weight: z.number().optional(),
    serialRequired: z.boolean().optional(),
    batchTracked: z.boolean().optional(),
    expiryTracked: z.boolean().optional(),
  }),
  'GET /v0/item/opts': z.array(
    z.object({
      guid: z.string(),
      id: z.number(),
      unid: z.string(),
      name: z.string(),
      merchantId: z.number(),
    }),
  ),
  'GET /v0/compartment/any': z.object({
    guid: z.string(),
    id: z.number().optional(),
    name: z.string(),
    warehouseUNID: z.string().optional(),
    warehouseId: z.number().optional(),
    zoneCode: z.string().optional(),
    pickingPriority: z.number().optional(),
    kind: z.string().optional(),
    blocked: z.boolean().optional(),
    inventory: z
      .object({
        quantity: z.number(),
        lockedQty: z.number(),
        rows: z.number(),
      })
      .optional(),
  }),
  'GET /v0/inventory/list': z.object({
    total: z.number(),
    page: z.number(),
    next: z.union([z.number(), z.string()]),
    data: z.array(
      z.object({
        id: z.number(),
        itemId: z.number(),
        itemUnid: z.string(),
        itemName: z.string(),
        compartment: z.string(),
        warehouse: z.string(),
        itemBatch: z.string(),
        quantity: z.number(),
        lockedQty: z.number(),
        available: z.number(),
        status: z.number(),
        customer: z.string(),
        merchantId: z.number(),
        locationGuid: z.string(),
        updatedAt: wireTime,
      }),
    ),
  }),
  /** One row per group; the dimensions the grouping (`by`) does not group by are null. */
  'GET /v0/stock/groups': z.object({
    data: z.array(
      z.object({
        key: z.string(),
        ...orNull(namedItem),
        compartmentId: z.number().nullable(),
        compartmentCode: z.string().nullable(),
        warehouseCode: z.string().nullable(),
        batch: z.string().nullable(),
        ...orNull(merchantOf),
        quantity: z.number(),
        reserved: z.number(),
        available: z.number(),
        rows: z.number(),
      }),
    ),
    next: z.string().nullable(),
    total: z.number(),
    sums: z.object({ quantity: z.number(), reserved: z.number(), available: z.number(), rows: z.number() }),
  }),
  'POST /v0/inventory/adjust': stockRowSchema.extend({ expiry: z.string().nullable() }),
  'POST /v0/inventory/move': stockChangeSchema,
  'POST /v0/inventory/status': stockChangeSchema,
  'POST /v0/inventory/reserve': z.object({
    requested: z.number(),
    reserved: z.number(),
    lines: z.array(
      z.object({
        reservationId: z.number(),
        stockId: z.number(),
        compartmentId: z.number(),
        batch: z.string(),
        quantity: z.number(),
      }),
    ),
  }),
  'POST /v0/inventory/release': z.object({
    released: z.number(),
  }),
  /** The unit found by its code with its contents, or `{id: 0, code}` (facts §1.4). */
  'GET /v0/munits/any': mergedUnitSchema.partial({ kind: true, compartmentId: true, compartment: true, items: true }),
  'POST /v0/munits/pack': mergedUnitSchema,
  'POST /v0/munits/unpack': mergedUnitSchema,
  'POST /v0/munits/move': mergedUnitSchema,
  /** Broken invariants of the stock (empty when snapshot, ledger and reservations agree). */
  'GET /v0/inventory/check': z.array(z.object({ rule: z.string(), detail: z.string() })),
  /** Recent counts, newest first, without their lines. */
  'GET /v0/stocktakes/': z.array(
    stocktakeSchema.pick({ id: true, status: true, compartmentIds: true, note: true, createdAt: true, postedAt: true }).extend({ warehouse: z.string() }),
  ),
  'POST /v0/stocktakes/': stocktakeSchema,
  'GET /v0/stocktakes/:id': stocktakeSchema,
  'PUT /v0/stocktakes/:id/lines': stocktakeSchema,
  'PUT /v0/stocktakes/:id/units': stocktakeSchema.extend({ outcome: z.enum(['confirmed', 'missing', 'elsewhere']), unit: z.string() }),
  'POST /v0/stocktakes/:id/post': stocktakeSchema,
  'POST /v0/stocktakes/:id/cancel': stocktakeSchema,
} satisfies Record<string, z.ZodType>;

export type StockCount = z.infer<typeof stocktakeSchema>;
export type CountLine = StockCount['lines'][number];
export type CountUnit = StockCount['units'][number];
export type CountSummary = z.infer<(typeof inventoryResponses)['GET /v0/stocktakes/']>[number];
export type CountUnitAnswer = z.infer<(typeof inventoryResponses)['PUT /v0/stocktakes/:id/units']>;
