import { describe, expect, it } from 'vitest';
import { labelSlices, type LabelIndexOrder } from '../src/picking/label-index.js';

/**
 * Reference written straight from facts §3.6: list every piece of the SKU across the orders in order
 * (an order's own itemPacks indexes, else the positions of its first line of the SKU), then the pieces
 * now taken are those numbered already … already + qty − 1; consecutive pieces of one order form a row.
 */
function reference(orders: LabelIndexOrder[], sku: string, already: number, qty: number) {
  const pieces: Array<{ orderIndex: number; idx: number }> = [];
  orders.forEach((order, orderIndex) => {
    const pack = order.itemPacks?.find((p) => p.sku === sku);
    if (pack) {
      for (const idx of pack.lblIdx) pieces.push({ orderIndex, idx });
      return;
    }
    const flat = order.items.flatMap((item) => Array.from({ length: item.qty }, () => item.sku));
    const first = flat.indexOf(sku);
    if (first < 0) return;
    const line = order.items.find((item) => item.sku === sku)!;
    for (let k = 0; k < line.qty; k++) pieces.push({ orderIndex, idx: first + k });
  });
  const rows: Array<{ orderIndex: number; lblIdx: number[] }> = [];
  for (const piece of pieces.slice(already, already + qty)) {
    const last = rows.at(-1);
    if (last && last.orderIndex === piece.orderIndex) last.lblIdx.push(piece.idx);
    else rows.push({ orderIndex: piece.orderIndex, lblIdx: [piece.idx] });
  }
  return rows;
}

/** A small seeded generator (mulberry32) so a failure names a case that can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKUS = ['SKU-A', 'SKU-B', 'SKU-C', 'SKU-D'];

function randomCase(seed: number) {
  const rnd = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const orders: LabelIndexOrder[] = Array.from({ length: int(0, 8) }, (_, i) => {
    const items = Array.from({ length: int(1, 4) }, () => ({ sku: SKUS[int(0, 3)]!, qty: int(1, 5) }));
    const order: LabelIndexOrder = { ID: 1000 + i, UNID: `MO${1000 + i}`, items };
    if (rnd() < 0.2) {
      order.itemPacks = [{ sku: SKUS[int(0, 3)]!, lblIdx: Array.from({ length: int(0, 4) }, () => int(0, 9)) }];
    }
    return order;
  });
  const sku = SKUS[int(0, 3)]!;
  const total = orders.reduce((sum, o) => sum + o.items.filter((x) => x.sku === sku).reduce((s, x) => s + x.qty, 0), 0);
  const already = int(0, total + 2);
  const qty = int(1, 50);
  return { orders, sku, already, qty };
}

describe('label-index algorithm (facts §3.6 processItem)', () => {
  it('takes the pieces after the printed ones, order by order', () => {
    const orders: LabelIndexOrder[] = [
      { ID: 1, UNID: 'MO1', items: [{ sku: 'SKU-B', qty: 1 }] },
      {
        ID: 2,
        UNID: 'MO2',
        items: [
          { sku: 'SKU-A', qty: 2 },
          { sku: 'SKU-B', qty: 3 },
        ],
      },
      { ID: 3, UNID: 'MO3', items: [{ sku: 'SKU-B', qty: 1 }], itemPacks: [{ sku: 'SKU-B', lblIdx: [7] }] },
    ];
    expect(labelSlices(orders, 'SKU-B', 2, 3)).toEqual([
      { orderIndex: 1, ID: 2, UNID: 'MO2', lblIdx: [3, 4] },
      { orderIndex: 2, ID: 3, UNID: 'MO3', lblIdx: [7] },
    ]);
    expect(labelSlices(orders, 'SKU-C', 0, 5)).toEqual([]);
  });

  it('agrees with the reference on 1,000 seeded random cases', () => {
    let compared = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const { orders, sku, already, qty } = randomCase(seed);
      const got = labelSlices(orders, sku, already, qty).map(({ orderIndex, lblIdx }) => ({ orderIndex, lblIdx }));
      expect(got, `seed ${seed}`).toEqual(reference(orders, sku, already, qty));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(500);
  });
});
