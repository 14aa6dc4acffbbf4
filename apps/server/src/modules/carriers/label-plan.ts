import type { CustomsLineRow, LabelOrderRow } from '../outbound/index.js';
import { CarrierError, type CarrierAddress, type CarrierProductDef, type CustomsData, type ParcelSpec } from './driver.js';

/**
 * The rules checked before a carrier is called (issue 17 item 3): how many parcels, what each weighs,
 * the destination's zone, the product's weight limit and the customs data of non-EU destinations. Pure
 * functions: a refusal is a CarrierError of the kind the label queue shows, thrown before anything is bought.
 */

/** The EU customs union (ISO 3166-1 alpha-2); a destination outside it needs customs data. */
const EU = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '));

export type Zone = CarrierProductDef['zones'][number];

export function zoneOf(shipperCountry: string, destination: string): Zone {
  if (destination === shipperCountry) return 'domestic';
  return EU.has(destination) ? 'eu' : 'world';
}

/** One parcel per parcel row of the order (a label swap relabels exactly those), else per box, at least one. */
export function parcelCount(order: LabelOrderRow): number {
  if (order.labelSwap) return Math.max(1, order.parcels.length);
  return Math.max(1, order.parcels.length, order.boxQty);
}

/** Each parcel's weight: its own where the order lists it, else the order's weight shared evenly (kg, 3 decimals). */
export function parcelSpecs(order: LabelOrderRow, keys: Array<{ index: number; key: string }>): ParcelSpec[] {
  const count = parcelCount(order);
  const even = Math.round((order.weightKg / count) * 1000) / 1000;
  return keys.map(({ index, key }) => {
    const parcel = order.parcels[index];
    const dims = parcel?.dimensions ?? (count === 1 ? order.dimensions : null);
    return {
      key,
      weightKg: parcel?.weight ?? Math.max(even, 0.001),
      ...(dims ? { lengthCm: dims.length, widthCm: dims.width, heightCm: dims.height } : {}),
    };
  });
}

export function checkWeight(product: CarrierProductDef, parcels: ParcelSpec[]): void {
  const heavy = parcels.find((p) => p.weightKg > product.maxWeightKg);
  if (heavy)
    throw new CarrierError('weight', `${heavy.weightKg} kg is above the ${product.maxWeightKg} kg of ${product.name}`, { retryable: false, field: 'weight' });
}

/**
 * Customs lines from the order's lines and their items; a line without a value or currency refuses the
 * label. The export reason is the resolved rule's (sold goods unless the rule says otherwise).
 */
export function customsOf(order: LabelOrderRow, lines: CustomsLineRow[], shipperCountry: string, exportReason = 'COMMERCIAL_GOODS'): CustomsData {
  if (lines.length === 0) throw new CarrierError('customs', 'the order has no lines to declare', { retryable: false, field: 'lines' });
  const missing = lines.find((l) => l.valueMinor === null || !l.currency);
  if (missing) throw new CarrierError('customs', `no customs value for ${missing.sku}`, { retryable: false, field: 'customsValue' });
  return {
    exportType: exportReason,
    invoiceNo: order.refOrderId || order.unid,
    lines: lines.map((l) => ({
      description: l.name.slice(0, 50) || l.sku,
      quantity: l.quantity,
      valueMinor: l.valueMinor!,
      currency: l.currency!,
      weightKg: l.weightKg ?? 0,
      ...(l.hsCode ? { hsCode: l.hsCode } : {}),
      originCountry: l.originCountry || shipperCountry,
    })),
  };
}

/** The order's consignee as a carrier needs it; a missing street, zip or city refuses the label. */
export function consigneeOf(order: LabelOrderRow): CarrierAddress {
  const c = order.consignee;
  const address: CarrierAddress = {
    name1: c.name1 ?? '',
    ...(c.name2 ? { name2: c.name2 } : {}),
    street: c.streetName ?? '',
    streetNumber: c.streetNumber ?? '',
    ...(c.addition ? { addition: c.addition } : {}),
    zip: c.zip ?? '',
    city: c.city ?? '',
    country: c.country ?? '',
    ...(c.phone ? { phone: c.phone } : {}),
    ...(c.email ? { email: c.email } : {}),
  };
  const empty = (['name1', 'street', 'zip', 'city', 'country'] as const).find((f) => !address[f]);
  if (empty) throw new CarrierError('address', `the consignee has no ${empty}`, { retryable: false, field: `consignee.${empty}` });
  return address;
}

/** The account's shipper, else the order's sender (a merchant shipping under its own name). */
export function shipperOf(order: LabelOrderRow, accountShipper: CarrierAddress | null): CarrierAddress {
  if (accountShipper) return accountShipper;
  const s = order.sender;
  if (s && s.name1 && s.streetName && s.zip && s.city && s.country)
    return { name1: s.name1, street: s.streetName, streetNumber: s.streetNumber ?? '', zip: s.zip, city: s.city, country: s.country };
  throw new CarrierError('service', 'the carrier account has no shipper address', { retryable: false, field: 'shipper' });
}

/** Back-off of the label queue's automatic retries: 1, 5, 15, 60 minutes, then every 4 hours, 8 tries in all. */
export function nextAttempt(attempts: number, now = Date.now()): Date | null {
  const minutes = [1, 5, 15, 60, 240, 240, 240][attempts - 1];
  return minutes === undefined ? null : new Date(now + minutes * 60_000);
}
