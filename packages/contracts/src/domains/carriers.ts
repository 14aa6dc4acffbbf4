import { z } from 'zod';
import { isCountryCode } from '../countries.js';
import { currencySchema } from '../money.js';
import { packMaterialSchema } from './packing.js';

/**
 * Carrier accounts, their rules and labels (issue 17 items 1, 3, 4, 5; docs/carriers.md). Requests only;
 * the answers are in carriers-responses.ts. Credentials go in, never out: answers name the fields set.
 */

export const CARRIER_CODES = ['sandbox', 'dhl', 'dpd', 'ups'] as const;
export type CarrierCodeName = (typeof CARRIER_CODES)[number];

/** The kinds of `CarrierErrorKind` (apps/server/src/modules/carriers/driver.ts) plus `config` (nothing resolves). */
export const CARRIER_ERROR_KINDS = ['address', 'weight', 'dimensions', 'customs', 'service', 'auth', 'timeout', 'unavailable', 'refused', 'config'] as const;
export type CarrierErrorKindName = (typeof CARRIER_ERROR_KINDS)[number];

/** The error catalogue code that words each kind in the user's language (errors.ts). */
export const CARRIER_ERROR_CODES: Record<CarrierErrorKindName, string> = {
  address: 'CarrierAddress',
  weight: 'CarrierWeight',
  dimensions: 'CarrierDimensions',
  customs: 'CarrierCustoms',
  service: 'CarrierService',
  auth: 'CarrierAuth',
  timeout: 'CarrierTimeout',
  unavailable: 'CarrierUnavailable',
  refused: 'CarrierRefused',
  config: 'CarrierNotConfigured',
};

/** What a customs declaration says the goods of a non-EU parcel are; each driver maps it to its carrier's code. */
export const EXPORT_REASONS = ['COMMERCIAL_GOODS', 'GIFT', 'SAMPLE', 'RETURN_OF_GOODS', 'DOCUMENTS'] as const;
export type ExportReason = (typeof EXPORT_REASONS)[number];

export const PARCEL_LABEL_STATES = ['pending', 'bought', 'failed', 'uncertain', 'voided'] as const;
export type ParcelLabelState = (typeof PARCEL_LABEL_STATES)[number];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().max(max);
const fieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'a field name such as apiKey');
const country = z.string().trim().toUpperCase().refine(isCountryCode, 'not a known ISO country code such as DE');

/** The shipper printed on the labels of an account (the warehouse's address). */
export const shipperSchema = z.strictObject({
  name1: text(80).min(1),
  name2: text(80).default(''),
  street: text(120).min(1),
  streetNumber: text(20).default(''),
  zip: text(16).min(1),
  city: text(80).min(1),
  country,
  phone: text(40).default(''),
  email: text(120).default(''),
});

export const carrierAccountCreateSchema = z.strictObject({
  name: text(80).min(1),
  carrier: z.enum(CARRIER_CODES),
  /** Empty: the driver's production address. */
  endpoint: z.union([z.literal(''), z.url().max(300)]).default(''),
  /** Secret fields named by the driver (`credentialFields`); stored sealed, never answered. */
  credentials: z.record(fieldName, z.string().max(2000)).default({}),
  options: z.record(fieldName, z.string().max(500)).default({}),
  shipper: shipperSchema.nullable().default(null),
  active: z.boolean().default(true),
});

/**
 * A change names only what changes. `credentials` replaces the named secret fields (an empty string
 * removes one); the others stay as they were, so an editor never needs to know a stored secret.
 */
export const carrierAccountUpdateSchema = z.strictObject({
  name: text(80).min(1).optional(),
  endpoint: z.union([z.literal(''), z.url().max(300)]).optional(),
  credentials: z.record(fieldName, z.string().max(2000)).optional(),
  options: z.record(fieldName, z.string().max(500)).optional(),
  shipper: shipperSchema.nullable().optional(),
  active: z.boolean().optional(),
});

