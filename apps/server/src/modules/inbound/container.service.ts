import { CONTAINER, INBOUND_ORDER } from '@kontor/contracts';
import type { containerStatusSchema } from '@kontor/contracts/domains/inbound';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit } from '../admin/audit.js';

/**
 * Container status (issue 6 §2). When a container arrives, the inbound orders it carries that are
 * still ready to inbound or in transit become receipt pending: receiving the container receives them.
 */
export async function changeContainerStatus(core: Pick<Core, 'db'>, auth: AuthContext, id: number, input: z.infer<typeof containerStatusSchema>) {
  return core.db.transaction().execute(async (trx) => {
    const found = await sql<{ status: number }>`select status from containers where id = ${id} for update`.execute(trx);
    const container = found.rows[0];
    if (!container) throw new AppError('NotFound');
    if (!CONTAINER.can(container.status, input.status))
      throw new AppError('InvalidState', {
        fields: [ruleError('status', 'transition', { from: CONTAINER.stateOf(container.status) ?? container.status, to: input.status })],
      });
    const stamp = input.status === 'arrived' ? sql`, arrived_at = now()` : input.status === 'unloaded' ? sql`, unloaded_at = now()` : sql``;
    await sql`update containers set status = ${CONTAINER.codeOf(input.status)}, updated_at = now(), version = version + 1${stamp} where id = ${id}`.execute(
      trx,
    );
    let orders = 0;
    if (input.status === 'arrived') {
      const from = INBOUND_ORDER.codes('readyToInbound', 'inTransit');
      const moved = await sql`update inbound_orders set status = ${INBOUND_ORDER.codeOf('receiptPending')}, updated_at = now(), version = version + 1
        where container_id = ${id} and status in (${sql.join(from)})`.execute(trx);
      orders = Number(moved.numAffectedRows ?? 0);
    }
    await audit(trx, auth, 'update', 'container', id, { status: container.status }, { status: CONTAINER.codeOf(input.status), ordersReceiptPending: orders });
    return { id, status: CONTAINER.codeOf(input.status), ordersReceiptPending: orders };
  });
}
