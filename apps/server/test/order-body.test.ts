import { describe, expect, it } from 'vitest';
import { outboundOrderCreateSchema } from '@kontor/contracts/domains/outbound';
import { orderBody } from './helpers/orders.js';
import { TEST_CONSIGNEE, testOrderBody } from '../../../packages/contracts/test-support/order-body.js';

describe("the tests' order body (one builder for API and browser tests)", () => {
  it('is an order the contract accepts once it has lines', () => {
    expect(outboundOrderCreateSchema.safeParse(testOrderBody({ lines: [{ sku: 'SKU-B', quantity: 1 }] })).success).toBe(true);
    expect(orderBody()).toEqual(testOrderBody({ lines: [{ sku: 'SKU-B', quantity: 1 }] }));
  });

  it('the browser tests replace the consignee as a whole; the API suites lay its fields over the default', () => {
    const consignee = { name1: 'Max Mustermann', country: 'AT' };
    expect(testOrderBody({ consignee }).consignee).toEqual(consignee);
    expect(orderBody({ consignee }).consignee).toEqual({ ...TEST_CONSIGNEE, ...consignee });
    expect(orderBody({ carrier: 'UPS', lines: [] })).toMatchObject({ carrier: 'UPS', lines: [], consignee: TEST_CONSIGNEE });
  });
});
