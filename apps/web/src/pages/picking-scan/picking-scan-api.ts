import type { PackMaterialOption } from '@kontor/contracts/domains/packing-responses';
import type { P11yPicklist } from '@kontor/contracts/domains/picking-responses';
import { api } from '../../api/request.js';
import type { PrintRow } from './pick-scan-state.js';

export type { P11yPicklist } from '@kontor/contracts/domains/picking-responses';

/** A packing material (`/v0/packing/materials`, items of type 2). */
export type MaterialOption = PackMaterialOption;

/** Refusals that belong to scanning: shown in the station's banner, not as faults. */
const QUIET = {
  quiet: true,
  expectedCodes: ['NotFound', 'OverPick', 'LabelsTaken', 'PicklistClosed', 'NoPermission', 'InsufficientStock', 'ItemNotFound', 'OrderCanceled'],
};

/** The calls of the picking scan (facts §3.6 Pick Scan Batch; docs/picking.md "Picking scan"). */
export const pickingScanApi = {
  find: (q: string) => api('GET /v0/p11y/pick/any', { params: { q }, ...QUIET }),
  read: (id: number) => api('GET /v0/p11y/pick/', { params: { q: id }, ...QUIET }),
  item: (q: string) => api('GET /v0/picking/item', { params: { q }, ...QUIET }),
  materials: () => api('GET /v0/packing/materials', { quiet: true }).catch(() => [] as MaterialOption[]),
  /** Buys (the carrier gate packs the orders first) and answers the merged PDF's URL. */
  labels: (rows: PrintRow[], key: string) => api('POST /v0/order/batchPrintLabel', { data: rows, idempotencyKey: key, ...QUIET }),
  reprint: (rows: PrintRow[]) => api('POST /v0/order/printShipmentLabelAtScan', { data: rows, ...QUIET }),
  save: (picklist: P11yPicklist, key: string) => api('PUT /v0/p11y/pick/', { data: picklist, idempotencyKey: key, ...QUIET }),
  station: () =>
    api('GET /v0/print/station', { quiet: true })
      .then((s) => s.online)
      .catch(() => false),
};
