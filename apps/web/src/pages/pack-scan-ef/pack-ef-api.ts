import type { MerchantPackingRules } from '@kontor/contracts/domains/packing';
import type { MerchantPackingRulesRow, PackEfOrder, PackLabel, PackOutcome } from '@kontor/contracts/domains/packing-responses';
import { request } from '../../api/request.js';

export type { MerchantPackingRulesRow, PackEfOrder, PackLabel, PackOutcome } from '@kontor/contracts/domains/packing-responses';
export type { MerchantPackingRules } from '@kontor/contracts/domains/packing';

export interface MaterialOption {
  id: number;
  unid: string;
  name: string;
}

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

export interface EfPackBody {
  station: string;
  parcels: Array<{
    weight: number | null;
    dimensions: { length: number; width: number; height: number } | null;
    materials: Array<{ itemId: number; quantity: number }>;
  }>;
  confirmWeight: boolean;
  serials: Array<{ itemId: number; serial: string }>;
  accessories: string[];
}

/** The calls of the merchant-specific station `/wEP/PackScanEF` and of the merchants' packing rules (docs/packing.md). */
export const packEfApi = {
  find: (q: string) => request<PackEfOrder>({ url: '/v0/packing/ef/find', params: { q }, ...QUIET }),
  pack: (orderId: number, body: EfPackBody, key: string) =>
    request<PackOutcome>({ url: `/v0/packing/ef/orders/${orderId}/pack`, method: 'POST', data: body, idempotencyKey: key, ...QUIET }),
  label: (orderId: number) => request<PackLabel>({ url: `/v0/packing/orders/${orderId}/label`, method: 'POST', ...QUIET }),
  materials: () => request<MaterialOption[]>({ url: '/v0/packing/materials', quiet: true }).catch(() => [] as MaterialOption[]),
  rules: (merchantId: number) => request<MerchantPackingRulesRow>({ url: `/v0/packing/merchant-rules/${merchantId}` }),
  saveRules: (merchantId: number, body: MerchantPackingRules, key: string) =>
    request<MerchantPackingRulesRow>({ url: `/v0/packing/merchant-rules/${merchantId}`, method: 'PUT', data: body, idempotencyKey: key }),
};
