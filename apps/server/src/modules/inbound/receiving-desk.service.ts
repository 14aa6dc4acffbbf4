import { INBOUND_ORDER } from '@kontor/contracts';
import type { putawaySchema, receivingScanSchema } from '@kontor/contracts/domains/inbound';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { afterCommit } from '../../db/request-transaction.js';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { Places } from '../inventory/index.js';
import { stockTransaction } from '../inventory/index.js';
import type { InboundOrderService } from './inbound-order.service.js';
import { noticeReceiving } from './inbound-notices.js';
import type { PutawayService } from './putaway.service.js';
import type { ReceivingService, ScannedItem } from './receiving.service.js';
import { TenantScope } from '../../db/tenant-scope.js';

const actorOf = (auth: AuthContext) => ({ userId: auth.userId, merchantScope: TenantScope.of(auth) });

/**
 * The receiving desk's use cases (issue 6 §3, issue 16 item 3): scan, undo, complete and putaway.
 * Each one owns its transaction (a stock transaction: deadlock victims are retried), locks the order
 * first, and decides the order's status transition. Its route declares `idempotent`, so a call with
 * an Idempotency-Key runs inside the key's request transaction (http/idempotency.ts) and a retry
 * replays the first answer. Notices to the merchant go out after commit.
 */
export class ReceivingDesk {
  constructor(
    private readonly core: Pick<Core, 'db' | 'realtime' | 'log'>,
    private readonly orders: InboundOrderService,
    private readonly receiving: ReceivingService,
    private readonly putaways: PutawayService,
  ) {}

  /** Counts a scanned item on the order (`POST /v0/r7gorders/:id/scan`). */
  scan(auth: AuthContext, orderId: number, input: z.infer<typeof receivingScanSchema>) {
    return stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, orderId, true);
      return this.receiving.scan(trx, actorOf(auth), order, await scannedItem(trx, order.merchantId, input.code), input);
    });
  }

  /** Takes back a scan not yet booked. */
  undo(auth: AuthContext, orderId: number, scanId: number) {
    return this.core.db.transaction().execute(async (trx) => {
      const order = await this.orders.mustFind(trx, auth, orderId, true);
      return this.receiving.undo(trx, order, scanId);
    });
  }

  /** Books the open scans into staging; the merchant is told once it has committed. */
  async complete(auth: AuthContext, orderId: number, final: boolean) {
    const answer = await stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, orderId, true);
      const { booked } = await this.receiving.complete(trx, actorOf(auth), order, final);
      return { booked, ...(await this.orders.detail(auth, orderId, trx)) };
    });
    if (answer.booked > 0) await afterCommit(() => noticeReceiving(this.core, orderId, final));
    return answer;
  }

  /** Moves received goods from staging into a compartment; the last units put away make a received order inbounded. */
  putaway(auth: AuthContext, orderId: number, input: z.infer<typeof putawaySchema>) {
    return stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, orderId, true);
      const moved = await this.putaways.putaway(trx, actorOf(auth), order, input);
      if (order.status === INBOUND_ORDER.codeOf('received') && (await this.orders.repo.allPutAway(trx, order.id)))
        await this.orders.transition(trx, order, 'inbounded');
      return { moved, ...(await this.orders.detail(auth, orderId, trx)) };
    });
  }
}

/** The scanned code as an item of the order's merchant, read in the scan's transaction. */
async function scannedItem(trx: Kysely<DB>, merchantId: number, code: string): Promise<ScannedItem> {
  const item = (await new Places(trx).itemsByCode(code, TenantScope.merchant(merchantId)))[0];
  if (!item) throw new AppError('ItemNotFound', { params: { code }, fields: [{ field: 'code', message: code }] });
  return item;
}
