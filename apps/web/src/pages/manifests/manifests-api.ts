import { api } from '../../api/request.js';

export type { Manifest, ManifestDay, ManifestGroup, ManifestParcel } from '@kontor/contracts/domains/manifests-responses';

/** The end-of-day manifests' calls (issue 19 item 4, docs/manifests.md). */
export const manifestsApi = {
  day: (day?: string) => api('GET /v0/wms/manifests', day ? { params: { day } } : {}),
  close: (day: string, accountKey: string) => api('POST /v0/wms/manifests/close', { data: { day, accountKey } }),
  pdfUrl: (id: number) => `/v0/wms/manifests/${id}/manifest.pdf`,
  csvUrl: (id: number) => `/v0/wms/manifests/${id}/manifest.csv`,
};
