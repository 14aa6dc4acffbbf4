import { addressProblems, type OutboundState } from '@kontor/contracts';
import type { Address } from '@kontor/contracts/domains/outbound';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { Actor } from '../modules/inventory/index.js';
import { orderWriter, type OrderRow } from '../modules/outbound/index.js';
import { TenantScope } from '../db/tenant-scope.js';
import { sandboxTrackingNumber } from '../modules/carriers/index.js';
import type { DemoIds } from './seed.js';

/**
 * The parcels of the demo's orders on their way: sandbox numbers, so the tracking poll of `npm start`
 * walks them through the sandbox carrier's events to delivered within minutes (the demo's sandbox
 * account takes a step a minute, seed-carriers.ts; docs/shipping.md "Demo").
 */
export const DEMO_SHIPPED_PARCEL = sandboxTrackingNumber('demo-shipped-1');
export const DEMO_IN_TRANSIT_PARCELS = [sandboxTrackingNumber('demo-in-transit-1'), sandboxTrackingNumber('demo-in-transit-2')] as const;

type AddressRow = [name1: string, streetName: string, streetNumber: string, zip: string, city: string, country: string];

const address = ([name1, streetName, streetNumber, zip, city, country]: AddressRow): Address => ({
  name1,
  name2: '',
  streetName,
  streetNumber,
  zip,
  city,
  country,
  phone: '',
  email: '',
  addition: '',
});

interface DemoOrder {
  merchant: 'C001' | 'C002';
  /** The facts' numbers (facts §8); the others take the next number of the sequence. */
  unid?: string;
  state: OutboundState;
  carrier: 'DHL' | 'DPD' | 'UPS';
  consignee: Address;
  lines: Array<[sku: string, quantity: number]>;
  parcels?: string[];
  remark?: string;
  privateRemark?: string;
  /** How long ago the order came in (the lists show the newest first). */
  hoursAgo: number;
  exception?: { reason: string; owner: 'merchant' | 'warehouse' | 'customer'; note: string };
}

/** A demo order as one row: who, where in its flow, when, to whom (an address row), its lines by SKU, and the rest. */
function order(
  merchant: DemoOrder['merchant'],
  state: OutboundState,
  carrier: DemoOrder['carrier'],
  hoursAgo: number,
  consignee: AddressRow,
  lines: Record<string, number>,
  more: Partial<DemoOrder> = {},
): DemoOrder {
  return { merchant, state, carrier, hoursAgo, consignee: address(consignee), lines: Object.entries(lines), ...more };
}

/**
 * The demo orders (issue 7 §9): a handful per merchant spread over the statuses, and the original's
 * examples of facts §8. Stock is touched only through the allocation of the real status service, and
 * the 10 units of SKU-A that facts §8 shows reserved are one ready-to-pick order's reservation.
 *
 * MO20260001 and MO20260002 are the original's status 90, "waiting for the shipping scan": packed and
 * labelled, the scan not yet done. Our closest state is packingCompleted (20), the one the shipping
 * scan starts from (then snRequired / partialQc / readyToShip). MO20260002's SKU QC lists SKU-C and
 * SKU-B in the facts, but SKU-B is merchant A's item in our demo, so the order carries merchant B's own
 * SKU-C (serial-required: the one SN of the facts) and EF-CABLE-XT60.
 */
const ORDERS: DemoOrder[] = [
  order(
    'C001',
    'packingCompleted',
    'DHL',
    20,
    ['Max Mustermann', 'Friedrichstraße', '123', '10117', 'Berlin', 'DE'],
    { 'SKU-A': 1, 'SKU-B': 2 },
    { unid: 'MO20260001', parcels: ['TRK1001', 'TRK1002'], remark: 'Fragile' },
  ),
  order(
    'C002',
    'packingCompleted',
    'UPS',
    18,
    ['Jan de Vries', 'Keizersgracht', '452', '1016 GD', 'Amsterdam', 'NL'],
    { 'SKU-C': 1, 'EF-CABLE-XT60': 1 },
    { unid: 'MO20260002', parcels: ['TRK2001'], privateRemark: 'Check the SN sticker!' },
  ),
  order(
    'C001',
    'canceled',
    'DHL',
    30,
    ['Lena Schulz', 'Königsallee', '27', '40212', 'Düsseldorf', 'DE'],
    { 'ANK-SPK-MINI': 1 },
    { unid: 'MO20260099', parcels: ['CANCEL1'] },
  ),
  order('C001', 'readyToPick', 'DHL', 1, ['Sabine Weber', 'Schillerstraße', '8', '80336', 'München', 'DE'], { 'ANK-HUB-7': 2, 'ANK-SPK-MINI': 1 }),
  // The 10 units of SKU-A the facts show reserved in A-01-01 (batch B2409, picked first) belong to it.
  order('C001', 'readyToPick', 'DHL', 3, ['Jonas Becker', 'Bahnhofstraße', '12', '20095', 'Hamburg', 'DE'], { 'SKU-A': 10 }),
  order('C001', 'readyToPick', 'DPD', 2, ['Thomas Gruber', 'Mariahilfer Straße', '45', '1060', 'Wien', 'AT'], { 'ANK-CAM-C2': 1 }),
  order(
    'C001',
    'outOfStock',
    'DHL',
    3,
    ['Claire Martin', 'Rue de Rivoli', '75', '75001', 'Paris', 'FR'],
    { 'ANK-CAM-C2': 30 },
    { remark: 'B2C bundle for a reseller' },
  ),
  order(
    'C001',
    'hold',
    'DHL',
    5,
    ['Jonas Becker', 'Am Markt', '3', '28195', 'Bremen', 'DE'],
    { 'ANK-HUB-7': 1 },
    { exception: { reason: 'customer asked to wait', owner: 'merchant', note: 'ship after payment is confirmed' } },
  ),
  order(
    'C001',
    'cancelRequested',
    'DPD',
    8,
    ['Marco Rossi', 'Via Roma', '12', '20121', 'Milano', 'IT'],
    { 'ANK-SPK-MINI': 2 },
    { exception: { reason: 'customer cancelled', owner: 'warehouse', note: 'already picked: put back if approved' } },
  ),
  order(
    'C001',
    'shipped',
    'DHL',
    26,
    ['Katharina Vogel', 'Lange Reihe', '19', '20099', 'Hamburg', 'DE'],
    { 'ANK-CHG-65': 1, 'SKU-B': 1 },
    { parcels: [DEMO_SHIPPED_PARCEL] },
  ),
  order(
    'C001',
    'inTransit',
    'DPD',
    50,
    ['Pieter Janssens', 'Meir', '50', '2000', 'Antwerpen', 'BE'],
    { 'ANK-EAR-P3': 2 },
    { parcels: [DEMO_IN_TRANSIT_PARCELS[0]] },
  ),
  order('C002', 'readyToPick', 'UPS', 1, ['Anna Kowalska', 'ul. Marszałkowska', '84', '00-514', 'Warszawa', 'PL'], { 'EF-RIVER-2': 1, 'EF-CABLE-XT60': 2 }),
  order('C002', 'wrongAddress', 'UPS', 4, ['Lukas Huber', 'Bahnhofstraße', '', '1011', 'Graz', 'AT'], { 'EF-SOLAR-110': 1 }),
  // The bags are still being received (status 5): the order waits until they are put away.
  order('C002', 'outOfStock', 'DHL', 6, ['Sofia García', 'Calle de Alcalá', '100', '28009', 'Madrid', 'ES'], { 'EF-BAG-M': 2 }),
  order(
    'C002',
    'inTransit',
    'UPS',
    40,
    ['Erik Andersson', 'Drottninggatan', '55', '111 21', 'Stockholm', 'SE'],
    { 'SKU-C': 1 },
    { parcels: [DEMO_IN_TRANSIT_PARCELS[1]] },
  ),
  order(
    'C002',
    'delivered',
    'UPS',
    72,
    ['Emma Dubois', 'Avenue Louise', '200', '1050', 'Bruxelles', 'BE'],
    { 'EF-SOLAR-110': 2 },
    { parcels: ['1Z999AA10123456791'] },
  ),
];

