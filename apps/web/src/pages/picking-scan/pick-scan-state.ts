import { PICKLIST } from '@kontor/contracts/status/picklist';
import type { P11yPicklist } from '@kontor/contracts/domains/picking-responses';
import { labelSlices, type LabelIndexOrder } from '@kontor/contracts/picking/label-index';

/**
 * The Pick Scan Batch station's rules (facts §3.6, docs/picking.md "Picking scan"), pure so they are
 * tested without a browser: which picklist the station takes, which itemInfo row a scanned SKU books,
 * the print rows of a slice (the shared label-index algorithm), the progress the PUT saves after the
 * labels, and the print history. The page only calls the server and shows what these answer.
 */

/** Single-item picklists: one label per piece. */
export const PICK_SCAN_TYPE = 100;
/** The most pieces one dialog takes (facts §3.6). */
export const MAX_SLICE = 50;
/** The initiator the carrier gate packs orders for (docs/picking.md). */
export const INITIATOR = 'packScanBatch';

export interface InfoRow {
  sku: string;
  itemName?: string;
  itemBatch: string;
  inventoryName: string;
  qty: number;
  qtyPrinted: number;
}

export interface PrintRow {
  UNID: string;
  id: number;
  packSKU: string;
  lblIdx: number[];
  packingMaterials: number[];
  initiator: string;
}

export interface PrintBatch {
  name: string;
  time: string;
  data: PrintRow[];
}

export interface PickOrder extends LabelIndexOrder {
  UNID: string;
  shipSN?: string;
}

/** Why the station refuses a picklist, or null when it can be worked. */
export type Refusal = 'typeMismatch' | 'canceled' | 'finished' | 'shippedPartially';

export function refusalOf(p: Pick<P11yPicklist, 'type' | 'status' | 'itemQty' | 'itemQtyPicked'>): Refusal | null {
  if (p.type !== PICK_SCAN_TYPE) return 'typeMismatch';
  if (p.status === PICKLIST.codeOf('canceled')) return 'canceled';
  if (p.status === PICKLIST.codeOf('shippedPartially')) return 'shippedPartially';
  if (p.itemQty > 0 && p.itemQtyPicked >= p.itemQty) return 'finished';
  return null;
}

const parsedList = <T>(text: string): T[] => (text.trim() === '' ? [] : (JSON.parse(text) as T[]));

/** The itemInfo rows; before the first pick (itemInfo "") the plan's items with nothing printed. */
export function infoRows(p: Pick<P11yPicklist, 'items' | 'itemInfo'>): InfoRow[] {
  const rows = parsedList<Partial<InfoRow> & { sku: string }>(p.itemInfo.trim() === '' ? p.items : p.itemInfo);
  return rows.map((r) => ({
    ...r,
    sku: r.sku,
    itemBatch: r.itemBatch ?? '',
    inventoryName: r.inventoryName ?? '',
    qty: Number(r.qty ?? 0),
    qtyPrinted: Number(r.qtyPrinted ?? 0),
  }));
}

const sameSku = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** The first row of the SKU that still has pieces to print, or null ("Please count again!"). */
export function openRow(rows: readonly InfoRow[], sku: string): InfoRow | null {
  return rows.find((r) => sameSku(r.sku, sku) && r.qtyPrinted < r.qty) ?? null;
}

/** The largest quantity the dialog allows for a row: what is left of it, at most 50. */
export const maxQty = (row: InfoRow) => Math.max(0, Math.min(MAX_SLICE, row.qty - row.qtyPrinted));

export const ordersOf = (p: Pick<P11yPicklist, 'orders'>) => parsedList<PickOrder>(p.orders);
export const printBatchesOf = (p: Pick<P11yPicklist, 'printBatch'>) => parsedList<PrintBatch>(p.printBatch);

/** The print rows for taking `qty` pieces of the row's SKU: one per order, with its label indexes. */
export function printRows(p: Pick<P11yPicklist, 'items' | 'itemInfo' | 'orders'>, row: InfoRow, qty: number, materials: number[]): PrintRow[] {
  const already = infoRows(p)
    .filter((r) => r.sku === row.sku)
    .reduce((sum, r) => sum + r.qtyPrinted, 0);
  return labelSlices(ordersOf(p), row.sku, already, qty).map((s) => ({
    UNID: s.UNID,
    id: s.ID,
    packSKU: row.sku,
    lblIdx: s.lblIdx,
    packingMaterials: materials,
    initiator: INITIATOR,
  }));
}

/** `YYYY-MM-DD HH:mm:ss` in local time, as the original's print history shows it. */
export function batchTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** The whole picklist object for the PUT after the labels: picked and printed grown by qty, the batch added. */
export function progressAfter(p: P11yPicklist, row: InfoRow, qty: number, rows: PrintRow[], at: Date): P11yPicklist {
  const info = infoRows(p);
  const index = info.findIndex((r) => r.sku === row.sku && r.itemBatch === row.itemBatch && r.inventoryName === row.inventoryName);
  const next = info.map((r, i) => (i === index ? { ...r, qtyPrinted: r.qtyPrinted + qty } : r));
  const batch: PrintBatch = { name: `${row.sku} (${row.itemBatch}) @ ${row.inventoryName}:${qty}`, time: batchTime(at), data: rows };
  return {
    ...p,
    itemQtyPicked: p.itemQtyPicked + qty,
    itemInfo: JSON.stringify(next),
    printBatch: JSON.stringify([...printBatchesOf(p), batch]),
  };
}

/** Orders whose id is in no print row yet ("Unprinted Orders"). */
export function unprintedOrders(p: Pick<P11yPicklist, 'orders' | 'printBatch'>): PickOrder[] {
  const printed = new Set(printBatchesOf(p).flatMap((b) => (b.data ?? []).map((r) => Number(r.id))));
  return ordersOf(p).filter((o) => !printed.has(Number(o.ID)));
}
