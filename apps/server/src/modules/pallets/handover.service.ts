import type { OutboundState } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError } from '../../http/app-error.js';
import type { ActivityEntry } from '../billing/index.js';
import { trackedOrders } from '../outbound/index.js';
import { palletObject } from './pallet-shapes.js';
import { palletsRepo } from './pallets.repo.js';
import { palletClosed, resolveOf } from './pallets.service.js';

/** What the handover needs from the outbound module, handed in by the flow (flows/pallet-handover.flow.ts). */
export interface HandoverOrderPort {
  move(trx: Kysely<DB>, orderId: number, to: OutboundState, note: string): Promise<void>;
}

/**
 * Closes (hands over) a pallet inside the flow's transaction (issue 19 item 4, docs/loading.md):
 * every matched order becomes shipped when all its parcels are on this pallet or on pallets handed
 * over before, partially shipped otherwise. A number whose order has not passed packing stops the
 * handover (PalletOrderNotPacked); numbers without an order are listed as not matched and do not.
 * Answers the result and the billing activity (parcels and one pallet per merchant).
 */
export async function closePallet(trx: Kysely<DB>, port: HandoverOrderPort, code: string, userId: number) {
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
  const orders = await trackedOrders.byIds(trx, orderIds);
  const loaded = await palletsRepo.loadedParcels(trx, orderIds, pallet.id);
  const shipped: string[] = [];
  const partiallyShipped: string[] = [];
  const billing = new Map<number, number>();
  for (const order of orders) {
    const resolved = resolveOf(order);
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
