import type { PackMaterialOption } from '@kontor/contracts/domains/packing-responses';
import type { MerchantPackingRules, packEfSchema } from '@kontor/contracts/domains/packing';
import type { z } from 'zod';
import { api } from '../../api/request.js';

export type { MerchantPackingRulesRow, PackEfOrder, PackLabel, PackOutcome } from '@kontor/contracts/domains/packing-responses';
export type { MerchantPackingRules } from '@kontor/contracts/domains/packing';

/** A packing material (`/v0/packing/materials`, items of type 2). */
export type MaterialOption = PackMaterialOption;

/** Refusals that belong to the station's work: shown in its banner, not as faults. */
const STATION_OUTCOMES = [
  'NotFound',
  'OrderNotFound',
  'OrderCanceled',
  'InvalidState',
  'InsufficientStock',
  'ItemNotFound',
  'CheckWeight',
  'AccessoryMissing',
  'AccessoryUnknown',
  'SerialsMissing',
  'WeightRequired',
  'SnPatternMismatch',
  'SnUsed',
  'SnNotDue',
];
const QUIET = { quiet: true, expectedCodes: STATION_OUTCOMES } as const;

/** What the station sends: the contracts' request schema (issue 16 item 5). */
export type EfPackBody = z.input<typeof packEfSchema>;

/** The calls of the merchant-specific station `/wEP/PackScanEF` and of the merchants' packing rules (docs/packing.md). */
export const packEfApi = {
  find: (q: string) => api('GET /v0/packing/ef/find', { params: { q }, ...QUIET }),
  pack: (orderId: number, body: EfPackBody, key: string) =>
    api('POST /v0/packing/ef/orders/:id/pack', { path: { id: orderId }, data: body, idempotencyKey: key, ...QUIET }),
  label: (orderId: number) => api('POST /v0/packing/orders/:id/label', { path: { id: orderId }, ...QUIET }),
  materials: () => api('GET /v0/packing/materials', { quiet: true }).catch(() => [] as MaterialOption[]),
  rules: (merchantId: number) => api('GET /v0/packing/merchant-rules/:id', { path: { id: merchantId } }),
  saveRules: (merchantId: number, body: MerchantPackingRules, key: string) =>
    api('PUT /v0/packing/merchant-rules/:id', { path: { id: merchantId }, data: body, idempotencyKey: key }),
};
