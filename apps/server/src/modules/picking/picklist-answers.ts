/** A picklist as the console's answers show it, and the snapshot its PUT compares progress with. */
import type { PicklistLineRecord, PicklistOrderRecord, PicklistRecord, Snapshot } from './picking.repo.js';

/** A picklist line's identity: the same SKU and batch from the same compartment. */
export const lineKey = (l: { sku: string; batch: string; compartment: string }) => `${l.sku}|${l.batch}|${l.compartment}`;

export function snapshotOf(p: PicklistRecord, lines: PicklistLineRecord[]): Snapshot {
  return { itemQtyPicked: p.itemQtyPicked, qtyPrinted: Object.fromEntries(lines.map((l) => [lineKey(l), l.qtyPrinted])) };
}

export const rowOf = (p: PicklistRecord) => ({
  id: p.id,
  unid: p.unid,
  type: p.type,
  status: p.status,
  priority: p.priority,
  carrier: p.carrier,
  merchantName: p.merchantName,
  orderCount: p.orderCount,
  itemQty: p.itemQty,
  itemQtyPicked: p.itemQtyPicked,
  createdAt: p.createdAt,
  createdByName: p.createdByName,
  printedAt: p.printedAt,
});

export const detailOf = (p: PicklistRecord, lines: PicklistLineRecord[], orders: PicklistOrderRecord[]) => ({
  ...rowOf(p),
  lines: lines.map((l) => ({
    position: l.position,
    sku: l.sku,
    itemName: l.itemName,
    batch: l.batch,
    compartment: l.compartment,
    zone: l.zone,
    qty: l.qty,
    qtyPrinted: l.qtyPrinted,
  })),
  orders: orders.map((o) => ({
    id: o.id,
    unid: o.unid,
    merchantName: o.merchantName,
    status: o.status,
    units: o.units,
    finished: p.ordersFin.includes(o.id),
    active: o.active,
  })),
});
