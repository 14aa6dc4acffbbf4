import type { Page } from '@kontor/contracts';
import type {
  PackBatchScanResult,
  PackBatchState,
  PackLabel,
  PackLogRow,
  PackMaterialOption,
  PackOutcome,
  PrepackAssignResult,
  PrepackKey,
} from '@kontor/contracts/domains/packing-responses';
import { request } from '../../api/request.js';

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

export interface SingleScan {
  code: string;
  station: string;
  weight: number | null;
  materials: Array<{ itemId: number; quantity: number }>;
  confirmWeight: boolean;
}

type Materials = Array<{ itemId: number; quantity: number }>;

export const packingApi = {
  findPicklist: (q: string) => request<{ id: number; type: number; unid: string }>({ url: '/v0/p11y/pick/any', params: { q }, ...QUIET }),
  table: (id: number) => request<PackBatchState>({ url: `/v0/packing/batch/${id}`, ...QUIET }),
  tableScan: (id: number, body: { code: string; station: string; materials: Materials }, key: string) =>
    request<PackBatchScanResult>({ url: `/v0/packing/batch/${id}/scan`, method: 'POST', data: body, idempotencyKey: key, ...QUIET }),
  prepackKeys: () => request<PrepackKey[]>({ url: '/v0/packing/pre/keys' }),
  prepack: (body: { key: string; merchantId: number; count: number; station: string; materials: Materials }, key: string) =>
    request<PrepackKey>({ url: '/v0/packing/pre/parcels', method: 'POST', data: body, idempotencyKey: key, ...QUIET }),
  prepackAssign: (body: { order?: string; key?: string; merchantId?: number; station: string }, key: string) =>
    request<PrepackAssignResult>({ url: '/v0/packing/pre/assign', method: 'POST', data: body, idempotencyKey: key, ...QUIET }),
  materials: () => request<MaterialOption[]>({ url: '/v0/packing/materials', quiet: true }).catch(() => [] as MaterialOption[]),
  scanSingle: (body: SingleScan, key: string) =>
    request<PackOutcome>({ url: '/v0/packing/single/scan', method: 'POST', data: body, idempotencyKey: key, ...QUIET }),
  label: (orderId: number) => request<PackLabel>({ url: `/v0/packing/orders/${orderId}/label`, method: 'POST', ...QUIET }),
  log: (params: Record<string, unknown>, signal: AbortSignal) => request<Page<PackLogRow>>({ url: '/v0/packing/log', params, signal }),
  reprint: (id: number) => request<PackLabel>({ url: `/v0/packing/log/${id}/reprint`, method: 'POST' }),
};
