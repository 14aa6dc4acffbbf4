import { z } from 'zod';
import { isCountryCode } from '../countries.js';
import { patchOf } from '../patch.js';
import { EXCEPTION_OWNERS, OUTBOUND_ORDER, TICKET } from '../status/outbound.js';

/**
 * Outbound task orders (issue 7): the order of spec §3 "Task order fields" and "Other fields", its
 * lines, the status actions and tickets. JSON is camelCase as the spec writes it; `zip` stands for the
 * spec's ZIP. Quantities are whole units, weights kilograms with up to three decimals, dimensions
 * centimetres.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().max(max);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2026-12-01');

export const TASK_TYPES = ['B2C', 'B2B', 'FBA', 'PICKUP', 'RELABEL'] as const;
export const TRANSPORT_MODES = ['parcel', 'express', 'pallet', 'freight', 'container', 'pickup'] as const;
export const PRIORITIES = ['low', 'normal', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];
/** Stored as numbers so lists sort by urgency; facts §5.2: priority ≥ 3 is urgent. */
export const PRIORITY_CODES: Record<Priority, number> = { low: 1, normal: 2, urgent: 3 };
export const CARRIERS = ['DHL', 'DPD', 'UPS', 'GLS', 'FEDEX'] as const;
export const DELIVERY_SERVICES = ['signature', 'insurance', 'saturday', 'cashOnDelivery', 'ageCheck', 'noNeighbour', 'premium'] as const;

export const addressSchema = z.strictObject({
  name1: text(80).default(''),
  name2: text(80).default(''),
  streetName: text(120).default(''),
  streetNumber: text(20).default(''),
  zip: text(16).default(''),
  city: text(80).default(''),
  country: z.string({ error: 'required' }).trim().toUpperCase().refine(isCountryCode, 'not a known ISO country code such as DE'),
  phone: text(40).default(''),
  email: z.union([z.literal(''), z.string().trim().max(120).email('not an e-mail address')]).default(''),
  addition: text(120).default(''),
});
export type Address = z.infer<typeof addressSchema>;

export const dimensionsSchema = z.strictObject({
  length: z.number().positive().max(1000),
  width: z.number().positive().max(1000),
  height: z.number().positive().max(1000),
});

export const parcelSchema = z.strictObject({
  trackingNo: text(64).min(1),
  weight: z.number().positive().max(100_000).nullable().default(null),
  dimensions: dimensionsSchema.nullable().default(null),
});

export const outboundLineWriteSchema = z
  .strictObject({
    itemId: id.optional(),
    /** SKU, barcode or alias of the merchant's item, when no id is given (spreadsheets, API clients). */
    sku: text(64).min(1).optional(),
    quantity: z.number({ error: 'required' }).int('whole units only').positive('more than 0').max(1_000_000),
    /** Only this batch may be reserved (the original's `SKU|||batch` lines). */
    batch: text(64).default(''),
  })
  .refine((line) => line.itemId !== undefined || line.sku !== undefined, { message: 'an item id or SKU', path: ['itemId'] });

const files = z.array(z.strictObject({ id: z.string().min(1).max(80), name: z.string().min(1).max(200) })).max(20);

/** The order's own fields; the form shows spec §5's required messages for typeOfTask, modeOfTransport, pickupDate, unitQty and weight. */
const header = z.strictObject({
  warehouseId: id.nullable().default(null),
  typeOfTask: z.enum(TASK_TYPES),
  modeOfTransport: z.enum(TRANSPORT_MODES),
  priority: z.enum(PRIORITIES).default('normal'),
  pickupDate: isoDate,
  pickupFrom: text(120).default(''),
  refOrderId: text(80).default(''),
  unitQty: z.number().int().positive().max(1_000_000),
  weight: z.number().positive().max(100_000),
  consignee: addressSchema,
  consignor: addressSchema.nullable().default(null),
  sender: addressSchema.nullable().default(null),
  dangerGoods: z.boolean().default(false),
  deliveryServices: z.array(z.enum(DELIVERY_SERVICES)).max(DELIVERY_SERVICES.length).default([]),
  autoRetourLabel: z.boolean().default(false),
  forceShipLabel: z.boolean().default(false),
  labelSwap: z.boolean().default(false),
  relatedFiles: files.default([]),
  remark: text(1000).default(''),
  /** Seen by staff only (the original's noteInner, "private remark"). */
  privateRemark: text(1000).default(''),
  /** Shown as a red banner on every screen of the order (noteImportant). */
  importantNote: text(500).default(''),
  rsd: isoDate.nullable().default(null),
  rad: isoDate.nullable().default(null),
  carrier: z.union([z.enum(CARRIERS), z.literal('')]).default(''),
  carrierService: text(40).default(''),
  shipNo: text(64).default(''),
  retourNo: text(64).default(''),
  batchNo: text(64).default(''),
  boxQty: z.number().int().min(0).max(100_000).default(0),
  pltQty: z.number().int().min(0).max(100_000).default(0),
  dimensions: dimensionsSchema.nullable().default(null),
  parcels: z.array(parcelSchema).max(100).default([]),
});

