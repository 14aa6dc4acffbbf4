import type { PackLabel, PackOutcome } from '@kontor/contracts/domains/packing-responses';
import type { P11yPicklist } from '@kontor/contracts/domains/picking-responses';
import { request } from '../../api/request.js';

export type { PackLabel, PackOutcome } from '@kontor/contracts/domains/packing-responses';
export type { P11yPicklist } from '@kontor/contracts/domains/picking-responses';

export interface MaterialOption {
  id: number;
  unid: string;
  name: string;
}

/** Refusals that belong to the station's work: shown in its banner, not as faults. */
const STATION_OUTCOMES = ['NotFound', 'OrderCanceled', 'InvalidState', 'InsufficientStock', 'OverPick', 'PicklistClosed', 'ItemNotFound', 'CheckWeight'];
const QUIET = { quiet: true, expectedCodes: STATION_OUTCOMES } as const;

/**
 * The calls of the Pack Scan Order station (facts §3.6, docs/packing.md): the original's picklist calls,
 * item lookup, the order re-read and out-of-stock, and Kontor's pack flow and label step.
 */
export const packScanApi = {
  findPicklist: (q: string) => request<{ id: number; type: number; unid: string }>({ url: '/v0/p11y/pick/any', params: { q }, ...QUIET }),
  picklist: (id: number) => request<P11yPicklist>({ url: '/v0/p11y/pick/', params: { q: id }, ...QUIET }),
  savePicklist: (body: P11yPicklist, key: string) => request<null>({ url: '/v0/p11y/pick/', method: 'PUT', data: body, idempotencyKey: key, ...QUIET }),
  item: (q: string) => request<{ guid: string; unid: string }>({ url: '/v0/item/any', params: { q }, ...QUIET }),
  materials: () => request<MaterialOption[]>({ url: '/v0/packing/materials', quiet: true }).catch(() => [] as MaterialOption[]),
  order: (id: number) => request<{ id: number; status: number }>({ url: '/v0/p11yorders/', params: { q: id }, ...QUIET }),
  pack: (
    orderId: number,
    body: {
      station: string;
      parcels: Array<{
        weight: number | null;
        dimensions: { length: number; width: number; height: number } | null;
        materials: Array<{ itemId: number; quantity: number }>;
      }>;
      confirmWeight: boolean;
    },
    key: string,
  ) => request<PackOutcome>({ url: `/v0/packing/orders/${orderId}/pack`, method: 'POST', data: body, idempotencyKey: key, ...QUIET }),
  label: (orderId: number) => request<PackLabel>({ url: `/v0/packing/orders/${orderId}/label`, method: 'POST', ...QUIET }),
  outOfStock: (orderId: number, key: string) => request<null>({ url: '/v0/p11yorders/outOfStock', params: { q: orderId }, idempotencyKey: key, ...QUIET }),
};
