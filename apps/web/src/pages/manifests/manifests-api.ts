import type { Manifest, ManifestDay, ManifestGroup, ManifestParcel } from '@kontor/contracts/domains/manifests-responses';
import { request } from '../../api/request.js';

export type { Manifest, ManifestDay, ManifestGroup, ManifestParcel };

/** The end-of-day manifests' calls (issue 19 item 4, docs/manifests.md). */
export const manifestsApi = {
  day: (day?: string) => request<ManifestDay>({ url: day ? `/v0/wms/manifests?day=${encodeURIComponent(day)}` : '/v0/wms/manifests' }),
  close: (day: string, accountKey: string) => request<Manifest>({ url: '/v0/wms/manifests/close', method: 'POST', data: { day, accountKey } }),
  pdfUrl: (id: number) => `/v0/wms/manifests/${id}/manifest.pdf`,
  csvUrl: (id: number) => `/v0/wms/manifests/${id}/manifest.csv`,
};
