import type { Page } from '@kontor/contracts';
import type { ReturnRecord } from '@kontor/contracts/domains/returns-responses';
import { ApiError } from '../../api/errors.js';
import { api, request } from '../../api/request.js';

/**
 * A return as `GET /v0/r7greceiving/` answers it (docs/returns.md): the original's field names, with
 * `items` and `image` as JSON inside a string. The type is the contract's (issue 16 item 5).
 */
export type { ReturnRecord } from '@kontor/contracts/domains/returns-responses';

/** One item line as it travels; the server may add what it knows (SKU, name, compartment code). */
export interface WireLine {
  itemId: string | number;
  itemBatch?: string;
  qty: number;
  valid: number;
  remark?: string;
  compartmentGUID?: string | number;
  sku?: string;
  unid?: string;
  name?: string;
  itemName?: string;
  compartmentName?: string;
  compartmentCode?: string;
}

/** A line in the console: the wire fields plus what is shown (SKU, name, compartment code). */
export interface DraftLine {
  key: string;
  itemId: string;
  itemBatch: string;
  qty: number;
  valid: number;
  remark: string;
  compartmentGUID: string;
  sku: string;
  name: string;
  compartment: string;
}

/** The return being edited: the record with its lines and photo addresses parsed. */
export interface ReturnDraft {
  id: number;
  shipSN: string;
  originSN: string;
  originShipSN: string;
  originCountry: string;
  agentGUID: string;
  merchantName: string;
  businessType: number;
  type: number;
  status: number;
  note: string;
  itemStrOrigin: string;
  dispose: string;
  lines: DraftLine[];
  photos: string[];
  createdAt: string;
  finDate: string;
}

/** Before inbound the original stores `0001-01-01T00:00:00Z`: no date. */
export const realDate = (value: string | null | undefined) => (value && !value.startsWith('0001-') ? value : '');

let lineCounter = 0;
export const lineKey = () => `l${++lineCounter}`;

export function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return (value as T) ?? fallback;
  if (!value.trim()) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

export const wireLines = (record: Pick<ReturnRecord, 'items'>): WireLine[] => {
  const lines = parseJson<WireLine[]>(record.items, []);
  return Array.isArray(lines) ? lines : [];
};

/** The pieces of a return, for the list. */
export const piecesOf = (record: Pick<ReturnRecord, 'items'>) => wireLines(record).reduce((sum, line) => sum + (Number(line.qty) || 0), 0);

export function toDraft(record: ReturnRecord): ReturnDraft {
  const image = parseJson<{ img?: Array<{ url?: string }> }>(record.image, { img: [] });
  return {
    id: record.id,
    shipSN: record.shipSN ?? '',
    originSN: record.originSN ?? '',
    originShipSN: record.originShipSN ?? '',
    originCountry: record.originCountry ?? '',
    agentGUID: record.agentGUID ?? '',
    merchantName: record.merchantName ?? '',
    businessType: record.businessType ?? 2,
    type: record.type ?? 0,
    status: record.status ?? 0,
    note: record.note ?? '',
    itemStrOrigin: record.itemStrOrigin ?? '',
    dispose: record.dispose ?? '',
    lines: wireLines(record).map((line) => ({
      key: lineKey(),
      itemId: String(line.itemId),
      itemBatch: line.itemBatch ?? '',
      qty: Number(line.qty) || 0,
      valid: Number(line.valid ?? 1),
      remark: line.remark ?? '',
      compartmentGUID: line.compartmentGUID === undefined || line.compartmentGUID === null ? '' : String(line.compartmentGUID),
      sku: line.sku ?? line.unid ?? '',
      name: line.name ?? line.itemName ?? '',
      compartment: line.compartmentName ?? line.compartmentCode ?? '',
    })),
    photos: (image?.img ?? []).map((p) => p?.url ?? '').filter(Boolean),
    createdAt: record.createdAt ?? '',
    finDate: realDate(record.finDate),
  };
}

/** A new return for a scanned parcel number, as the original drafts it (facts §3.9). */
export const newDraft = (shipSN: string): ReturnDraft => ({
  id: 0,
  shipSN,
  originSN: '',
  originShipSN: '',
  originCountry: '',
  agentGUID: '',
  merchantName: '',
  businessType: 2,
  type: 1,
  status: 0,
  note: '',
  itemStrOrigin: '',
  dispose: '',
  lines: [],
  photos: [],
  createdAt: '',
  finDate: '',
});

