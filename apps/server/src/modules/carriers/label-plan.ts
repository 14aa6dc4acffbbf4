import type { CustomsLineRow, LabelOrderRow } from '../outbound/index.js';
import { CarrierError, type CarrierAddress, type CarrierProductDef, type CustomsData, type CustomsLine, type ParcelSpec } from './driver.js';

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
      unitValueMinor: l.valueMinor!,
      currency: l.currency!,
      weightKg: l.weightKg ?? 0,
      ...(l.hsCode ? { hsCode: l.hsCode } : {}),
      originCountry: l.originCountry || shipperCountry,
    })),
  };
}

/**
 * Each parcel's share of the order's customs declaration. Kontor does not record which unit went into
 * which box, so the units are dealt out in line order, each parcel taking a share in proportion to its
 * weight (largest remainder, at least one unit each): the parcels' declarations add up to the order's,
 * instead of every parcel declaring the whole order. Fewer units than parcels cannot be declared
 * parcel by parcel: a `customs` refusal before any carrier call (the order waits in the label queue).
 */
export function customsShares(customs: CustomsData, parcelWeights: number[]): CustomsData[] {
  const count = parcelWeights.length;
  if (count <= 1) return [customs];
  const units = customs.lines.reduce((sum, l) => sum + l.quantity, 0);
  if (units < count)
    throw new CarrierError('customs', `${count} parcels but only ${units} units to declare: pack the order in fewer parcels`, {
      retryable: false,
      field: 'parcels',
    });
  const perParcel = unitsPerParcel(units, parcelWeights);
  const shares: CustomsData[] = [];
  let line = 0;
  let usedOfLine = 0;
  for (const take of perParcel) {
    const lines: CustomsLine[] = [];
    for (let left = take; left > 0;) {
      const source = customs.lines[line]!;
      const n = Math.min(left, source.quantity - usedOfLine);
      lines.push({ ...source, quantity: n });
      left -= n;
      usedOfLine += n;
      if (usedOfLine === source.quantity) [line, usedOfLine] = [line + 1, 0];
    }
    shares.push({ ...customs, lines });
  }
  return shares;
}

/** Units per parcel, proportional to weight, each at least one, summing to `units` (needs units ≥ parcels). */
function unitsPerParcel(units: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const spare = units - weights.length; // one unit each first, the rest by weight
  const exact = weights.map((w) => (total > 0 ? (spare * w) / total : spare / weights.length));
  const out = exact.map((e) => 1 + Math.floor(e));
  let rest = units - out.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; rest > 0; k++, rest--) out[byRemainder[k % byRemainder.length]!.i]! += 1;
  return out;
}

/** The declaration of several parcels' shares together (one carrier shipment of several packages). */
export function mergeCustoms(shares: CustomsData[]): CustomsData | undefined {
  const [first] = shares;
  if (!first) return undefined;
  const lines: CustomsLine[] = [];
  for (const l of shares.flatMap((s) => s.lines)) {
    const same = lines.find(
      (m) => m.description === l.description && m.unitValueMinor === l.unitValueMinor && m.hsCode === l.hsCode && m.originCountry === l.originCountry,
    );
    if (same) same.quantity += l.quantity;
    else lines.push({ ...l });
  }
  return { ...first, lines };
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
