import { picklistRulesSchema } from '@kontor/contracts/domains/picking';
import { describe, expect, it } from 'vitest';
import { naturalCompare, pickPath, planWaves } from '../src/modules/picking/index.js';
import type { CandidateOrder, ReservedPiece } from '../src/modules/picking/picklist-create.repo.js';

const order = (id: number, units: number, priority = 2): CandidateOrder => ({ id, merchantId: 1, warehouseId: 1, priority, carrier: 'DHL', units });
const piece = (orderId: number, compartment: string, compartmentPriority: number, itemId = 1, quantity = 1, batch = ''): ReservedPiece => ({
  orderId,
  itemId,
  batch,
  compartmentId: Number(compartment.replace(/\D/g, '')),
  compartment,
  compartmentPriority,
  quantity,
});

describe('pick path (docs/picking.md)', () => {
  it('sorts compartment names in natural order: A-2 before A-10', () => {
    expect(['A-10', 'A-2', 'B-1', 'a-3'].sort(naturalCompare)).toEqual(['A-2', 'a-3', 'A-10', 'B-1']);
  });

  it('walks compartments by picking priority, then name, and lists orders where their first piece is picked', () => {
    const orders = [order(1, 2), order(2, 1), order(3, 1)];
    const { lines, orderIds } = pickPath(orders, [
      piece(1, 'A-10', 1),
      piece(1, 'C-1', 5),
      piece(2, 'A-2', 1),
      piece(3, 'A-10', 1, 1, 1),
      piece(3, 'B-7', 0, 2, 1),
    ]);
    expect(lines.map((l) => [l.compartmentId, l.itemId, l.qty])).toEqual([
      [7, 2, 1],
      [2, 1, 1],
      [10, 1, 2],
      [1, 1, 1],
    ]);
    expect(orderIds).toEqual([3, 2, 1]);
  });

  it('puts single-item orders in type-100 lists apart from multi-item ones, within the limits', () => {
    const rules = picklistRulesSchema.parse({ maxOrders: 2, maxUnits: 5, maxLists: 0 });
    const waves = planWaves([order(1, 1), order(2, 3), order(3, 1), order(4, 4), order(5, 1), order(6, 9, 3)], rules);
    expect(waves.map((w) => [w.type, w.orders.map((o) => o.id)])).toEqual([
      [1, [6]],
      [100, [1, 3]],
      [100, [5]],
      [1, [2]],
      [1, [4]],
    ]);
    expect(planWaves([order(1, 1), order(2, 2)], { ...rules, split: 'singleOnly' }).map((w) => w.type)).toEqual([100]);
    expect(planWaves([order(1, 1), order(2, 2)], { ...rules, maxLists: 1 })).toHaveLength(1);
  });
});
