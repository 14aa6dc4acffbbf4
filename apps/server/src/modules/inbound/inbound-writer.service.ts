import type { ContainerState, InboundOrderState } from '@kontor/contracts';
import { inboundOrderCreateSchema, type InboundOrderCreate } from '@kontor/contracts/domains/inbound';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { records } from '../resources/index.js';
import { moveContainer } from './container.service.js';
import { InboundOrderService } from './inbound-order.service.js';

/**
 * Inbound announcements written by the server itself in the caller's transaction (issue 16 item 1: the
 * demo), with the rules of the screens — references and lines checked, statuses through the status
 * tables — but without a session, so without an audit row.
 */
export const inboundWriter = {
  /** A container (as the container screen creates it, announced), moved on to `state`. */
  async createContainer(db: Kysely<DB>, body: Record<string, unknown>, state: ContainerState = 'announced'): Promise<number> {
    const id = await records.create(db, 'container', body);
    if (state !== 'announced') await moveContainer(db, id, state);
    return id;
  },

  /** An inbound order of the merchant (as it announces one, ready to inbound), moved on to `state`. */
  async createOrder(db: Kysely<DB>, merchantId: number, input: InboundOrderCreate, state: InboundOrderState = 'readyToInbound'): Promise<number> {
    const orders = new InboundOrderService({ db });
    const { id } = await orders.write(db, merchantId, inboundOrderCreateSchema.parse(input));
    if (state !== 'readyToInbound') await orders.transition(db, (await orders.repo.order(db, id, TenantScope.all, true))!, state);
    return id;
  },
};
