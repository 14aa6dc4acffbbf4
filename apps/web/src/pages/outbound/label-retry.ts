import type { LabelPurchase } from './labels-api.js';

/** One order's outcome of a bulk label retry, as the progress list shows it. */
export type RetryOutcome =
  | { orderId: number; unid: string; state: 'waiting' | 'running' }
  | { orderId: number; unid: string; state: 'done'; tracking: string[] }
  | { orderId: number; unid: string; state: 'failed'; code: string | null; text: string };

/** How a purchase answer reads: complete with its tracking numbers, or failed with the carrier's reason. */
export function outcomeOf(order: { id: number; unid: string }, purchase: LabelPurchase): RetryOutcome {
  if (purchase.complete) return { orderId: order.id, unid: order.unid, state: 'done', tracking: purchase.shipBundle.split('\n').filter(Boolean) };
  return { orderId: order.id, unid: order.unid, state: 'failed', code: purchase.errorCode, text: purchase.errorText };
}

/**
 * Runs `work` for each order, `parallel` at a time, telling each order's outcome as it lands. Each order
 * is its own request: one refused order (another user's, cancelled meanwhile) does not stop the others,
 * and the list fills in while the carriers answer.
 */
export async function retryEach(
  orders: ReadonlyArray<{ id: number; unid: string }>,
  work: (orderId: number) => Promise<LabelPurchase>,
  onOutcome: (outcome: RetryOutcome) => void,
  parallel = 2,
): Promise<RetryOutcome[]> {
  const results: RetryOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < orders.length) {
      const order = orders[next++]!;
      onOutcome({ orderId: order.id, unid: order.unid, state: 'running' });
      let outcome: RetryOutcome;
      try {
        outcome = outcomeOf(order, await work(order.id));
      } catch (err) {
        const e = err as { code?: string; message?: string };
        outcome = { orderId: order.id, unid: order.unid, state: 'failed', code: e.code ?? null, text: e.message ?? '' };
      }
      results.push(outcome);
      onOutcome(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, orders.length) }, worker));
  return results;
}