/** The way an order took to a state reached after picking (the picking and shipping flows are not in this seed). */
const PATHS: Partial<Record<OutboundState, OutboundState[]>> = {
  readyToPack: ['readyToPick', 'inPicklist', 'readyToPack'],
  packingCompleted: ['readyToPick', 'inPicklist', 'readyToPack', 'packed', 'packingCompleted'],
  shipped: ['readyToPick', 'inPicklist', 'readyToPack', 'packed', 'packingCompleted', 'readyToShip', 'shipped'],
  inTransit: ['readyToPick', 'inPicklist', 'readyToPack', 'packed', 'packingCompleted', 'readyToShip', 'shipped', 'inTransit'],
  delivered: ['readyToPick', 'inPicklist', 'readyToPack', 'packed', 'packingCompleted', 'readyToShip', 'shipped', 'inTransit', 'delivered'],
};

/**
 * Writes the demo orders (after the inventory seed) through the outbound module's order writer. Orders
 * before picking go through the real allocation (its status machine, in this transaction), so
 * reservations, ledger and order lines agree; orders past picking are written with their lines picked
 * and their history.
 */
export async function seedOutbound(db: Kysely<DB>, ids: DemoIds, items: Map<string, number>): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => seedOutbound(trx, ids, items));
  const { warehouseId } = ids;
  const actor: Actor = { userId: ids.staffId, merchantScope: TenantScope.all };
  for (const o of ORDERS) {
    const merchantId = ids.merchants.get(o.merchant)!;
    // A cancel request after picking: the order was picked first (its goods would go back if approved).
    const base: OutboundState = o.state === 'cancelRequested' ? 'readyToPack' : o.state;
    const path = PATHS[base] ?? [];
    const order = await orderWriter.writePast(db, {
      unid: o.unid ?? null,
      merchantId,
      warehouseId,
      userId: actor.userId,
      consignee: o.consignee,
      carrier: o.carrier,
      lines: o.lines.map(([sku, quantity]) => ({ itemId: items.get(`${sku}@${merchantId}`)!, quantity })),
      parcels: o.parcels ?? [],
      remark: o.remark ?? '',
      privateRemark: o.privateRemark ?? '',
      hoursAgo: o.hoursAgo,
      path,
    });
    if (path.length) {
      if (o.state !== base) await orderWriter.move(db, actor, order, o.state, { action: 'requestCancel', ...o.exception });
      continue;
    }
    await orderWriter.allocate(db, actor, order);
    await settle(db, actor, order, o);
  }
}

/** The last hop of an order before picking: a wrong address, a hold or a cancel, else where allocation left it. */
async function settle(db: Kysely<DB>, actor: Actor, order: OrderRow, o: DemoOrder): Promise<void> {
  const problems = addressProblems(o.consignee);
  if (problems.length > 0)
    await orderWriter.move(db, actor, order, 'wrongAddress', {
      action: 'addressCheck',
      reason: 'address',
      owner: 'merchant',
      note: problems.map((p) => `${p.field}: ${p.problem}`).join(', '),
    });
  else if (o.state === 'canceled') await orderWriter.move(db, actor, order, 'canceled', { action: 'requestCancel', reason: 'customer cancelled' });
  else if (o.state === 'hold') await orderWriter.move(db, actor, order, 'hold', { action: 'hold', ...o.exception });
}
