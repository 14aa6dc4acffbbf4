import { OUTBOUND_ORDER, type Locale, type OutboundState } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError } from '../../http/app-error.js';
import type { ActivityEntry } from '../billing/index.js';
import { trackedOrders, type TrackedOrder } from '../outbound/index.js';
import { palletObject } from './pallet-shapes.js';
import { palletsRepo } from './pallets.repo.js';
import { palletClosed, resolveOf } from './pallets.service.js';

/** An order on the pallet that may not leave: canceled, cancel requested, finished, already shipped (its state in the user's words). */
const cannotShip = (order: TrackedOrder, locale: Locale) => {
  const state = OUTBOUND_ORDER.stateOf(order.status);
  const status = state ? OUTBOUND_ORDER.states[state].label[locale] : String(order.status);
  return new AppError('PalletOrderCannotShip', { params: { unid: order.unid, status } });
};

/** What the handover needs from the outbound module, handed in by the flow (flows/pallet-handover.flow.ts). */
export interface HandoverOrderPort {
  move(trx: Kysely<DB>, orderId: number, to: OutboundState, note: string): Promise<void>;
}

/**
 * Closes (hands over) a pallet inside the flow's transaction (issue 19 item 4, docs/loading.md):
 * every matched order becomes shipped when all its parcels are on this pallet or on pallets handed
 * over before, partially shipped otherwise. The orders are locked first and decided on what they are
 * now: a number whose order has not passed packing stops the handover (PalletOrderNotPacked), one whose
 * order may not leave at all (canceled, cancel requested, shipped) too (PalletOrderCannotShip); numbers
 * without an order are listed as not matched and do not.
 * Answers the result and the billing activity (parcels and one pallet per merchant).
 */
export async function closePallet(trx: Kysely<DB>, port: HandoverOrderPort, code: string, userId: number, locale: Locale) {
  const pallet = await palletsRepo.byCode(trx, code, { lock: true });
  if (!pallet) throw new AppError('NotFound');
  if (pallet.state !== 'open') throw palletClosed(pallet);
  const rows = await palletsRepo.tracking(trx, pallet.id);
  const orderIds = [
    ...new Set(
      rows
        .map((r) => r.outbound_id)
        .filter((id): id is number => id !== null)
        .map(Number),
    ),
  ].sort((a, b) => a - b);
  // Locked before the decision: a cancel request or a scan committed meanwhile is seen, never overrun.
  const orders = await trackedOrders.byIds(trx, orderIds, { lock: true });
  const loaded = await palletsRepo.loadedParcels(trx, orderIds, pallet.id);
  const shipped: string[] = [];
  const partiallyShipped: string[] = [];
  const billing = new Map<number, number>();
  for (const order of orders) {
    const resolved = resolveOf(order);
    if (resolved.status === 'error') throw cannotShip(order, locale);
    if (resolved.status !== 'resolved') throw new AppError('PalletOrderNotPacked', { params: { unid: order.unid } });
    const onPallets = new Set(loaded.filter((l) => l.outboundId === order.id).map((l) => l.trackingNo));
    const complete = order.parcels.every((p) => onPallets.has(p.toUpperCase()) || onPallets.has(p));
    await port.move(trx, order.id, complete ? 'shipped' : 'partiallyShipped', `handover ${pallet.pallet_code}`);
    (complete ? shipped : partiallyShipped).push(order.unid);
    const parcels = rows.filter((r) => Number(r.outbound_id) === order.id).length;
    billing.set(order.merchantId, (billing.get(order.merchantId) ?? 0) + parcels);
  }
  await palletsRepo.close(trx, pallet.id, userId);
  const activity: ActivityEntry[] = [...billing.entries()].flatMap(([merchantId, parcels]) => [
    { merchantId, kind: 'handover.parcel', quantity: parcels, refType: 'pallet', refId: pallet.pallet_code },
    { merchantId, kind: 'handover.pallet', quantity: 1, refType: 'pallet', refId: pallet.pallet_code },
  ]);
  const closed = (await palletsRepo.byCode(trx, code))!;
  return {
    result: {
      pallet: palletObject(closed),
      shipped,
      partiallyShipped,
      parcels: rows.length,
      unmatched: rows.filter((r) => r.outbound_id === null).length,
    },
    activity,
  };
}
