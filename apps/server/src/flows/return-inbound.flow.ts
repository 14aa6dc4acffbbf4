import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { AuthContext } from '../http/access.js';
import type { RetourService } from '../modules/outbound/retour.service.js';
import type { ReturnLine } from '@kontor/contracts/domains/returns';
import type { ReturnsService } from '../modules/returns/returns.service.js';

/**
 * Booking a return spans two modules in one transaction (issue 6 §5): the return's lines go into
 * stock and, when the parcel belongs to one of the merchant's outbound orders, that order becomes
 * (partially) retour received.
 */
export async function inboundReturn(
  trx: Kysely<DB>,
  deps: { returns: ReturnsService; retour: RetourService },
  auth: AuthContext,
  id: number,
  lines: ReturnLine[],
) {
  const booked = await deps.returns.inbound(trx, auth, id, lines);
  await deps.retour.returnInbounded(trx, {
    merchantId: Number(booked.merchantId),
    originSN: String(booked.originSN ?? ''),
    userId: auth.userId,
    returnSN: String(booked.shipSN ?? ''),
  });
  return booked;
}
