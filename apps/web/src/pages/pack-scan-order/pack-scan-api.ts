import type { PackMaterialOption } from '@kontor/contracts/domains/packing-responses';
import type { P11yPicklist } from '@kontor/contracts/domains/picking-responses';
import { api } from '../../api/request.js';

export type { PackLabel, PackOutcome } from '@kontor/contracts/domains/packing-responses';
export type { P11yPicklist } from '@kontor/contracts/domains/picking-responses';

/** A packing material (`/v0/packing/materials`, items of type 2). */
export type MaterialOption = PackMaterialOption;

/** Refusals that belong to the station's work: shown in its banner, not as faults. */
const STATION_OUTCOMES = ['NotFound', 'OrderCanceled', 'InvalidState', 'InsufficientStock', 'OverPick', 'PicklistClosed', 'ItemNotFound', 'CheckWeight'];
const QUIET = { quiet: true, expectedCodes: STATION_OUTCOMES } as const;

/**
 * The calls of the Pack Scan Order station (facts §3.6, docs/packing.md): the original's picklist calls,
 * item lookup, the order re-read and out-of-stock, and Kontor's pack flow and label step.
 */
export const packScanApi = {
  findPicklist: (q: string) => api('GET /v0/p11y/pick/any', { params: { q }, ...QUIET }),
  picklist: (id: number) => api('GET /v0/p11y/pick/', { params: { q: id }, ...QUIET }),
  savePicklist: (body: P11yPicklist, key: string) => api('PUT /v0/p11y/pick/', { data: body, idempotencyKey: key, ...QUIET }),
  item: (q: string) => api('GET /v0/item/any', { params: { q }, ...QUIET }),
  materials: () => api('GET /v0/packing/materials', { quiet: true }).catch(() => [] as MaterialOption[]),
  order: (id: number) => api('GET /v0/p11yorders/', { params: { q: id }, ...QUIET }),
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
  ) => api('POST /v0/packing/orders/:id/pack', { path: { id: orderId }, data: body, idempotencyKey: key, ...QUIET }),
  label: (orderId: number) => api('POST /v0/packing/orders/:id/label', { path: { id: orderId }, ...QUIET }),
  outOfStock: (orderId: number, key: string) => api('GET /v0/p11yorders/outOfStock', { params: { q: orderId }, idempotencyKey: key, ...QUIET }),
};
