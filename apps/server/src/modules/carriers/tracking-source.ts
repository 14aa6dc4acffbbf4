import type { Kysely } from 'kysely';
import { TenantScope } from '../../db/tenant-scope.js';
import type { DB } from '../../db/types.js';
import { isSandboxTrackingNumber } from './drivers/sandbox/tracking-number.js';
import { carrierDriver } from './drivers/index.js';
import { labelsRepo } from './labels.repo.js';

/** Whom to ask about an order's parcels: the carrier code and, when a label was bought, its account. */
export interface TrackingSource {
  carrier: string;
  accountId: number | null;
}

/**
 * The carrier (and account) that tracks each order's parcels (issue 19 item 5): the account its
 * outgoing labels were bought with; else the sandbox when every number is a sandbox number; else the
 * order's carrier field when Kontor has that driver (tracked with the carrier's first active account).
 * Orders with none of these are absent from the answer: nobody can be asked about them.
 */
export async function trackingSources(
  db: Kysely<DB>,
  orders: Array<{ id: number; carrier: string; trackingNumbers: string[] }>,
): Promise<Map<number, TrackingSource>> {
  const labels = await labelsRepo.liveOfOrders(
    db,
    orders.map((o) => o.id),
    TenantScope.all,
  );
  const answer = new Map<number, TrackingSource>();
  for (const label of labels) {
    if (label.state === 'bought' && !label.is_return && !answer.has(Number(label.order_id)))
      answer.set(Number(label.order_id), { carrier: label.carrier, accountId: Number(label.account_id) });
  }
  for (const order of orders) {
    if (answer.has(order.id)) continue;
    const named = order.carrier.trim().toLowerCase();
    if (order.trackingNumbers.length > 0 && order.trackingNumbers.every(isSandboxTrackingNumber)) answer.set(order.id, { carrier: 'sandbox', accountId: null });
    else if (carrierDriver(named)) answer.set(order.id, { carrier: named, accountId: null });
  }
  return answer;
}
