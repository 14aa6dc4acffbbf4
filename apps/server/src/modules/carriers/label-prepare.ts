import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { labelOrders, type LabelOrderRow } from '../outbound/index.js';
import { productFor, type CarrierAccountsService } from './accounts.service.js';
import { CarrierError } from './driver.js';
import { checkWeight, consigneeOf, customsOf, customsShares, parcelCount, parcelSpecs, shipperOf, zoneOf } from './label-plan.js';
import type { Prepared } from './label-purchaser.js';
import { labelsRepo, type LabelRow } from './labels.repo.js';

export interface BuyOptions {
  /** Force ship label (issue 17 item 3, admin): buy although the order waits in an exception. */
  force?: boolean;
  format?: 'pdf' | 'zpl';
}

/** No carrier account serves the order (the purchase is refused with `config`). */
export class NotConfigured extends Error {}

/** Every label the order needs: one per parcel, and one return label when autoRetourLabel is set. */
export function neededLabels(order: LabelOrderRow): Array<{ index: number; isReturn: boolean }> {
  const out = Array.from({ length: parcelCount(order) }, (_, index) => ({ index, isReturn: false }));
  if (order.autoRetourLabel) out.push({ index: 0, isReturn: true });
  return out;
}

/**
 * Step 1 of a purchase, inside its transaction: the order's account, product, customs and weights
 * checked, and its label rows reused, reopened or added, each with its own key (docs/carriers.md).
 */
export async function planPurchase(
  accounts: CarrierAccountsService,
  trx: Kysely<DB>,
  order: LabelOrderRow,
  live: LabelRow[],
  needed: Array<{ index: number; isReturn: boolean }>,
  options: BuyOptions,
): Promise<Prepared> {
  const country = order.consignee.country ?? '';
  const resolution = await accounts.resolve(trx, { ...order, country });
  if (!resolution) throw new NotConfigured();
  const shipper = shipperOf(order, resolution.shipper);
  const zone = zoneOf(shipper.country, country);
  const product = productFor(resolution.driver, resolution.product, zone);
  if (!product || !product.zones.includes(zone))
    throw new CarrierError('service', `${resolution.product || resolution.driver.code} does not ship to ${country}`, { retryable: false });
  const consignee = consigneeOf(order);
  const customs = zone === 'world' ? customsOf(order, await labelOrders.customsLines(trx, order.id), shipper.country, resolution.exportReason) : undefined;
  const weights = new Map(
    parcelSpecs(
      order,
      needed.map((n) => ({ index: n.index, key: '' })),
    ).map((spec, i) => [needed[i]!.index, spec.weightKg]),
  );
  checkWeight(
    product,
    [...weights.values()].map((weightKg) => ({ key: '', weightKg })),
  );
  // Each outbound parcel declares its own units, refused here (before any row or call) when it cannot.
  const shares = customs
    ? customsShares(
        customs,
        Array.from({ length: parcelCount(order) }, (_, i) => weights.get(i) ?? 0),
      )
    : undefined;
  // Rows: bought ones are reused, failed ones asked for again under their key, missing ones added.
  const failed = live.filter((l) => l.state === 'failed').map((l) => Number(l.id));
  await labelsRepo.reopen(trx, failed);
  const missing = needed.filter((n) => !live.some((l) => l.parcel_index === n.index && l.is_return === n.isReturn));
  let generation = await labelsRepo.generation(trx, order.id);
  await labelsRepo.insert(
    trx,
    missing.map((n) => ({
      orderId: order.id,
      merchantId: order.merchantId,
      parcelIndex: n.index,
      isReturn: n.isReturn,
      key: `${order.unid}-L${++generation}`,
      accountId: resolution.accountId,
      carrier: resolution.driver.code,
      product: n.isReturn ? (product.returnProduct ?? product.code) : product.code,
      weightKg: weights.get(n.index) ?? 0,
      format: options.format ?? 'pdf',
    })),
  );
  const rows = await labelsRepo.live(trx, order.id);
  const ours = (r: LabelRow) => failed.includes(Number(r.id)) || missing.some((m) => m.index === r.parcel_index && m.isReturn === r.is_return);
  const services = [...new Set([...resolution.services, ...order.deliveryServices.filter((s) => product.services.includes(s))])];
  return {
    kind: 'buy',
    order,
    driver: resolution.driver,
    request: {
      account: resolution.config,
      services,
      shipper,
      consignee,
      // A label swap names the other shipper's tracking number, so the relabelled parcel can be matched.
      reference: order.labelSwap && order.parcels[0]?.trackingNo ? `${order.unid} ${order.parcels[0].trackingNo}` : order.unid,
      ...(customs ? { customs } : {}),
      format: options.format ?? 'pdf',
    },
    product: product.code,
    returnProduct: product.returnProduct ?? product.code,
    ...(shares ? { customsShares: shares } : {}),
    pending: rows.filter((r) => r.state === 'pending' && ours(r)),
    uncertain: rows.filter((r) => r.state === 'uncertain'),
    busy: rows.some((r) => r.state === 'pending' && !ours(r)),
  };
}
