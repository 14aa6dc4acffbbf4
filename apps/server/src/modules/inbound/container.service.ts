import { CONTAINER, INBOUND_ORDER, type ContainerState } from '@kontor/contracts';
import type { containerStatusSchema } from '@kontor/contracts/domains/inbound';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { audit } from '../admin/index.js';
import { containerRepo } from './container.repo.js';
import { InboundRepo } from './inbound.repo.js';

const inboundRepo = new InboundRepo();

/**
 * Container status (issue 6 §2). When a container arrives, the inbound orders it carries that are
 * still ready to inbound or in transit become receipt pending: receiving the container receives them.
 */
export async function changeContainerStatus(core: Pick<Core, 'db'>, auth: AuthContext, id: number, input: z.infer<typeof containerStatusSchema>) {
  return core.db.transaction().execute(async (trx) => {
    const { status, orders } = await moveContainer(trx, id, input.status);
    await audit(trx, auth, 'update', 'container', id, { status }, { status: CONTAINER.codeOf(input.status), ordersReceiptPending: orders });
    return { id, status: CONTAINER.codeOf(input.status), ordersReceiptPending: orders };
  });
}

/** Moves a container through its status table in the caller's transaction; an arrival makes its orders receipt pending. */
export async function moveContainer(trx: Kysely<DB>, id: number, to: ContainerState): Promise<{ status: number; orders: number }> {
  const status = await containerRepo.lockStatus(trx, id);
  if (status === undefined) throw new AppError('NotFound');
  if (!CONTAINER.can(status, to))
    throw new AppError('InvalidState', {
      fields: [ruleError('status', 'transition', { from: CONTAINER.stateOf(status) ?? status, to })],
    });
  const stamp = to === 'arrived' ? 'arrived_at' : to === 'unloaded' ? 'unloaded_at' : null;
  await containerRepo.setStatus(trx, id, CONTAINER.codeOf(to), stamp);
  return { status, orders: to === 'arrived' ? await receiptPending(trx, id) : 0 };
}

/** The container's orders still ready to inbound or in transit become receipt pending, each through the status table. */
async function receiptPending(trx: Kysely<DB>, containerId: number): Promise<number> {
  const to = INBOUND_ORDER.codeOf('receiptPending');
  const orders = await containerRepo.lockOrders(trx, containerId, INBOUND_ORDER.codes('readyToInbound', 'inTransit'));
  const moving = orders.filter((o) => INBOUND_ORDER.can(o.status, 'receiptPending'));
  for (const order of moving) await inboundRepo.setStatus(trx, order.id, to);
  return moving.length;
}
