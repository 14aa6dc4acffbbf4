import { z } from 'zod';
import { LOCALES } from '../locale.js';
import { currencySchema } from '../money.js';
import { pageQuerySchema } from '../paging.js';
import { CARRIER_CODES, shipperSchema } from './carriers.js';

/**
 * The carrier gate (issue 17 item 8, docs/carrier-gate.md): gate users (companies that buy labels through
 * Kontor without being warehouse merchants), their API keys, the shipments they buy with a key, and their
 * monthly bills. Requests only; the answers are in carrier-gate-responses.ts.
 */

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().trim().max(max);
const productCode = text(40).regex(/^[A-Za-z0-9_.-]+$/, 'a product code such as V01PAK');

/** A margin in basis points of the carrier cost (1250 = 12.5 %) and a fixed amount per label in cents. */
const marginBp = z.number().int().min(0).max(100_000);
const marginFixed = z.number().int().min(0).max(1_000_000);

export const gateUserCreateSchema = z.strictObject({
  company: text(120).min(1),
  contact: text(120).default(''),
  email: z.union([z.literal(''), z.email().max(160)]).default(''),
  phone: text(40).default(''),
  /** The sender printed on the user's labels unless a shipment names its own. */
  address: shipperSchema,
  marginBp: marginBp.default(0),
  marginFixedMinor: marginFixed.default(0),
  currency: currencySchema.default('EUR'),
  /** Carriers the user may buy from; empty: every carrier. */
  carriers: z.array(z.enum(CARRIER_CODES)).max(10).default([]),
  /** Product codes the user may buy; empty: every product of the allowed carriers. */
  products: z.array(productCode).max(50).default([]),
  active: z.boolean().default(true),
  /** The language of the user's mails (a delivery exception): a gate user has no console to choose one in. */
  language: z.enum(LOCALES).default('en'),
});
export type GateUserCreate = z.infer<typeof gateUserCreateSchema>;
/** What a client sends (defaults may be left out). */
export type GateUserInput = z.input<typeof gateUserCreateSchema>;

export const gateUserUpdateSchema = z.strictObject({
  company: text(120).min(1).optional(),
  contact: text(120).optional(),
  email: z.union([z.literal(''), z.email().max(160)]).optional(),
  phone: text(40).optional(),
  address: shipperSchema.optional(),
  marginBp: marginBp.optional(),
  marginFixedMinor: marginFixed.optional(),
  currency: currencySchema.optional(),
  carriers: z.array(z.enum(CARRIER_CODES)).max(10).optional(),
  products: z.array(productCode).max(50).optional(),
  active: z.boolean().optional(),
  language: z.enum(LOCALES).optional(),
});
export type GateUserUpdate = z.infer<typeof gateUserUpdateSchema>;
export type GateUserPatch = z.input<typeof gateUserUpdateSchema>;

export const gateUserListQuerySchema = pageQuerySchema.extend({
  q: text(120).optional(),
  active: z.enum(['true', 'false']).optional(),
});

export const gateKeyCreateSchema = z.strictObject({ name: text(80).min(1) });

/** One parcel of a gate shipment: kilograms (3 decimals) and optional centimetres. */
export const gateParcelSchema = z.strictObject({
  weightKg: z.number().positive().max(1000),
  lengthCm: z.number().int().positive().max(1000).optional(),
  widthCm: z.number().int().positive().max(1000).optional(),
  heightCm: z.number().int().positive().max(1000).optional(),
});

/** `POST /v0/gate/shipments` (API key): buy the labels of one shipment. */
export const gateShipmentSchema = z.strictObject({
  /** Empty: the gate user's address. */
  sender: shipperSchema.optional(),
  receiver: shipperSchema,
  parcels: z.array(gateParcelSchema).min(1).max(20),
  product: productCode,
  /** Narrows the carrier when several carriers offer the product code. */
  carrier: z.enum(CARRIER_CODES).optional(),
  reference: text(40).default(''),
  format: z.enum(['pdf', 'zpl']).default('pdf'),
});
export type GateShipmentRequest = z.infer<typeof gateShipmentSchema>;

export const gateIdempotencyHeaderSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII'),
});

export const gateShipmentListQuerySchema = z.looseObject({
  gateUserId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  l: z.coerce.number().int().min(1).max(1000).default(100),
});

/** `2026-10`: the month of a bill. */
export const billPeriodSchema = z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'a month such as 2026-10');

export const gateBillBuildSchema = z.strictObject({
  /** Default: last month (Europe/Berlin). */
  period: billPeriodSchema.optional(),
  gateUserId: id.optional(),
});

export const gateBillListQuerySchema = pageQuerySchema.extend({
  gateUserId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  period: billPeriodSchema.optional(),
  status: z.coerce.number().int().min(0).max(1000).optional(),
});
