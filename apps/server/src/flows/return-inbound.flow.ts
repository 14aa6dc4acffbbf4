import type { ReturnLine } from '@kontor/contracts/domains/returns';
import type { Core } from '../core.js';
import { afterCommit } from '../db/request-transaction.js';
import type { AuthContext } from '../http/access.js';
import { stockTransaction } from '../modules/inventory/index.js';
import { outboundServices } from '../modules/outbound/index.js';
import { noticeReturn, returnsServices } from '../modules/returns/index.js';

/**
 * Booking a return spans two modules in one transaction (issue 6 §5): the return's lines go into
 * stock and, when the parcel belongs to one of the merchant's outbound orders, that order becomes
 * (partially) retour received. The flow owns the transaction (a stock transaction: deadlock victims
 * are retried); its route declares `idempotent`, so a retry with the same key replays the answer.
 * The merchant is told after commit.
 */
export async function inboundReturn(core: Core, auth: AuthContext, id: number, lines: ReturnLine[]) {
  const { returns } = returnsServices(core);
  const { retour } = outboundServices(core);
  const booked = await stockTransaction(core.db, async (trx) => {
    const saved = await returns.inbound(trx, auth, id, lines);
    const merchantId = Number(saved.merchantId);
    await retour.returnInbounded(
      trx,
      { merchantId, originSN: String(saved.originSN ?? ''), userId: auth.userId, returnSN: String(saved.shipSN ?? '') },
      (originSNs) => returns.unitsReturned(trx, merchantId, originSNs),
    );
    return saved;
  });
  await afterCommit(() => noticeReturn(core, booked));
  return booked;
}
