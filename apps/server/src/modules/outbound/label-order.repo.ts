import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type TenantScope, whereTenant } from '../../db/tenant-scope.js';

/** What the carriers module needs of an order to buy its labels (issue 17 item 3). */
export interface LabelOrderRow {
  id: number;
  unid: string;
  merchantId: number;
  warehouseId: number | null;
  status: number;
  deleted: boolean;
  refOrderId: string;
  carrier: string;
  carrierService: string;
  deliveryServices: string[];
  autoRetourLabel: boolean;
  forceShipLabel: boolean;
  labelSwap: boolean;
  weightKg: number;
  boxQty: number;
  parcels: Array<{ trackingNo?: string; weight?: number | null; dimensions?: { length: number; width: number; height: number } | null }>;
  dimensions: { length: number; width: number; height: number } | null;
  consignee: Record<string, string>;
  sender: Record<string, string> | null;
  shipBundle: string;
}

export interface CustomsLineRow {
  sku: string;
  name: string;
  quantity: number;
  weightKg: number | null;
  hsCode: string | null;
  originCountry: string | null;
  valueMinor: number | null;
  currency: string | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The SQL the carriers module runs on outbound orders, through the outbound front door (contributing.md "Data access"). */
export const labelOrderRepo = {
  async order(db: Kysely<DB>, id: number, scope: TenantScope, lock = false): Promise<LabelOrderRow | null> {
    let query = db
      .selectFrom('outbound_orders')
      .select([
        'id',
        'unid',
        'merchant_id',
        'warehouse_id',
        'status',
        'deleted_at',
        'ref_order_id',
        'carrier',
        'carrier_service',
        'delivery_services',
        'auto_retour_label',
        'force_ship_label',
        'label_swap',
        'weight',
        'box_qty',
        'parcels',
        'dimensions',
        'consignee',
        'sender',
        'ship_bundle',
      ])
      .where('id', '=', id)
      .$call(whereTenant(scope));
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return null;
    return {
      id: Number(row.id),
      unid: row.unid,
      merchantId: Number(row.merchant_id),
      warehouseId: row.warehouse_id === null ? null : Number(row.warehouse_id),
      status: row.status,
      deleted: row.deleted_at !== null,
      refOrderId: row.ref_order_id,
      carrier: row.carrier,
      carrierService: row.carrier_service,
      deliveryServices: json<string[]>(row.delivery_services) ?? [],
      autoRetourLabel: row.auto_retour_label,
      forceShipLabel: row.force_ship_label,
      labelSwap: row.label_swap,
      weightKg: Number(row.weight),
      boxQty: row.box_qty,
      parcels: json<LabelOrderRow['parcels']>(row.parcels) ?? [],
      dimensions: json<LabelOrderRow['dimensions']>(row.dimensions),
      consignee: json<Record<string, string>>(row.consignee) ?? {},
      sender: json<Record<string, string> | null>(row.sender),
      shipBundle: row.ship_bundle,
    };
  },

  /** Order ids by number (`MO…`) within the merchant scope. */
  async idsByNumber(db: Kysely<DB>, unids: string[], scope: TenantScope): Promise<Map<string, number>> {
    if (unids.length === 0) return new Map();
    const rows = await db.selectFrom('outbound_orders').select(['id', 'unid']).where('unid', 'in', unids).$call(whereTenant(scope)).execute();
    return new Map(rows.map((r) => [r.unid, Number(r.id)]));
  },

  /** The order's lines with their items' customs data (non-EU destinations). */
  async customsLines(db: Kysely<DB>, orderId: number): Promise<CustomsLineRow[]> {
    const rows = await db
      .selectFrom('outbound_lines as l')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .select(['i.sku', 'i.name', 'l.quantity', 'i.weight', 'i.hs_code', 'i.origin_country', 'i.customs_value', 'i.customs_currency'])
      .where('l.order_id', '=', orderId)
      .orderBy('l.position')
      .execute();
    return rows.map((r) => ({
      sku: r.sku,
      name: r.name,
      quantity: r.quantity,
      weightKg: r.weight === null ? null : Number(r.weight),
      hsCode: r.hs_code,
      originCountry: r.origin_country,
      valueMinor: r.customs_value,
      currency: r.customs_currency,
    }));
  },

  /** Tracking numbers, one per line, as the original's shipBundle (facts §2.3). */
  async setShipBundle(trx: Kysely<DB>, orderId: number, shipBundle: string): Promise<void> {
    await trx.updateTable('outbound_orders').set({ ship_bundle: shipBundle }).where('id', '=', orderId).execute();
  },
};