export const outboundOrderCreateSchema = header.extend({
  /** Staff create for a merchant; a merchant's own session fixes it. */
  merchantId: id.optional(),
  lines: z.array(outboundLineWriteSchema).min(1, 'at least one line').max(1000),
});
export type OutboundOrderCreate = z.input<typeof outboundOrderCreateSchema>;

/** An update changes only what it sends, and carries the version the editor loaded (stale: Conflict). */
export const outboundOrderUpdateSchema = patchOf(header).extend({
  version: z.number().int().positive(),
  lines: z.array(outboundLineWriteSchema).min(1, 'at least one line').max(1000).optional(),
});
export type OutboundOrderUpdate = z.input<typeof outboundOrderUpdateSchema>;

const stateNames = Object.keys(OUTBOUND_ORDER.states) as [string, ...string[]];

/** A status change by hand (staff): exceptions carry a reason, an owner and a note. */
export const outboundStatusSchema = z.strictObject({
  to: z.enum(stateNames),
  reason: text(200).default(''),
  owner: z.enum(EXCEPTION_OWNERS).nullable().default(null),
  note: text(1000).default(''),
});

/**
 * An open exception handed to someone and/or commented (issue 19 item 7: what a lead does from the
 * problematic list): the order keeps its state and reason; the owner who is to act changes, the note
 * (when given) replaces the exception's note, and both go into the history.
 */
export const outboundExceptionSchema = z.strictObject({
  owner: z.enum(EXCEPTION_OWNERS),
  note: text(1000).default(''),
});

export const BULK_ACTIONS = ['hold', 'release', 'standby', 'updateStatus', 'requestCancel', 'cancel', 'changeCarrier', 'delete', 'restore'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * What an order's history entry says happened (`outbound_history.action`): the bulk actions and the floor's
 * steps. One list so the server can write nothing the console has no words for (outbound.historyActions).
 */
export const OUTBOUND_HISTORY_ACTIONS = [
  ...BULK_ACTIONS,
  'create',
  'copy',
  'import',
  'update',
  'status',
  'allocate',
  'reallocate',
  'addressCheck',
  'outOfStock',
  'cancelApproved',
  'cancelDeclined',
  'exceptionUpdate',
  'autoFinish',
  'handover',
  'labelBought',
  'labelFailed',
  'measure',
  'pack',
  'partialFinish',
  'pick',
  'picklist',
  'return',
  'shippingScan',
  'shortPick',
  'skuQc',
  'serials',
  'tracking',
] as const;
export type OutboundHistoryAction = (typeof OUTBOUND_HISTORY_ACTIONS)[number];

/** One action on many orders; each order answers on its own (a refused one does not stop the rest). */
export const outboundBulkSchema = z
  .strictObject({
    ids: z.array(id).min(1).max(1000),
    action: z.enum(BULK_ACTIONS),
    reason: text(200).default(''),
    note: text(1000).default(''),
    carrier: z.union([z.enum(CARRIERS), z.literal('')]).optional(),
    carrierService: text(40).optional(),
  })
  .refine((body) => body.action !== 'changeCarrier' || body.carrier !== undefined, { message: 'required', path: ['carrier'] });

export const cancelDecisionSchema = z.strictObject({ approve: z.boolean(), note: text(1000).default('') });

export type BulkOutcome = { id: number; ok: boolean; status?: number; code?: string; message?: string };

/** Tickets (issue 7 §5). */
export const ticketCreateSchema = z.strictObject({
  orderId: id,
  subject: text(200).min(1, 'required'),
  message: text(5000).min(1, 'required'),
  files: files.default([]),
});
export const ticketMessageSchema = z.strictObject({ message: text(5000).min(1, 'required'), files: files.default([]) });
export const ticketStatusSchema = z.strictObject({ status: z.enum(Object.keys(TICKET.states) as [string, ...string[]]) });

/** Columns of the order import template (issue 7 §6): one row per line; rows with the same reference form one order. */
export const ORDER_IMPORT_COLUMNS = [
  'refOrderId',
  'typeOfTask',
  'modeOfTransport',
  'priority',
  'pickupDate',
  'unitQty',
  'weight',
  'carrier',
  'name1',
  'name2',
  'streetName',
  'streetNumber',
  'zip',
  'city',
  'country',
  'phone',
  'email',
  'remark',
  'sku',
  'quantity',
  'batch',
] as const;
