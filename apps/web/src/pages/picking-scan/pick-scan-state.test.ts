import { PICKLIST } from '@kontor/contracts/status/picklist';
import type { P11yPicklist } from '@kontor/contracts/domains/picking-responses';
import { describe, expect, it } from 'vitest';
import { infoRows, maxQty, openRow, printRows, progressAfter, refusalOf, unprintedOrders, type InfoRow } from './pick-scan-state.js';

const orders = [
  { ID: 11, UNID: 'MO1', items: [{ sku: 'SKU-B', qty: 1 }] },
  { ID: 12, UNID: 'MO2', items: [{ sku: 'SKU-X', qty: 1 }] },
  { ID: 13, UNID: 'MO3', items: [{ sku: 'SKU-B', qty: 1 }], itemPacks: [{ sku: 'SKU-B', lblIdx: [4] }] },
  { ID: 14, UNID: 'MO4', items: [{ sku: 'SKU-B', qty: 1 }] },
];
const items = [
  { sku: 'SKU-B', itemName: 'B', itemBatch: '', qty: 2, inventoryName: 'A-01-01' },
  { sku: 'SKU-B', itemName: 'B', itemBatch: '', qty: 1, inventoryName: 'A-02-01' },
  { sku: 'SKU-X', itemName: 'X', itemBatch: 'L1', qty: 1, inventoryName: 'B-01-01' },
];
const picklist = (extra: Partial<P11yPicklist> = {}): P11yPicklist => ({
  id: 7,
  unid: 'PL20260009',
  type: 100,
  status: PICKLIST.codeOf('picklistPrinted'),
  itemQty: 4,
  itemQtyPicked: 0,
  priority: 0,
  carrier: 'DHL',
  shipQty: 4,
  agentGUID: '',
  createdAt: '2026-12-01 10:00:00',
  orderUNID: ['MO1', 'MO2', 'MO3', 'MO4'],
  orderIds: [11, 12, 13, 14],
  items: JSON.stringify(items),
  itemInfo: '',
  printBatch: '',
  ordersFin: '',
  orders: JSON.stringify(orders),
  itemOrders: '{}',
  ...extra,
});

describe('the picking scan station state', () => {
  it('refuses picklists of another type, canceled, shipped partially or finished', () => {
    expect(refusalOf(picklist())).toBeNull();
    expect(refusalOf(picklist({ type: 1 }))).toBe('typeMismatch');
    expect(refusalOf(picklist({ status: PICKLIST.codeOf('canceled') }))).toBe('canceled');
    expect(refusalOf(picklist({ status: PICKLIST.codeOf('shippedPartially') }))).toBe('shippedPartially');
    expect(refusalOf(picklist({ itemQtyPicked: 4 }))).toBe('finished');
  });

  it('books the first row of the SKU with pieces left, up to 50 and what is left', () => {
    const rows = infoRows(picklist());
    expect(rows.map((r) => r.qtyPrinted)).toEqual([0, 0, 0]);
    expect(openRow(rows, 'sku-b')).toBe(rows[0]);
    const done = rows.map((r, i) => (i === 0 ? { ...r, qtyPrinted: 2 } : r));
    expect(openRow(done, 'SKU-B')).toBe(done[1]);
    expect(
      openRow(
        done.map((r) => ({ ...r, qtyPrinted: r.qty })),
        'SKU-B',
      ),
    ).toBeNull();
    expect(maxQty(rows[0]!)).toBe(2);
    expect(maxQty({ ...rows[0]!, qty: 80 })).toBe(50);
  });

  it('builds print rows with the shared label indexes and saves the slice after them', () => {
    const p = picklist();
    const row = openRow(infoRows(p), 'SKU-B')!;
    const first = printRows(p, row, 2, [5]);
    expect(first).toEqual([
      { UNID: 'MO1', id: 11, packSKU: 'SKU-B', lblIdx: [0], packingMaterials: [5], initiator: 'packScanBatch' },
      { UNID: 'MO3', id: 13, packSKU: 'SKU-B', lblIdx: [4], packingMaterials: [5], initiator: 'packScanBatch' },
    ]);
    const saved = progressAfter(p, row, 2, first, new Date(2026, 11, 1, 9, 5, 7));
    expect(saved.itemQtyPicked).toBe(2);
    expect(JSON.parse(saved.itemInfo).map((r: InfoRow) => r.qtyPrinted)).toEqual([2, 0, 0]);
    expect(JSON.parse(saved.printBatch)).toEqual([{ name: 'SKU-B () @ A-01-01:2', time: '2026-12-01 09:05:07', data: first }]);
    expect(unprintedOrders(saved).map((o) => o.ID)).toEqual([12, 14]);

    // The next slice starts after what is printed: the third SKU-B piece is MO4's.
    const next = openRow(infoRows(saved), 'SKU-B')!;
    expect(next.inventoryName).toBe('A-02-01');
    expect(printRows(saved, next, 1, [])).toMatchObject([{ id: 14, lblIdx: [0] }]);
  });
});
