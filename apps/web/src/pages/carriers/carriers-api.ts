import type { carrierAccountCreateSchema, carrierAccountUpdateSchema, carrierRuleWriteSchema } from '@kontor/contracts/domains/carriers';
import type { z } from 'zod';
import type { ApiData } from '@kontor/contracts/api-responses';
import type { CarrierPrice } from '@kontor/contracts/domains/carriers-responses';
import { newKey } from '../../api/idempotency-key.js';
import { api } from '../../api/request.js';

export type { CarrierAccount, CarrierPrice, CarrierRule } from '@kontor/contracts/domains/carriers-responses';
export type CarrierDriverInfo = ApiData<'GET /v0/carriers/drivers'>[number];
export type CarrierResolution = ApiData<'GET /v0/carriers/orders/:id/resolution'>;

/** What the account editor sends: credentials only where the user typed a new value (docs/carriers.md); a new account names its carrier. */
export type AccountWrite = z.input<typeof carrierAccountUpdateSchema> & Partial<Pick<z.input<typeof carrierAccountCreateSchema>, 'carrier'>>;

/** A rule as the rule editor sends it (the contract's write schema). */
export type RuleWrite = z.input<typeof carrierRuleWriteSchema>;

/**
 * The carriers settings (`/settings/carriers`): drivers, accounts, rules and the resolution of an order.
 * Writes carry an Idempotency-Key, so a repeat after a lost answer creates nothing twice. Field errors come
 * back to the forms (`quiet`).
 */
export const carriersApi = {
  drivers: () => api('GET /v0/carriers/drivers'),
  accounts: () => api('GET /v0/carriers/accounts'),
  createAccount: (data: AccountWrite) => api('POST /v0/carriers/accounts', { data, quiet: true, idempotencyKey: newKey() }),
  updateAccount: (id: number, data: AccountWrite) => api('PUT /v0/carriers/accounts/:id', { path: { id }, data, quiet: true, idempotencyKey: newKey() }),
  deleteAccount: (id: number) => api('DELETE /v0/carriers/accounts/:id', { path: { id }, idempotencyKey: newKey() }),
  prices: (accountId: number) => api('GET /v0/carriers/accounts/:id/prices', { path: { id: accountId } }),
  savePrices: (accountId: number, bands: Array<Omit<CarrierPrice, 'currency'> & { currency: string }>) =>
    api('PUT /v0/carriers/accounts/:id/prices', { path: { id: accountId }, data: { bands }, quiet: true, idempotencyKey: newKey() }),
  rules: () => api('GET /v0/carriers/rules'),
  createRule: (data: RuleWrite) => api('POST /v0/carriers/rules', { data, quiet: true, idempotencyKey: newKey() }),
  updateRule: (id: number, data: RuleWrite) => api('PUT /v0/carriers/rules/:id', { path: { id }, data, quiet: true, idempotencyKey: newKey() }),
  deleteRule: (id: number) => api('DELETE /v0/carriers/rules/:id', { path: { id }, idempotencyKey: newKey() }),
  resolution: (orderId: number) => api('GET /v0/carriers/orders/:id/resolution', { path: { id: orderId }, quiet: true }),
  /** An order by its number, for the resolution check (the order lists' search). */
  findOrder: (unid: string) => api('GET /v0/outbound/lists/orders/', { params: { q: unid, l: 5 } }).then((page) => page.data),
};
