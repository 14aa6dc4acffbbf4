import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { bookOpeningStock } from '../modules/inventory/index.js';
import { records } from '../modules/resources/index.js';
import type { DemoIds } from './seed.js';

interface DemoItem {
  merchant: string;
  sku: string;
  name: string;
  barcode: string;
  weight: number;
  type?: number;
  serialRequired?: boolean;
  serialPattern?: string;
  batchTracked?: boolean;
}

/** Items of facts §8 first, then enough more that every screen shows something real. */
const ITEMS: DemoItem[] = [
  { merchant: 'C001', sku: 'SKU-A', name: 'Power bank 20000 mAh', barcode: '4006381333931', weight: 0.45, batchTracked: true },
  { merchant: 'C001', sku: 'SKU-B', name: 'USB-C cable 1 m', barcode: '4006381333948', weight: 0.05 },
  {
    merchant: 'C002',
    sku: 'SKU-C',
    name: 'Portable power station',
    barcode: '6970000000011',
    weight: 9.8,
    serialRequired: true,
    serialPattern: '^[A-Z0-9]{8,16}$',
  },
  { merchant: 'C001', sku: 'ANK-CHG-65', name: 'USB-C charger 65 W', barcode: '4006381333955', weight: 0.12 },
  { merchant: 'C001', sku: 'ANK-HUB-7', name: 'USB-C hub 7-in-1', barcode: '4006381333962', weight: 0.09 },
  { merchant: 'C001', sku: 'ANK-SPK-MINI', name: 'Bluetooth speaker mini', barcode: '4006381333979', weight: 0.21 },
  { merchant: 'C001', sku: 'ANK-EAR-P3', name: 'Wireless earbuds P3', barcode: '4006381333986', weight: 0.06 },
  { merchant: 'C001', sku: 'ANK-CAM-C2', name: 'Security camera C2', barcode: '4006381333993', weight: 0.33 },
  { merchant: 'C001', sku: 'BOX-S', name: 'Shipping box S (20×15×10)', barcode: '2000000000011', weight: 0.08, type: 2 },
  { merchant: 'C001', sku: 'BOX-M', name: 'Shipping box M (30×20×15)', barcode: '2000000000028', weight: 0.15, type: 2 },
  { merchant: 'C002', sku: 'EF-RIVER-2', name: 'Power station River 2', barcode: '6970000000028', weight: 3.5, serialRequired: true },
  { merchant: 'C002', sku: 'EF-SOLAR-110', name: 'Solar panel 110 W', barcode: '6970000000035', weight: 4.0 },
  { merchant: 'C002', sku: 'EF-CABLE-XT60', name: 'XT60 charging cable', barcode: '6970000000042', weight: 0.2 },
  { merchant: 'C002', sku: 'EF-BAG-M', name: 'Carry bag M', barcode: '6970000000059', weight: 0.6 },
  { merchant: 'C002', sku: 'BOX-L', name: 'Shipping box L (60×40×40)', barcode: '2000000000035', weight: 0.6, type: 2 },
];

/** Stock of facts §8 (SKU-C's 3 units damaged), then more rows across zones A, B and C. */
const STOCK: Array<{ sku: string; compartment: string; batch?: string; quantity: number; status?: number }> = [
  { sku: 'SKU-A', compartment: 'A-01-01', batch: 'B2409', quantity: 120 },
  { sku: 'SKU-A', compartment: 'B-10-01', batch: 'B2410', quantity: 40 },
  { sku: 'SKU-B', compartment: 'A-01-01', quantity: 500 },
  { sku: 'SKU-C', compartment: 'A-02-03', quantity: 3, status: STOCK_STATUS.damaged },
  { sku: 'SKU-C', compartment: 'C-01-01', quantity: 25 },
  { sku: 'ANK-CHG-65', compartment: 'A-01-02', quantity: 80 },
  { sku: 'ANK-CHG-65', compartment: 'C-02-01', quantity: 400 },
  { sku: 'ANK-HUB-7', compartment: 'A-01-03', quantity: 60 },
  { sku: 'ANK-SPK-MINI', compartment: 'A-02-01', quantity: 35 },
  { sku: 'ANK-EAR-P3', compartment: 'A-02-02', quantity: 150 },
  { sku: 'ANK-CAM-C2', compartment: 'A-03-01', quantity: 22 },
  { sku: 'BOX-S', compartment: 'C-05-01', quantity: 1000 },
  { sku: 'BOX-M', compartment: 'C-05-01', quantity: 600 },
  { sku: 'EF-RIVER-2', compartment: 'B-10-02', quantity: 18 },
  { sku: 'EF-SOLAR-110', compartment: 'C-03-01', quantity: 44 },
  { sku: 'EF-CABLE-XT60', compartment: 'B-11-01', quantity: 90 },
  { sku: 'EF-BAG-M', compartment: 'B-11-02', quantity: 30, status: STOCK_STATUS.receiving },
  { sku: 'BOX-L', compartment: 'C-06-01', quantity: 250 },
];

/**
 * Demo items and stock (issue 5 §8), through the inventory module: items as the item screen writes
 * them (codes in item_codes), stock booked through the ledger as an opening balance, so the demo
 * satisfies the same invariants as live data. The 10 reserved units of SKU-A the facts show are
 * reserved by a demo order (seed-outbound.ts), through the real allocation. Answers the items' ids
 * by `sku@merchantId`.
 */
export async function seedInventory(db: Kysely<DB>, ids: DemoIds): Promise<Map<string, number>> {
  const items = new Map<string, number>();
  const merchantOf = new Map<string, number>();
  for (const { merchant, barcode, ...item } of ITEMS) {
    const merchantId = ids.merchants.get(merchant)!;
    const id = await records.create(db, 'item', { ...item, barcodes: [barcode], originCountry: 'CN' }, merchantId);
    items.set(`${item.sku}@${merchantId}`, id);
    merchantOf.set(item.sku, merchantId);
  }
  for (const s of STOCK) {
    await bookOpeningStock(db, null, {
      merchantId: merchantOf.get(s.sku)!,
      item: s.sku,
      compartment: s.compartment,
      batch: s.batch ?? '',
      status: s.status ?? STOCK_STATUS.valid,
      quantity: s.quantity,
    });
  }
  return items;
}
