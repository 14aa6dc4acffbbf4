import { z } from 'zod';
import { LOCALES } from '../locale.js';
import { pageOf, wireTime } from '../responses/wire.js';
import { recordTimes } from '../responses/fields.js';
import { CARRIER_CODES, PARCEL_LABEL_STATES } from './carriers.js';
import { storedShipperSchema } from './carriers-responses.js';
import { trackingEventSchema } from './tracking-responses.js';

/** Answers of the carrier gate routes (docs/carrier-gate.md). A key is answered once, when it is made. */

export const gateUserSchema = z.object({
  id: z.number(),
  company: z.string(),
  contact: z.string(),
  email: z.string(),
  phone: z.string(),
  address: storedShipperSchema,
  marginBp: z.number(),
  marginFixedMinor: z.number(),
  currency: z.string(),
  carriers: z.array(z.enum(CARRIER_CODES)),
  products: z.array(z.string()),
  active: z.boolean(),
  /** The language of the user's mails. */
  language: z.enum(LOCALES),
  /** Keys not revoked. */
  activeKeys: z.number(),
  /** Labels bought and not voided. */
  labels: z.number(),
  ...recordTimes,
});
export type GateUser = z.infer<typeof gateUserSchema>;

export const gateKeySchema = z.object({
  id: z.number(),
  gateUserId: z.number(),
  name: z.string(),
  /** The first characters of the key, so a user can tell keys apart. */
  prefix: z.string(),
  createdAt: wireTime,
  lastUsedAt: wireTime.nullable(),
  revokedAt: wireTime.nullable(),
});
export type GateKey = z.infer<typeof gateKeySchema>;

/** A new key: `key` is shown this once and stored only as its hash. */
export const gateKeyCreatedSchema = gateKeySchema.extend({ key: z.string() });

/**
 * Where a gate parcel is, by the carrier's latest word (docs/carrier-gate.md "Tracking"); null until the
 * carrier says more than "label created". Not a Kontor workflow: it follows the carrier, an exception
 * included (a parcel re-routed after an exception is in transit again).
 */
export const GATE_DELIVERY_STATES = ['in_transit', 'in_delivery', 'delivered', 'exception'] as const;
export type GateDeliveryState = (typeof GATE_DELIVERY_STATES)[number];

export const gateParcelLabelSchema = z.object({
  id: z.number(),
  parcelIndex: z.number(),
  state: z.enum(PARCEL_LABEL_STATES),
  trackingNumber: z.string(),
  weightKg: z.number(),
  costMinor: z.number().nullable(),
  currency: z.string().nullable(),
  errorKind: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorText: z.string(),
  deliveryState: z.enum(GATE_DELIVERY_STATES).nullable(),
  /** The time of the parcel's latest carrier event. */
  lastEventAt: wireTime.nullable(),
  /** The parcel's carrier events, newest first. */
  events: z.array(trackingEventSchema),
});

export const gateShipmentSchema = z.object({
  id: z.number(),
  gateUserId: z.number(),
  company: z.string(),
  idempotencyKey: z.string(),
  reference: z.string(),
  carrier: z.string(),
  product: z.string(),
  /** bought: every parcel has its label; failed: none (the carrier refused); pending: still open; voided. */
  state: z.enum(['pending', 'bought', 'failed', 'voided']),
  trackingNumbers: z.array(z.string()),
  /** The labels of every parcel as one PDF (API key or console session), null until bought. */
  labelUrl: z.string().nullable(),
  parcels: z.array(gateParcelLabelSchema),
  createdAt: wireTime,
});
export type GateShipment = z.infer<typeof gateShipmentSchema>;

export const gateBillLineSchema = z.object({
  id: z.number(),
  labelId: z.number(),
  shipmentId: z.number(),
  reference: z.string(),
  trackingNumber: z.string(),
  carrier: z.string(),
  product: z.string(),
  boughtAt: wireTime,
  costMinor: z.number(),
  marginMinor: z.number(),
  amountMinor: z.number(),
});

export const gateBillSchema = z.object({
  id: z.number(),
  gateUserId: z.number(),
  company: z.string(),
  period: z.string(),
  currency: z.string(),
  status: z.number(),
  lineCount: z.number(),
  costMinor: z.number(),
  marginMinor: z.number(),
  totalMinor: z.number(),
  createdAt: wireTime,
  updatedAt: wireTime,
  issuedAt: wireTime.nullable(),
  version: z.number(),
});
export type GateBill = z.infer<typeof gateBillSchema>;

export const gateBillDetailSchema = gateBillSchema.extend({ lines: z.array(gateBillLineSchema) });
export type GateBillDetail = z.infer<typeof gateBillDetailSchema>;

export const carrierGateResponses = {
  'GET /v0/carriergate/users': pageOf(gateUserSchema),
  'POST /v0/carriergate/users': gateUserSchema,
  'PUT /v0/carriergate/users/:id': gateUserSchema,
  'GET /v0/carriergate/users/:id/keys': z.array(gateKeySchema),
  'POST /v0/carriergate/users/:id/keys': gateKeyCreatedSchema,
  'POST /v0/carriergate/keys/:id/revoke': gateKeySchema,
  'GET /v0/carriergate/shipments': z.array(gateShipmentSchema),
  'POST /v0/carriergate/shipments/:id/void': gateShipmentSchema,
  'GET /v0/carriergate/bills': pageOf(gateBillSchema),
  'GET /v0/carriergate/bills/:id': gateBillDetailSchema,
  'POST /v0/carriergate/bills/build': z.array(gateBillSchema),
  'POST /v0/carriergate/bills/:id/issue': gateBillSchema,
  'POST /v0/gate/shipments': gateShipmentSchema,
  'GET /v0/gate/shipments/:id': gateShipmentSchema,
  'POST /v0/gate/shipments/:id/void': gateShipmentSchema,
} satisfies Record<string, z.ZodType>;
