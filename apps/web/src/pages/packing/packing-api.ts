import type { packBatchScanSchema, packSingleScanSchema, prepackAssignSchema, prepackCreateSchema } from '@kontor/contracts/domains/packing';
import type { PackMaterialOption } from '@kontor/contracts/domains/packing-responses';
import type { z } from 'zod';
import { api } from '../../api/request.js';

export type {
  PackBatchScanResult,
  PackBatchState,
  PackLabel,
  PackLogRow,
  PackOutcome,
  PrepackAssignResult,
  PrepackKey,
} from '@kontor/contracts/domains/packing-responses';

/** A packing material for the picker (`/v0/packing/materials`, items of type 2). */
export type MaterialOption = PackMaterialOption;

/** Refusals that are part of packing at a station: shown in the station's banner, not as faults. */
const STATION_OUTCOMES = [
  'CheckWeight',
  'NoOrderToPack',
  'ItemNotFound',
  'OrderCanceled',
  'OrderNotFound',
  'InsufficientStock',
  'InvalidState',
  'NotFound',
  'PicklistClosed',
  'PackScanTypeMismatch',
  'ItemOfOtherMerchant',
  'ItemNotInPicklist',
  'NothingLeftToScan',
  'NoPrepackedParcel',
  'PrepackTooMany',
  'PrepackKeyUnknown',
];
const QUIET = { quiet: true, expectedCodes: STATION_OUTCOMES } as const;

/** What the stations send: the contracts' request schemas (issue 16 item 5). */
export type SingleScan = z.input<typeof packSingleScanSchema>;

export const packingApi = {
  findPicklist: (q: string) => api('GET /v0/p11y/pick/any', { params: { q }, ...QUIET }),
  table: (id: number) => api('GET /v0/packing/batch/:id', { path: { id }, ...QUIET }),
  tableScan: (id: number, body: z.input<typeof packBatchScanSchema>, key: string) =>
    api('POST /v0/packing/batch/:id/scan', { path: { id }, data: body, idempotencyKey: key, ...QUIET }),
  prepackKeys: () => api('GET /v0/packing/pre/keys'),
  prepack: (body: z.input<typeof prepackCreateSchema>, key: string) => api('POST /v0/packing/pre/parcels', { data: body, idempotencyKey: key, ...QUIET }),
  prepackAssign: (body: z.input<typeof prepackAssignSchema>, key: string) => api('POST /v0/packing/pre/assign', { data: body, idempotencyKey: key, ...QUIET }),
  materials: () => api('GET /v0/packing/materials', { quiet: true }).catch(() => [] as MaterialOption[]),
  scanSingle: (body: SingleScan, key: string) => api('POST /v0/packing/single/scan', { data: body, idempotencyKey: key, ...QUIET }),
  label: (orderId: number) => api('POST /v0/packing/orders/:id/label', { path: { id: orderId }, ...QUIET }),
  log: (params: Record<string, unknown>, signal: AbortSignal) => api('GET /v0/packing/log', { params, signal }),
  reprint: (id: number) => api('POST /v0/packing/log/:id/reprint', { path: { id } }),
};
