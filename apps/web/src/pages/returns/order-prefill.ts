import type { ApiData } from '@kontor/contracts/api-responses';
import { api } from '../../api/request.js';
import { parseJson } from './returns-api.js';

/** What the original order gives a new draft (facts §3.9). */
export interface OrderPrefill {
  originSN: string;
  agentGUID: string;
  originShipSN: string;
  originCountry: string;
  itemStrOrigin: string;
}

/** An outbound order as the handheld's order list answers it (facts §2.3). */
type OrderRow = ApiData<'GET /v0/p11yorders/list'>['data'][number];

/** `SKU:qty:SKU:qty` from an order's items, whatever of `{sku|unid, qty}` they carry. */
function itemString(order: OrderRow): string {
  const items = parseJson<Array<{ sku?: string; unid?: string; qty?: number; quantity?: number }>>(order.items, []);
  if (!Array.isArray(items)) return '';
  return items
    .map((i) => [i.sku ?? i.unid, i.qty ?? i.quantity])
    .filter(([sku]) => !!sku)
    .map(([sku, qty]) => `${sku}:${qty ?? 1}`)
    .join(':');
}

/**
 * The original outbound order of a parcel number: the exact match on a tracking number, shipSN,
 * retourSN, unid or originSN, else the only row. A user who may not read orders gets no prefill and no toast.
 */
export async function orderPrefill(code: string): Promise<OrderPrefill | null> {
  try {
    const page = await api('GET /v0/p11yorders/list', { params: { q: code }, quiet: true, expectedCodes: ['NotFound', 'NoPermission'] });
    const rows = page.data;
    const same = (v?: string) => !!v && v.toUpperCase() === code.toUpperCase();
    const tracking = (r: OrderRow) => (r.shipBundle ?? '').split('\n').filter(Boolean);
    const order =
      rows.find((r) => same(r.shipSN) || same(r.retourSN) || same(r.unid) || same(r.originSN) || tracking(r).some(same)) ??
      (rows.length === 1 ? rows[0] : undefined);
    if (!order) return null;
    const original = [order.shipSN, ...tracking(order)].find((t) => t && !same(t)) ?? '';
    return {
      originSN: order.unid ?? '',
      agentGUID: order.agentGUID ?? '',
      originShipSN: original,
      originCountry: order.recCountry ?? '',
      itemStrOrigin: itemString(order),
    };
  } catch {
    return null;
  }
}