/** Which account, product and services an order resolves to (merchant and country null: any). */
export const carrierRuleWriteSchema = z.strictObject({
  merchantId: id.nullable().default(null),
  country: country.nullable().default(null),
  /** The order's `carrier` text this rule serves (DHL, DPD, UPS …); empty: orders without a carrier. */
  orderCarrier: text(40).default(''),
  /** The order's `carrierService` text; empty: any service. */
  orderService: text(40).default(''),
  accountId: id,
  /** The carrier's product code; empty: the driver's first product serving the destination. */
  product: text(40).default(''),
  services: z.array(text(40).min(1)).max(20).default([]),
  priority: z.number().int().min(-1000).max(1000).default(0),
  /** The customs declaration's reason for the orders this rule serves outside the EU. */
  exportReason: z.enum(EXPORT_REASONS).default('COMMERCIAL_GOODS'),
});

export const carrierIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Buying the labels of one order (staff, stations). `force` is the admin's force ship label. */
export const buyLabelsSchema = z.strictObject({
  force: z.boolean().default(false),
  format: z.enum(['pdf', 'zpl']).default('pdf'),
});

export const voidLabelSchema = z.strictObject({ reason: text(200).default('') });

/** Bulk retry of the label queue (staff, after correcting addresses or weights). */
export const labelRetrySchema = z.strictObject({ orderIds: z.array(id).min(1).max(100) });

/** A packing material on a batchPrintLabel row: an item id, an item code, or the pack flow's own shape. */
const batchMaterialSchema = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().trim().min(1).max(64), packMaterialSchema]);

/**
 * One row of the carrier gate's `batchPrintLabel` (facts §2.8, §3.6): the picklist screens send
 * `{UNID, id, packSKU, lblIdx, packingMaterials, initiator}`, the pack scan `{id, packServices, baseUrl}`.
 * An order is named by `id` or by its number (`UNID`/`unid`); `lblIdx` picks the parcels to print.
 */
export const batchPrintRowSchema = z
  .looseObject({
    id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    UNID: text(40).optional(),
    unid: text(40).optional(),
    lblIdx: z.array(z.number().int().min(0).max(999)).max(1000).optional(),
    /** `packScanBatch` (the picking scan, type-100 picklists): the orders are packed before their labels. */
    initiator: text(40).optional(),
    /** The materials of each order's parcel when it is packed here: item ids, codes or `{itemId | code, quantity}`. */
    packingMaterials: z.array(batchMaterialSchema).max(20).optional(),
  })
  .refine((row) => (row.id !== undefined && row.id > 0) || !!row.UNID || !!row.unid, { message: 'an order id or number', path: ['id'] });
export const batchPrintLabelSchema = z.array(batchPrintRowSchema).min(1).max(500);

/** `files=[501,502]`: the label ids of one merged PDF. */
export const mergedPdfQuerySchema = z.looseObject({
  files: z
    .string()
    .max(20_000)
    .regex(/^\[(\d{1,15}(,\d{1,15})*)?\]$/, 'a list such as [501,502]'),
});

export const labelSnQuerySchema = z.looseObject({ q: text(120).min(1) });

/** `orderIds=501,502`: the orders of one list page whose labels a carrier view shows (at most 1000, a page's most). */
export const ordersLabelsQuerySchema = z.looseObject({
  orderIds: z
    .string()
    .max(17_000)
    .regex(/^\d{1,15}(,\d{1,15}){0,999}$/, 'a list such as 501,502')
    .transform((text) => [...new Set(text.split(',').map(Number))]),
});

/**
 * One band of an account's price list: a label of `product` weighing up to `maxWeightKg` costs
 * `priceMinor` (cents). Used for billing when the carrier answers no cost (docs/carriers.md "Price list").
 */
export const carrierPriceBandSchema = z.strictObject({
  product: text(40).min(1),
  maxWeightKg: z.number().min(0.001).max(1000),
  priceMinor: z.number().int().min(0).max(100_000_000),
  currency: currencySchema.default('EUR'),
});
/** The whole price list of an account: a save replaces it (an empty list removes it). */
export const carrierPriceListSchema = z.strictObject({ bands: z.array(carrierPriceBandSchema).max(500) });
