import { z } from 'zod';

/**
 * Items, stock and the stock operations (issue 5). Quantities are whole units: a negative or
 * fractional quantity is refused by these schemas before any service runs.
 */

/** Item types (spec §3 "item types"; the original's type 2 are packing materials, facts §2.7). */
export const ITEM_TYPES = { physical: 1, packingMaterial: 2, logical: 3, mergedPackage: 4, packedProduct: 5, shared: 6 } as const;
/** Types that consist of other items and list their components. */
export const COMPOSED_ITEM_TYPES: number[] = [ITEM_TYPES.logical, ITEM_TYPES.mergedPackage, ITEM_TYPES.packedProduct];

/** Stock row status (facts §5.4): anything but valid is shown in red. */
export const STOCK_STATUS = { invalid: 0, damaged: 2, receiving: 5, valid: 10 } as const;
export const STOCK_STATUSES = Object.values(STOCK_STATUS);

/** Why a quantity was adjusted by hand; the log keeps the code. */
export const ADJUST_REASONS = ['found', 'lost', 'damaged', 'correction', 'sample', 'disposal', 'other'] as const;

const code = z.string().trim().min(1).max(64);
const units = z.number({ error: 'required' }).int('whole units only').positive('more than 0');
const batch = z.string().trim().max(64).default('');
const id = z.number().int().positive();
const dimension = z.number().positive().max(100_000).nullable().default(null);
const ref = z.strictObject({ type: z.string().trim().min(1).max(40), id: z.string().trim().min(1).max(80) });

export const itemWriteSchema = z
  .strictObject({
    sku: code.regex(/^[^\s,;]+$/, 'no spaces, commas or semicolons'),
    name: z.string().trim().min(1).max(200),
    type: z.union(Object.values(ITEM_TYPES).map((t) => z.literal(t))).default(ITEM_TYPES.physical),
    barcodes: z.array(code).max(20).default([]),
    aliases: z.array(code).max(20).default([]),
    components: z
      .array(z.strictObject({ itemId: id, quantity: units }))
      .max(50)
      .default([]),
    weight: z.number().positive().max(100_000).nullable().default(null),
    length: dimension,
    width: dimension,
    height: dimension,
    serialRequired: z.boolean().default(false),
    serialPattern: z
      .string()
      .max(200)
      .refine((p) => {
        try {
          new RegExp(p);
          return true;
        } catch {
          return false;
        }
      }, 'a regular expression such as ^SN\\d{8}$')
      .nullable()
      .default(null),
    batchTracked: z.boolean().default(false),
    expiryTracked: z.boolean().default(false),
    hsCode: z
      .string()
      .trim()
      .regex(/^\d{6,10}$/, '6 to 10 digits')
      .nullable()
      .default(null),
    originCountry: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'a country code such as DE')
      .nullable()
      .default(null),
    customsValue: z.number().int().min(0).max(100_000_000).nullable().default(null),
    customsCurrency: z.enum(['EUR', 'USD']).nullable().default(null),
    image: z.string().max(200).nullable().default(null),
    remark: z.string().max(500).default(''),
  })
  .superRefine((item, ctx) => {
    const composed = COMPOSED_ITEM_TYPES.includes(item.type);
    if (composed && item.components.length === 0) ctx.addIssue({ code: 'custom', path: ['components'], message: 'list the components of this item type' });
    if (!composed && item.components.length > 0)
      ctx.addIssue({ code: 'custom', path: ['components'], message: 'only logical, merged and packed items have components' });
    const codes = [item.sku, ...item.barcodes, ...item.aliases];
    const twice = codes.find((c, i) => codes.indexOf(c) !== i);
    if (twice) ctx.addIssue({ code: 'custom', path: ['barcodes'], message: `${twice} is given twice` });
  });
export type ItemWrite = z.infer<typeof itemWriteSchema>;

/** Where stock is or goes: compartment by id or by its scanned code. */
const place = { compartmentId: id.optional(), compartment: code.optional() };
const stockKey = {
  itemId: id.optional(),
  item: code.optional(),
  ...place,
  batch,
  status: z.union(STOCK_STATUSES.map((s) => z.literal(s))).default(STOCK_STATUS.valid),
};

export const adjustSchema = z.strictObject({
  ...stockKey,
  /** Signed change of the on-hand quantity. */
  delta: z
    .number({ error: 'required' })
    .int('whole units only')
    .refine((d) => d !== 0, 'not 0'),
  reasonCode: z.enum(ADJUST_REASONS),
  /** Best-before date of the added units (`YYYY-MM-DD`): required when adding units of an expiry-tracked item, refused otherwise. */
  expiry: z.iso.date({ error: 'a date such as 2027-12-31' }).nullable().default(null),
  note: z.string().max(500).default(''),
});

export const moveSchema = z.strictObject({
  ...stockKey,
  quantity: units,
  toCompartmentId: id.optional(),
  toCompartment: code.optional(),
  note: z.string().max(500).default(''),
});

