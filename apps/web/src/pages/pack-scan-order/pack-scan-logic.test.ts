import { describe, expect, it } from 'vitest';
import { keyForBatch, keyForSku, markPrinted, rankCandidates, readiness, takeOff, type InfoRow, type ScanOrder } from './pack-scan-logic.js';

const orders: ScanOrder[] = [
  {
    ID: 1,
    UNID: 'MO1',
    items: [
      { sku: 'SKU-A', qty: 2 },
      { sku: 'SKU-B', qty: 1 },
    ],
    shipSN: 'TRK1',
  },
  { ID: 2, UNID: 'MO2', items: [{ sku: 'SKU-A', qty: 1 }], shipSN: '' },
  {
    ID: 3,
    UNID: 'MO3',
    items: [
      { sku: 'SKU-A', qty: 1, itemBatch: 'B2409' },
      { sku: 'SKU-C', qty: 1 },
    ],
    shipBundle: 'TRK3',
  },
];
const itemOrders = { 'SKU-A': [1, 2], 'SKU-B': [1], 'SKU-A|||B2409': [3], 'SKU-C': [3], 'SKU-D|||X1': [1] };

describe('pack scan order rules (facts §3.6)', () => {
  it('keys a SKU scan, asks for the batch when only batch keys exist, and finds the batch key', () => {
    expect(keyForSku(itemOrders, 'sku-b')).toEqual({ key: 'SKU-B' });
    expect(keyForSku(itemOrders, 'SKU-D')).toEqual({ needsBatch: true, fallback: null });
    // Held with and without a batch line: the batch decides, another batch counts under the plain key.
    expect(keyForSku(itemOrders, 'sku-a')).toEqual({ needsBatch: true, fallback: 'SKU-A' });
    expect(keyForBatch(itemOrders, 'SKU-A', 'b2409')).toBe('SKU-A|||B2409');
    expect(keyForSku(itemOrders, 'SKU-Z')).toBeNull();
    expect(keyForBatch(itemOrders, 'SKU-D', 'x1')).toBe('SKU-D|||X1');
    expect(keyForBatch(itemOrders, 'SKU-D', 'X2')).toBeNull();
  });

  it('ranks candidates by remaining pieces, drops over-scanned and finished orders', () => {
    expect(rankCandidates(orders, itemOrders, 'SKU-A', new Set(), { 'SKU-A': 1 }).map((c) => [c.order.ID, c.remaining])).toEqual([
      [2, 0],
      [1, 2],
    ]);
    // Two pieces of SKU-A: order 2 (one piece) is over-scanned and drops out.
    expect(rankCandidates(orders, itemOrders, 'SKU-A', new Set(), { 'SKU-A': 2 }).map((c) => c.order.ID)).toEqual([1]);
    expect(rankCandidates(orders, itemOrders, 'SKU-A', new Set([1]), { 'SKU-A': 2 })).toEqual([]);
    expect(rankCandidates(orders, itemOrders, 'SKU-A|||B2409', new Set(), { 'SKU-A|||B2409': 1 }).map((c) => [c.order.ID, c.remaining])).toEqual([[3, 1]]);
  });

  it('prints only when every line is scanned exactly, a material is chosen and a label exists', () => {
    expect(readiness(orders[0]!, { 'SKU-A': 2 }, 1)).toBe('incomplete');
    expect(readiness(orders[0]!, { 'SKU-A': 3, 'SKU-B': 1 }, 1)).toBe('incomplete');
    expect(readiness(orders[0]!, { 'SKU-A': 2, 'SKU-B': 1 }, 0)).toBe('noMaterial');
    expect(readiness(orders[0]!, { 'SKU-A': 2, 'SKU-B': 1 }, 1)).toBe('printable');
    expect(readiness(orders[1]!, { 'SKU-A': 1 }, 1)).toBe('noLabel');
    expect(readiness(orders[2]!, { 'SKU-A|||B2409': 1, 'SKU-C': 1 }, 2)).toBe('printable');
    // A plain SKU-A piece does not fill a line that asks for batch B2409.
    expect(readiness(orders[2]!, { 'SKU-A': 1, 'SKU-C': 1 }, 1)).toBe('incomplete');
  });

  it('takes a printed order off the table and marks its pieces printed on rows of its sku and batch', () => {
    expect(takeOff({ 'SKU-A': 3, 'SKU-B': 1 }, orders[0]!)).toEqual({ 'SKU-A': 1 });
    const rows: InfoRow[] = [
      { sku: 'SKU-A', itemName: 'A', itemBatch: 'B2409', qty: 1, inventoryName: 'A-01', qtyPrinted: 0 },
      { sku: 'SKU-A', itemName: 'A', itemBatch: 'B2501', qty: 2, inventoryName: 'A-02', qtyPrinted: 1 },
      { sku: 'SKU-A', itemName: 'A', itemBatch: 'B2501', qty: 2, inventoryName: 'A-03', qtyPrinted: 0 },
      { sku: 'SKU-C', itemName: 'C', itemBatch: '', qty: 1, inventoryName: 'C-01', qtyPrinted: 0 },
    ];
    expect(markPrinted(rows, orders[2]!).map((r) => r.qtyPrinted)).toEqual([1, 1, 0, 1]);
    // Without a batch on the line, any row of the SKU with room takes the pieces, in path order.
    expect(markPrinted(rows, orders[0]!).map((r) => r.qtyPrinted)).toEqual([1, 2, 0, 0]);
    expect(rows[0]!.qtyPrinted).toBe(0);
  });
});
