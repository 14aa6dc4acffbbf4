import type { InboundOrderState } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { inboundWriter } from '../modules/inbound/index.js';
import type { DemoIds } from './seed.js';

/** The date `days` from today (UTC), as the database's current_date + days. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Demo inbound: a container at sea carrying one order, and two announced deliveries to receive. */
export async function seedInbound(db: Kysely<DB>, ids: DemoIds): Promise<void> {
  const { warehouseId } = ids;
  const anker = ids.merchants.get('C001')!;
  const ecoflow = ids.merchants.get('C002')!;
  const containerId = await inboundWriter.createContainer(
    db,
    { number: 'MSCU1234565', warehouseId, size: '40hc', carrier: 'MSC', eta: daysAhead(12) },
    'inTransit',
  );
  const orders: Array<{
    merchantId: number;
    reference: string;
    carrier: string;
    tracking: string[];
    boxes: number;
    pallets: number;
    containerId: number | null;
    state: InboundOrderState;
    lines: Array<[string, number]>;
  }> = [
    {
      merchantId: anker,
      reference: 'PO-2026-118',
      carrier: 'DHL',
      tracking: ['JJD0001234567890'],
      boxes: 6,
      pallets: 0,
      containerId: null,
      state: 'readyToInbound',
      lines: [
        ['ANK-HUB-7', 40],
        ['ANK-SPK-MINI', 24],
        ['SKU-A', 60],
      ],
    },
    {
      merchantId: ecoflow,
      reference: 'EF-ASN-7781',
      carrier: 'DB Schenker',
      tracking: [],
      boxes: 0,
      pallets: 2,
      containerId: null,
      state: 'receiptPending',
      lines: [
        ['EF-SOLAR-110', 20],
        ['EF-CABLE-XT60', 100],
      ],
    },
    {
      merchantId: anker,
      reference: 'PO-2026-120',
      carrier: 'MSC',
      tracking: [],
      boxes: 0,
      pallets: 8,
      containerId,
      state: 'inTransit',
      lines: [
        ['ANK-CHG-65', 800],
        ['ANK-EAR-P3', 500],
      ],
    },
  ];
  for (const o of orders) {
    await inboundWriter.createOrder(
      db,
      o.merchantId,
      {
        warehouseId,
        containerId: o.containerId,
        reference: o.reference,
        expectedDate: daysAhead(3),
        carrier: o.carrier,
        trackingNumbers: o.tracking,
        boxQty: o.boxes,
        palletQty: o.pallets,
        lines: o.lines.map(([sku, planned]) => ({ sku, planned })),
      },
      o.state,
    );
  }
}