export const changeStatusSchema = z.strictObject({
  ...stockKey,
  quantity: units,
  toStatus: z.union(STOCK_STATUSES.map((s) => z.literal(s))),
  note: z.string().max(500).default(''),
});

export const reserveSchema = z.strictObject({
  itemId: id,
  quantity: units,
  ref,
  warehouseId: id.optional(),
  batch: z.string().trim().max(64).optional(),
  /** Reserve what there is when short; otherwise a shortage reserves nothing. */
  partial: z.boolean().default(false),
});

export const releaseSchema = z.strictObject({ ref, itemId: id.optional(), quantity: units.optional() });

export const stockCountCreateSchema = z.strictObject({
  warehouseId: id,
  compartmentIds: z.array(id).min(1).max(500),
  note: z.string().max(500).default(''),
});

export const stockCountLinesSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        compartmentId: id,
        itemId: id,
        batch,
        status: z.union(STOCK_STATUSES.map((s) => z.literal(s))).default(STOCK_STATUS.valid),
        /** A row inside a merged unit; left out for loose stock. */
        unitId: id.nullable().default(null),
        counted: z.number({ error: 'required' }).int('whole units only').min(0),
      }),
    )
    .min(1)
    .max(1000),
});

/**
 * A merged unit counted as one (`PUT /v0/stocktakes/:id/units`): scanned in a compartment of the count,
 * it confirms everything the books hold in it (or is reported when the books have it elsewhere);
 * `missing` counts every row of the unit as 0.
 */
export const stockCountUnitSchema = z
  .strictObject({
    unit: code,
    /** Where the unit was found. */
    compartmentId: id.optional(),
    missing: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.missing && v.compartmentId === undefined) ctx.addIssue({ code: 'custom', path: ['compartmentId'], message: 'where the unit was found' });
    if (v.missing && v.compartmentId !== undefined) ctx.addIssue({ code: 'custom', path: ['compartmentId'], message: 'a missing unit was found nowhere' });
  });
export const STOCK_COUNT_UNIT_OUTCOMES = ['confirmed', 'missing', 'elsewhere'] as const;

export const mergedUnitWriteSchema = z.strictObject({
  code: code.toUpperCase(),
  kind: z.enum(['box', 'pallet']).default('box'),
  compartmentId: id,
  remark: z.string().max(500).default(''),
});

/** Original inventory list (facts §2.7): time cursor `o`, LIKE search `q`, one compartment. */
export const inventoryListQuerySchema = z.object({
  l: z.coerce.number().int().min(1).max(500).default(100),
  o: z.string().max(40).optional(),
  q: z.string().max(100).optional(),
  /** A compartment id: digits within a safe integer (a longer number is refused, not sent to the database). */
  LocationGUID: z
    .string()
    .regex(/^\d{0,15}$/)
    .optional(),
  itemId: z.coerce.number().int().positive().optional(),
  merchantId: z.coerce.number().int().positive().optional(),
  status: z.coerce.number().int().optional(),
  batch: z.string().max(64).optional(),
});

export const anyQuerySchema = z.object({ q: z.string().max(100).default('') });
export const itemOptsQuerySchema = z.object({ Type: z.coerce.number().int().default(ITEM_TYPES.packingMaterial) });

/** The grouped stock views (issue 5 §3): sums per compartment, item, batch or merchant, summed on the server. */
export const STOCK_GROUPINGS = ['compartment', 'item', 'batch', 'merchant'] as const;
export type StockGrouping = (typeof STOCK_GROUPINGS)[number];

/**
 * `GET /v0/stock/groups`: `by` names the grouping, `l` and `o` page the groups by keyset, every other
 * parameter is a filter of the stock list (`sku`, `compartmentCode`, `batch`, `status`, `quantity=1..`, `q` ...).
 */
export const stockGroupsQuerySchema = z.looseObject({
  by: z.enum(STOCK_GROUPINGS),
  l: z.coerce.number().int().min(1).max(500).default(50),
  o: z.string().max(400).optional(),
  q: z.string().max(200).optional(),
});

/** One group: its key fields (the others null) and the sums of its rows. */
export interface StockGroup {
  key: string;
  itemId: number | null;
  sku: string | null;
  itemName: string | null;
  compartmentId: number | null;
  compartmentCode: string | null;
  warehouseCode: string | null;
  batch: string | null;
  merchantId: number | null;
  merchantName: string | null;
  quantity: number;
  reserved: number;
  available: number;
  rows: number;
}

export interface StockGroupsPage {
  data: StockGroup[];
  next: string | null;
  /** Groups matching the filters (capped like every list total). */
  total: number;
  totalCapped?: boolean;
  /** Sums over every row matching the filters, not only this page. */
  sums: { quantity: number; reserved: number; available: number; rows: number };
}
