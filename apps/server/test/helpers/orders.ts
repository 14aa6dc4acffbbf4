import { TEST_CONSIGNEE, testOrderBody } from '../../../../packages/contracts/test-support/order-body.js';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * The body of `POST /v0/outbound/orders` the suites send: the tests' order (contracts' test-support) of
 * one SKU-B. `order` sets or replaces any field; its `consignee` fields are laid over the default
 * consignee.
 */
export function orderBody(order: Record<string, unknown> & { consignee?: Record<string, string> } = {}): Record<string, unknown> {
  const { consignee, ...fields } = order;
  return testOrderBody({ lines: [{ sku: 'SKU-B', quantity: 1 }], ...fields, consignee: { ...TEST_CONSIGNEE, ...consignee } });
}

/**
 * A parcel order of one SKU-B to Erika Muster in Berlin, made through the API by a merchant's session,
 * for the suites that then put it where their flow starts (packed, shipped, in transit…). `remark`
 * tells the orders apart; `carrier` is the one the order asks for.
 */
export async function createParcelOrder(t: TestApp, token: string, options: { carrier: string; remark: string }): Promise<{ id: number; unid: string }> {
  const created = await t.call({ method: 'POST', url: '/v0/outbound/orders', token, payload: orderBody({ carrier: options.carrier, remark: options.remark }) });
  expect(created.body.code, JSON.stringify(created.body)).toBe('OK');
  const { id, unid } = created.body.data as { id: number; unid: string };
  return { id, unid };
}
