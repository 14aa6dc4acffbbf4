import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { recordTimes } from '../responses/fields.js';
import { CARRIER_CODES, EXPORT_REASONS, PARCEL_LABEL_STATES } from './carriers.js';

/** Answers of the carriers routes (docs/carriers.md). No answer carries a credential: `credentialsSet` names them. */

export const carrierProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  maxWeightKg: z.number(),
  zones: z.array(z.enum(['domestic', 'eu', 'world'])),
  services: z.array(z.string()),
  returnProduct: z.string().optional(),
});

/** A stored shipper address (fields left empty when written are absent). */
export const storedShipperSchema = z.object({
  name1: z.string(),
  name2: z.string().optional(),
  street: z.string(),
  streetNumber: z.string().optional(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string().optional(),
  email: z.string().optional(),
});

export const carrierDriverInfoSchema = z.object({
  code: z.enum(CARRIER_CODES),
  products: z.array(carrierProductSchema),
  credentialFields: z.array(z.string()),
  optionFields: z.array(z.string()),
  defaultEndpoint: z.string(),
});

export const carrierAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  carrier: z.enum(CARRIER_CODES),
  endpoint: z.string(),
  /** Names of the secret fields that hold a value; the values never leave the server. */
  credentialsSet: z.array(z.string()),
  options: z.record(z.string(), z.string()),
  shipper: storedShipperSchema.nullable(),
  active: z.boolean(),
  ...recordTimes,
});
export type CarrierAccount = z.infer<typeof carrierAccountSchema>;

export const carrierRuleSchema = z.object({
  id: z.number(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  country: z.string().nullable(),
  orderCarrier: z.string(),
  orderService: z.string(),
  accountId: z.number(),
  accountName: z.string(),
  carrier: z.enum(CARRIER_CODES),
  product: z.string(),
  services: z.array(z.string()),
  priority: z.number(),
  exportReason: z.enum(EXPORT_REASONS),
  ...recordTimes,
});
export type CarrierRule = z.infer<typeof carrierRuleSchema>;

/** What an order resolves to: the account (no credentials), the product and services. */
export const carrierResolutionSchema = z.object({
  ruleId: z.number().nullable(),
  accountId: z.number(),
  accountName: z.string(),
  carrier: z.enum(CARRIER_CODES),
  product: z.string(),
  services: z.array(z.string()),
});

export const parcelLabelSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  parcelIndex: z.number(),
  isReturn: z.boolean(),
  accountId: z.number(),
  carrier: z.string(),
  product: z.string(),
  state: z.enum(PARCEL_LABEL_STATES),
  trackingNumber: z.string(),
  format: z.string(),
  weightKg: z.number(),
  costMinor: z.number().nullable(),
  currency: z.string().nullable(),
  errorKind: z.string().nullable(),
  /** The error catalogue code of `errorKind` (the web words it in the user's language). */
  errorCode: z.string().nullable(),
  errorText: z.string(),
  labelUrl: z.string().nullable(),
  createdAt: wireTime,
  boughtAt: wireTime.nullable(),
  voidedAt: wireTime.nullable(),
});
export type ParcelLabel = z.infer<typeof parcelLabelSchema>;

/** The outcome of buying an order's labels: every live label, and the order's status afterwards. */
export const labelPurchaseSchema = z.object({
  orderId: z.number(),
  status: z.number(),
  complete: z.boolean(),
  errorKind: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorText: z.string(),
  shipBundle: z.string(),
  labels: z.array(parcelLabelSchema),
});
export type LabelPurchase = z.infer<typeof labelPurchaseSchema>;

/** A band of an account's price list, lightest first per product. */
export const carrierPriceSchema = z.object({ product: z.string(), maxWeightKg: z.number(), priceMinor: z.number(), currency: z.enum(['EUR', 'USD']) });
export type CarrierPrice = z.infer<typeof carrierPriceSchema>;

export const carriersResponses = {
  'GET /v0/carriers/drivers': z.array(carrierDriverInfoSchema),
  'GET /v0/carriers/accounts': z.array(carrierAccountSchema),
  'POST /v0/carriers/accounts': carrierAccountSchema,
  'PUT /v0/carriers/accounts/:id': carrierAccountSchema,
  'DELETE /v0/carriers/accounts/:id': z.null(),
  'GET /v0/carriers/accounts/:id/prices': z.array(carrierPriceSchema),
  'PUT /v0/carriers/accounts/:id/prices': z.array(carrierPriceSchema),
  'GET /v0/carriers/rules': z.array(carrierRuleSchema),
  'POST /v0/carriers/rules': carrierRuleSchema,
  'PUT /v0/carriers/rules/:id': carrierRuleSchema,
  'DELETE /v0/carriers/rules/:id': z.null(),
  'GET /v0/carriers/orders/:id/resolution': carrierResolutionSchema,
  'GET /v0/carriers/orders/:id/labels': z.array(parcelLabelSchema),
  /** The live (not voided) labels of several orders, for the per-carrier order lists. */
  'GET /v0/carriers/labels': z.array(parcelLabelSchema),
  'POST /v0/carriers/orders/:id/labels': labelPurchaseSchema,
  'POST /v0/carriers/labels/:id/void': parcelLabelSchema,
  'POST /v0/carriers/queue/retry': z.array(labelPurchaseSchema),
  /** facts §2.8: the URL of one merged PDF, `files=[]` when nothing could be printed. */
  'POST /v0/order/batchPrintLabel': z.string(),
  'POST /v0/order/printShipmentLabelAtScan': z.string(),
  'GET /v0/utils/labelSNBase64': z.object({ base64: z.string() }),
} satisfies Record<string, z.ZodType>;
