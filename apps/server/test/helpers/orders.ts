import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * A parcel order of one SKU-B to Erika Muster in Berlin, made through the API by a merchant's session,
 * for the suites that then put it where their flow starts (packed, shipped, in transit…). `remark`
 * tells the orders apart; `carrier` is the one the order asks for.
 */
export async function createParcelOrder(t: TestApp, token: string, options: { carrier: string; remark: string }): Promise<{ id: number; unid: string }> {
  const created = await t.call({
    method: 'POST',
    url: '/v0/outbound/orders',
    token,
    payload: {
      typeOfTask: 'B2C',
      modeOfTransport: 'parcel',
      pickupDate: '2026-12-01',
      unitQty: 1,
      weight: 0.5,
      consignee: { name1: 'Erika Muster', streetName: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', country: 'DE' },
      carrier: options.carrier,
      remark: options.remark,
      lines: [{ sku: 'SKU-B', quantity: 1 }],
    },
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe('OK');
  const { id, unid } = created.body.data as { id: number; unid: string };
  return { id, unid };
}
