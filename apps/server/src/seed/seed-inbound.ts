import { CONTAINER, INBOUND_ORDER } from '@kontor/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { TenantScope, tenantSql } from '../db/tenant-scope.js';

/** Demo inbound: a container at sea carrying one order, and two announced deliveries to receive. */
export async function seedInbound(db: Kysely<DB>): Promise<void> {
  const ids = async (table: string, column: string, value: string) =>
    Number((await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db)).rows[0]!.id);
  const warehouseId = await ids('warehouses', 'code', 'DE01');
  const anker = await ids('merchants', 'code', 'C001');
  const ecoflow = await ids('merchants', 'code', 'C002');
  const container = await sql<{ id: number }>`insert into containers (number, warehouse_id, size, carrier, eta, status)
    values ('MSCU1234565', ${warehouseId}, '40hc', 'MSC', current_date + 12, ${CONTAINER.codeOf('inTransit')}) returning id`.execute(db);
  const orders: Array<{
    merchantId: number;
    reference: string;
    carrier: string;
    tracking: string[];
    boxes: number;
    pallets: number;
    containerId: number | null;
    status: number;
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
      status: INBOUND_ORDER.codeOf('readyToInbound'),
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
      status: INBOUND_ORDER.codeOf('receiptPending'),
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
      containerId: Number(container.rows[0]!.id),
      status: INBOUND_ORDER.codeOf('inTransit'),
      lines: [
        ['ANK-CHG-65', 800],
        ['ANK-EAR-P3', 500],
      ],
    },
  ];
  for (const o of orders) {
    const row = await sql<{ id: number }>`insert into inbound_orders (merchant_id, warehouse_id, container_id, status, reference, expected_date, carrier,
        tracking_numbers, box_qty, pallet_qty) values (${o.merchantId}, ${warehouseId}, ${o.containerId}, ${o.status}, ${o.reference}, current_date + 3,
        ${o.carrier}, ${JSON.stringify(o.tracking)}::jsonb, ${o.boxes}, ${o.pallets}) returning id`.execute(db);
    const id = Number(row.rows[0]!.id);
    for (const [sku, planned] of o.lines)
      await sql`insert into inbound_lines (order_id, item_id, planned) select ${id}, id, ${planned} from items where sku = ${sku} and ${tenantSql(TenantScope.merchant(o.merchantId))}`.execute(
        db,
      );
    await sql`update inbound_orders set planned_units = (select sum(planned) from inbound_lines where order_id = ${id}) where id = ${id}`.execute(db);
  }
}
