import { OUTBOUND_ORDER } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { stateOf, type OrderStatusService } from './order-status.service.js';
import type { OutboundRepo } from './outbound.repo.js';
import { TenantScope } from '../../db/tenant-scope.js';

/**
 * What a booked return means for the order it came from (issue 6 §5): the original order becomes
 * "retour received" once every unit it held has come back, "partially retour received" before that.
 * Runs in the return's transaction. An order in a state the table does not allow it from (a return
 * of an order that never shipped, say) keeps its status; the return is booked all the same.
 */
export class RetourService {
  constructor(
    private readonly repo: OutboundRepo,
    private readonly status: OrderStatusService,
  ) {}

  /**
   * `unitsBack` counts the units of the merchant's inbounded returns naming one of the given order
   * numbers (the returns module answers it: the flow passes it in, outbound reads no returns table).
   */
  async returnInbounded(
    trx: Kysely<DB>,
    input: { merchantId: number; originSN: string; userId: number; returnSN: string },
    unitsBack: (originSNs: string[]) => Promise<number>,
  ): Promise<void> {
    if (!input.originSN) return;
    const hit = await this.repo.orderByOriginSN(trx, input.merchantId, input.originSN);
    if (!hit) return;
    const order = (await this.repo.order(trx, Number(hit.id), TenantScope.all, { lock: true }))!;
    const back = await unitsBack([order.unid, input.originSN]);
    const target = back >= hit.units ? 'retourReceived' : 'partiallyRetourReceived';
    if (stateOf(order) === target || !OUTBOUND_ORDER.can(order.status, target)) return;
    await this.status.move(trx, { userId: input.userId, merchantScope: TenantScope.all }, order, target, { action: 'return', note: input.returnSN });
  }
}
