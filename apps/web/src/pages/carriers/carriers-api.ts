import type { CarrierAccount, CarrierPrice, CarrierRule } from '@kontor/contracts/domains/carriers-responses';
import type { z } from 'zod';
import type { carrierDriverInfoSchema, carrierResolutionSchema } from '@kontor/contracts/domains/carriers-responses';
import { newKey } from '../../api/idempotency-key.js';
import { request } from '../../api/request.js';

export type { CarrierAccount, CarrierPrice, CarrierRule };
export type CarrierDriverInfo = z.infer<typeof carrierDriverInfoSchema>;
export type CarrierResolution = z.infer<typeof carrierResolutionSchema>;

/** What the account editor sends: credentials only where the user typed a new value (docs/carriers.md). */
export interface AccountWrite {
  name?: string;
  carrier?: string;
  endpoint?: string;
  credentials?: Record<string, string>;
  options?: Record<string, string>;
  shipper?: Record<string, string> | null;
  active?: boolean;
}

export interface RuleWrite {
  merchantId: number | null;
  country: string | null;
  orderCarrier: string;
  orderService: string;
  accountId: number;
  product: string;
  services: string[];
  priority: number;
  exportReason: string;
}

const base = '/v0/carriers';

/**
 * The carriers settings (`/settings/carriers`): drivers, accounts, rules and the resolution of an order.
 * Writes carry an Idempotency-Key, so a repeat after a lost answer creates nothing twice. Field errors come
 * back to the forms (`quiet`).
 */
export const carriersApi = {
  drivers: () => request<CarrierDriverInfo[]>({ url: `${base}/drivers` }),
  accounts: () => request<CarrierAccount[]>({ url: `${base}/accounts` }),
  createAccount: (data: AccountWrite) => request<CarrierAccount>({ url: `${base}/accounts`, method: 'POST', data, quiet: true, idempotencyKey: newKey() }),
  updateAccount: (id: number, data: AccountWrite) =>
    request<CarrierAccount>({ url: `${base}/accounts/${id}`, method: 'PUT', data, quiet: true, idempotencyKey: newKey() }),
  deleteAccount: (id: number) => request<null>({ url: `${base}/accounts/${id}`, method: 'DELETE', idempotencyKey: newKey() }),
  prices: (accountId: number) => request<CarrierPrice[]>({ url: `${base}/accounts/${accountId}/prices` }),
  savePrices: (accountId: number, bands: Array<Omit<CarrierPrice, 'currency'> & { currency: string }>) =>
    request<CarrierPrice[]>({ url: `${base}/accounts/${accountId}/prices`, method: 'PUT', data: { bands }, quiet: true, idempotencyKey: newKey() }),
  rules: () => request<CarrierRule[]>({ url: `${base}/rules` }),
  createRule: (data: RuleWrite) => request<CarrierRule>({ url: `${base}/rules`, method: 'POST', data, quiet: true, idempotencyKey: newKey() }),
  updateRule: (id: number, data: RuleWrite) => request<CarrierRule>({ url: `${base}/rules/${id}`, method: 'PUT', data, quiet: true, idempotencyKey: newKey() }),
  deleteRule: (id: number) => request<null>({ url: `${base}/rules/${id}`, method: 'DELETE', idempotencyKey: newKey() }),
  resolution: (orderId: number) => request<CarrierResolution>({ url: `${base}/orders/${orderId}/resolution`, quiet: true }),
  /** An order by its number, for the resolution check (the order lists' search). */
  findOrder: (unid: string) =>
    request<{ data: Array<{ id: number; unid: string; carrier: string; consigneeCountry: string; merchantName: string }> }>({
      url: '/v0/outbound/lists/orders/',
      params: { q: unid, l: 5 },
    }).then((page) => page.data),
};
