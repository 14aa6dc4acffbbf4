import { OUTBOUND_ORDER } from '@kontor/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { stateOf, type OrderStatusService } from './order-status.service.js';
import type { OutboundRepo } from './outbound.repo.js';

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

  async returnInbounded(trx: Kysely<DB>, input: { merchantId: number; originSN: string; userId: number; returnSN: string }): Promise<void> {
    if (!input.originSN) return;
    const found = await sql<{ id: number; units: number }>`select id, total_units as units from outbound_orders
      where merchant_id = ${input.merchantId} and (unid = ${input.originSN} or ref_order_id = ${input.originSN}) and deleted_at is null
      order by (unid = ${input.originSN}) desc, id desc limit 1`.execute(trx);
    const hit = found.rows[0];
    if (!hit) return;
    const order = (await this.repo.order(trx, Number(hit.id), null, { lock: true }))!;
    const back = await sql<{ units: number }>`select coalesce(sum((line->>'qty')::int), 0)::int as units
      from returns r cross join lateral jsonb_array_elements(r.items) as line
      where r.merchant_id = ${input.merchantId} and r.status = 100 and r.origin_sn in (${order.unid}, ${input.originSN})`.execute(trx);
    const target = Number(back.rows[0]?.units ?? 0) >= Number(hit.units) ? 'retourReceived' : 'partiallyRetourReceived';
    if (stateOf(order) === target || !OUTBOUND_ORDER.can(order.status, target)) return;
    await this.status.move(trx, { userId: input.userId, merchantScope: null }, order, target, { action: 'return', note: input.returnSN });
  }
}
