import type { Page } from '@kontor/contracts';
import type { PackLabel, PackLogRow, PackOutcome } from '@kontor/contracts/domains/packing-responses';
import { request } from '../../api/request.js';

export type { PackLabel, PackLogRow, PackOutcome } from '@kontor/contracts/domains/packing-responses';

/** A packing material for the picker (`/v0/packing/materials`, items of type 2). */
export interface MaterialOption {
  id: number;
  unid: string;
  name: string;
}

/** Refusals that are part of packing at a station: shown in the station's banner, not as faults. */
const STATION_OUTCOMES = ['CheckWeight', 'NoOrderToPack', 'ItemNotFound', 'OrderCanceled', 'InsufficientStock', 'InvalidState'];
const QUIET = { quiet: true, expectedCodes: STATION_OUTCOMES } as const;

export interface SingleScan {
  code: string;
  station: string;
  weight: number | null;
  materials: Array<{ itemId: number; quantity: number }>;
  confirmWeight: boolean;
}

export const packingApi = {
  materials: () => request<MaterialOption[]>({ url: '/v0/packing/materials', quiet: true }).catch(() => [] as MaterialOption[]),
  scanSingle: (body: SingleScan, key: string) =>
    request<PackOutcome>({ url: '/v0/packing/single/scan', method: 'POST', data: body, idempotencyKey: key, ...QUIET }),
  label: (orderId: number) => request<PackLabel>({ url: `/v0/packing/orders/${orderId}/label`, method: 'POST', ...QUIET }),
  log: (params: Record<string, unknown>, signal: AbortSignal) => request<Page<PackLogRow>>({ url: '/v0/packing/log', params, signal }),
  reprint: (id: number) => request<PackLabel>({ url: `/v0/packing/log/${id}/reprint`, method: 'POST' }),
};
