import { describe, expect, it } from 'vitest';
import { retryEach, type RetryOutcome } from './label-retry.js';
import type { LabelPurchase } from './labels-api.js';

const purchase = (orderId: number, complete: boolean): LabelPurchase => ({
  orderId,
  status: complete ? 20 : 23,
  complete,
  errorKind: complete ? null : 'address',
  errorCode: complete ? null : 'CarrierAddress',
  errorText: complete ? '' : 'postal code unknown',
  shipBundle: complete ? `T${orderId}a\nT${orderId}b` : '',
  labels: [],
});

describe('bulk label retry', () => {
  it('tells each order running, then its outcome; a refused request fails only its order', async () => {
    const seen: RetryOutcome[] = [];
    const orders = [1, 2, 3].map((id) => ({ id, unid: `O${id}` }));
    const results = await retryEach(
      orders,
      async (id) => {
        if (id === 3) throw Object.assign(new Error('Not found'), { code: 'NotFound' });
        return purchase(id, id === 1);
      },
      (o) => seen.push(o),
    );
    expect(results.map((r) => [r.orderId, r.state])).toEqual(
      expect.arrayContaining([
        [1, 'done'],
        [2, 'failed'],
        [3, 'failed'],
      ]),
    );
    expect(results.find((r) => r.orderId === 1)).toMatchObject({ tracking: ['T1a', 'T1b'] });
    expect(results.find((r) => r.orderId === 2)).toMatchObject({ code: 'CarrierAddress', text: 'postal code unknown' });
    expect(results.find((r) => r.orderId === 3)).toMatchObject({ code: 'NotFound', text: 'Not found' });
    expect(seen.filter((o) => o.state === 'running')).toHaveLength(3);
  });

  it('runs at most the given number of orders at once', async () => {
    let running = 0;
    let most = 0;
    await retryEach(
      Array.from({ length: 6 }, (_, i) => ({ id: i + 1, unid: String(i) })),
      async (id) => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return purchase(id, true);
      },
      () => undefined,
      2,
    );
    expect(most).toBe(2);
  });
});
