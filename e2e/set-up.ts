import { expect } from '@playwright/test';
import { testOrderBody } from '../packages/contracts/test-support/order-body.js';
import type { Call } from './session-api.js';

/**
 * The data the browser walks start from, made through the API (never the UI): orders, items with
 * stock, status walks. Each call checks its answer, so a set-up that fails says so where it fails.
 */

/** A merchant's id by its code (C001 is merchant A, C002 merchant B). */
export async function merchantIdOf(call: Call, code: string): Promise<number> {
  const merchants = (await call('GET', '/v0/merchants/opts')).data as Array<{ id: number; code: string }>;
  return merchants.find((m) => m.code === code)!.id;
}

/** An outbound order: a DHL parcel of one unit to Erika Muster in Berlin, unless `order` says otherwise. */
export async function createOrder(call: Call, order: Record<string, unknown>): Promise<{ id: number; unid: string; status: number }> {
  // A consignee in `order` replaces the test consignee as a whole.
  const created = await call('POST', '/v0/outbound/orders', testOrderBody(order));
  expect(created.code, JSON.stringify(created)).toBe('OK');
  return created.data as { id: number; unid: string; status: number };
}

/** Takes an order through these states one by one (staff's manual status change). */
export async function moveOrder(call: Call, id: number, states: string[]): Promise<void> {
  for (const to of states) expect((await call('POST', `/v0/outbound/orders/${id}/status`, { to })).code, to).toBe('OK');
}

/** A new item of the merchant with `quantity` units found in a compartment (A-01-03 unless told). */
export async function stockedItem(call: Call, item: { sku: string; name: string; merchantId: number; weight: number; quantity: number; compartment?: string }) {
  const created = await call('POST', '/v0/items/', { sku: item.sku, name: item.name, merchantId: item.merchantId, weight: item.weight });
  expect(created.code).toBe('OK');
  const adjust = { itemId: created.data.id, compartment: item.compartment ?? 'A-01-03', delta: item.quantity, reasonCode: 'found' };
  expect((await call('POST', '/v0/inventory/adjust', adjust, `adj-${item.sku}`)).code).toBe('OK');
  return created.data as { id: number };
}

/** A code no other test (nor a repeat of this one) uses: the prefix, the time and a random tail. */
export const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
    .toString(36)
    .toUpperCase()}`;

/**
 * A pick compartment of DE01 in a zone of its own. Items stocked there (`stockedItem(…, { compartment })`)
 * reserve their orders' units there, so a picklist made with `rules.zone` takes this test's orders and no
 * other's: the browser tests run on two workers against one server, and a wave without a zone takes every
 * ready-to-pick order, another test's too (docs/testing.md "Browser tests' own data").
 */
export async function ownZone(call: Call): Promise<{ zone: string; compartment: string }> {
  const warehouses = (await call('GET', '/v0/warehouses/?l=10')).data.data as Array<{ id: number; code: string }>;
  const zone = uniqueCode('Z');
  const created = await call('POST', '/v0/compartments/', {
    warehouseId: warehouses.find((w) => w.code === 'DE01')!.id,
    code: `${zone}-01`,
    zone,
    kind: 'pick',
  });
  expect(created.code, JSON.stringify(created)).toBe('OK');
  return { zone, compartment: `${zone}-01` };
}
