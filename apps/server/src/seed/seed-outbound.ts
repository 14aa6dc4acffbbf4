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

const address = (
  name1: string,
  streetName: string,
  streetNumber: string,
  zip: string,
  city: string,
  country: string,
  extra: Partial<Address> = {},
): Address => ({
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
  ...extra,
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
  {
    merchant: 'C001',
    unid: 'MO20260001',
    state: 'packingCompleted',
    carrier: 'DHL',
    consignee: address('Max Mustermann', 'Friedrichstraße', '123', '10117', 'Berlin', 'DE'),
    lines: [
      ['SKU-A', 1],
      ['SKU-B', 2],
    ],
    parcels: ['TRK1001', 'TRK1002'],
    remark: 'Fragile',
    hoursAgo: 20,
  },
  {
    merchant: 'C002',
    unid: 'MO20260002',
    state: 'packingCompleted',
    carrier: 'UPS',
    consignee: address('Jan de Vries', 'Keizersgracht', '452', '1016 GD', 'Amsterdam', 'NL'),
    lines: [
      ['SKU-C', 1],
      ['EF-CABLE-XT60', 1],
    ],
    parcels: ['TRK2001'],
    privateRemark: 'Check the SN sticker!',
    hoursAgo: 18,
  },
  {
    merchant: 'C001',
    unid: 'MO20260099',
    state: 'canceled',
    carrier: 'DHL',
    consignee: address('Lena Schulz', 'Königsallee', '27', '40212', 'Düsseldorf', 'DE'),
    lines: [['ANK-SPK-MINI', 1]],
    parcels: ['CANCEL1'],
    hoursAgo: 30,
  },
  {
    merchant: 'C001',
    state: 'readyToPick',
    carrier: 'DHL',
    consignee: address('Sabine Weber', 'Schillerstraße', '8', '80336', 'München', 'DE'),
    lines: [
      ['ANK-HUB-7', 2],
      ['ANK-SPK-MINI', 1],
    ],
    hoursAgo: 1,
  },
  // The 10 units of SKU-A the facts show reserved in A-01-01 (batch B2409, picked first) belong to it.
  {
    merchant: 'C001',
    state: 'readyToPick',
    carrier: 'DHL',
    consignee: address('Jonas Becker', 'Bahnhofstraße', '12', '20095', 'Hamburg', 'DE'),
    lines: [['SKU-A', 10]],
    hoursAgo: 3,
  },
  {
    merchant: 'C001',
    state: 'readyToPick',
    carrier: 'DPD',
    consignee: address('Thomas Gruber', 'Mariahilfer Straße', '45', '1060', 'Wien', 'AT'),
    lines: [['ANK-CAM-C2', 1]],
    hoursAgo: 2,
  },
  {
    merchant: 'C001',
    state: 'outOfStock',
    carrier: 'DHL',
    consignee: address('Claire Martin', 'Rue de Rivoli', '75', '75001', 'Paris', 'FR'),
    lines: [['ANK-CAM-C2', 30]],
    remark: 'B2C bundle for a reseller',
    hoursAgo: 3,
  },
  {
    merchant: 'C001',
    state: 'hold',
    carrier: 'DHL',
    consignee: address('Jonas Becker', 'Am Markt', '3', '28195', 'Bremen', 'DE'),
    lines: [['ANK-HUB-7', 1]],
    hoursAgo: 5,
    exception: { reason: 'customer asked to wait', owner: 'merchant', note: 'ship after payment is confirmed' },
  },
  {
    merchant: 'C001',
    state: 'cancelRequested',
    carrier: 'DPD',
    consignee: address('Marco Rossi', 'Via Roma', '12', '20121', 'Milano', 'IT'),
    lines: [['ANK-SPK-MINI', 2]],
    hoursAgo: 8,
    exception: { reason: 'customer cancelled', owner: 'warehouse', note: 'already picked: put back if approved' },
  },
  {
    merchant: 'C001',
    state: 'shipped',
    carrier: 'DHL',
    consignee: address('Katharina Vogel', 'Lange Reihe', '19', '20099', 'Hamburg', 'DE'),
    lines: [
      ['ANK-CHG-65', 1],
      ['SKU-B', 1],
    ],
    parcels: [DEMO_SHIPPED_PARCEL],
    hoursAgo: 26,
  },
  {
    merchant: 'C001',
    state: 'inTransit',
    carrier: 'DPD',
    consignee: address('Pieter Janssens', 'Meir', '50', '2000', 'Antwerpen', 'BE'),
    lines: [['ANK-EAR-P3', 2]],
    parcels: [DEMO_IN_TRANSIT_PARCELS[0]],
    hoursAgo: 50,
  },
  {
    merchant: 'C002',
    state: 'readyToPick',
    carrier: 'UPS',
    consignee: address('Anna Kowalska', 'ul. Marszałkowska', '84', '00-514', 'Warszawa', 'PL'),
    lines: [
      ['EF-RIVER-2', 1],
      ['EF-CABLE-XT60', 2],
    ],
    hoursAgo: 1,
  },
  {
    merchant: 'C002',
    state: 'wrongAddress',
    carrier: 'UPS',
    consignee: address('Lukas Huber', 'Bahnhofstraße', '', '1011', 'Graz', 'AT'),
    lines: [['EF-SOLAR-110', 1]],
    hoursAgo: 4,
  },
  {
    merchant: 'C002',
    state: 'outOfStock',
    carrier: 'DHL',
    consignee: address('Sofia García', 'Calle de Alcalá', '100', '28009', 'Madrid', 'ES'),
    // The bags are still being received (status 5): the order waits until they are put away.
    lines: [['EF-BAG-M', 2]],
    hoursAgo: 6,
  },
  {
    merchant: 'C002',
    state: 'inTransit',
    carrier: 'UPS',
    consignee: address('Erik Andersson', 'Drottninggatan', '55', '111 21', 'Stockholm', 'SE'),
    lines: [['SKU-C', 1]],
    parcels: [DEMO_IN_TRANSIT_PARCELS[1]],
    hoursAgo: 40,
  },
  {
    merchant: 'C002',
    state: 'delivered',
    carrier: 'UPS',
    consignee: address('Emma Dubois', 'Avenue Louise', '200', '1050', 'Bruxelles', 'BE'),
    lines: [['EF-SOLAR-110', 2]],
    parcels: ['1Z999AA10123456791'],
    hoursAgo: 72,
  },
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