/** The lines as the server takes them: JSON text, without what the console only shows. */
export const linesText = (lines: DraftLine[]) =>
  JSON.stringify(
    lines.map((l) => ({
      itemId: l.itemId,
      itemBatch: l.itemBatch,
      qty: l.qty,
      valid: l.valid,
      remark: l.remark,
      ...(l.compartmentGUID ? { compartmentGUID: l.compartmentGUID } : {}),
    })),
  );

/** The whole record as POST and PUT take it. */
export const toBody = (d: ReturnDraft) => ({
  ...(d.id ? { id: d.id } : {}),
  shipSN: d.shipSN.trim(),
  originSN: d.originSN.trim(),
  originShipSN: d.originShipSN.trim(),
  originCountry: d.originCountry.trim().toUpperCase(),
  agentGUID: d.agentGUID,
  businessType: d.businessType,
  type: d.type,
  note: d.note,
  items: linesText(d.lines),
  image: d.photos.length ? JSON.stringify({ img: d.photos.map((url) => ({ url })) }) : '',
  itemStrOrigin: d.itemStrOrigin,
  dispose: d.dispose,
});

/** SKUs of the original order (`SKU:qty:SKU:qty`), for the warning on an item it did not contain. */
export function originSkus(itemStrOrigin: string): Set<string> {
  const parts = itemStrOrigin.split(':').map((p) => p.trim());
  return new Set(
    parts
      .filter((_, i) => i % 2 === 0)
      .filter(Boolean)
      .map((s) => s.toUpperCase()),
  );
}

/** The list answers `next` as the last id (0 at the end); the paging hook takes a cursor or null. */
const QUIET = { quiet: true } as const;

export const returnsApi = {
  list: async (params: Record<string, unknown>, signal?: AbortSignal): Promise<Page<ReturnRecord>> => {
    const page = await api('GET /v0/r7greceiving/list', { params, signal });
    return { ...page, data: page.data ?? [], next: page.next ? String(page.next) : null };
  },
  get: (id: number) => api('GET /v0/r7greceiving/', { params: { q: id }, ...QUIET }),
  /** The return with exactly this parcel number (facts §3.9: through the list search), or null. */
  async byShipSN(shipSN: string): Promise<ReturnRecord | null> {
    const page = await api('GET /v0/r7greceiving/list', { params: { q: shipSN, l: 100 }, ...QUIET });
    const rows = page.data ?? [];
    return rows.find((r) => r.shipSN === shipSN) ?? rows.find((r) => r.shipSN?.toUpperCase() === shipSN.toUpperCase()) ?? null;
  },
  create: (body: ReturnType<typeof toBody>) => api('POST /v0/r7greceiving/', { data: body, ...QUIET }),
  update: (body: ReturnType<typeof toBody>) => api('PUT /v0/r7greceiving/', { data: body, ...QUIET }),
  inbound: (id: number, items: string, key: string) => api('POST /v0/r7greceiving/inbound', { data: { id, items }, idempotencyKey: key, ...QUIET }),
  cancel: (id: number) => api('POST /v0/r7greceiving/cancel', { data: { id }, ...QUIET }),
  /** Scans are answered in the screen's banner with a sound, not as toasts. */
  item: (code: string) => api('GET /v0/item/any', { params: { q: code }, ...QUIET }),
  compartment: (code: string) => api('GET /v0/compartment/any', { params: { q: code }, ...QUIET }),
  /** SKU and name of a stored line's item; none when the session may not read it. */
  itemById: (id: string) =>
    request<{ sku: string; name: string }>({ url: `/v0/items/${encodeURIComponent(id)}`, ...QUIET, expectedCodes: ['NotFound', 'NoPermission'] }).catch(
      () => null,
    ),
  /** The ledger rows an inbound wrote (reference `return` / shipSN). */
  ledger: (shipSN: string) =>
    request<Page<{ itemId: number; sku: string; compartmentId: number; compartmentCode: string }>>({
      url: '/v0/inventorylog/',
      params: { refType: 'return', refId: shipSN, l: 500 },
      ...QUIET,
    }).then((page) => page.data),
  compartmentById: (id: string) =>
    request<{ code: string }>({ url: `/v0/compartments/${encodeURIComponent(id)}`, ...QUIET, expectedCodes: ['NotFound', 'NoPermission'] }).catch(() => null),
};

/** The server's words for a refusal, with the fields it names (`items.0.compartmentGUID: …`). */
export function errorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const fields = Object.entries(err.fields)
    .filter(([, message]) => !err.message.includes(message))
    .map(([field, message]) => (message.includes(field) ? message : `${field}: ${message}`));
  return [err.message, ...fields].filter(Boolean).join(' · ');
}
