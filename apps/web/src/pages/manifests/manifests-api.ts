import { api } from '../../api/request.js';

export type { HandoverActivity, Manifest, ManifestDay, ManifestGroup, ManifestParcel } from '@kontor/contracts/domains/manifests-responses';

/** The end-of-day manifests' calls (issue 19 item 4, docs/manifests.md). */
export const manifestsApi = {
  day: (day?: string) => api('GET /v0/wms/manifests', day ? { params: { day } } : {}),
  close: (day: string, accountKey: string) => api('POST /v0/wms/manifests/close', { data: { day, accountKey } }),
  pdfUrl: (id: number) => `/v0/wms/manifests/${id}/manifest.pdf`,
  csvUrl: (id: number) => `/v0/wms/manifests/${id}/manifest.csv`,
  /** The day's handover per merchant, as billed (issue 19 item 8). */
  activity: (day: string) => api('GET /v0/wms/manifests/activity', { params: { day } }),
  activityCsvUrl: (day: string) => `/v0/wms/manifests/activity.csv?day=${encodeURIComponent(day)}`,
};
