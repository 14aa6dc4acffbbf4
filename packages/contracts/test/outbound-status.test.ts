import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INBOUND_ORDER, OUTBOUND_DISPATCHED, OUTBOUND_ORDER } from '../src/index.js';

/** Spec §4 "Task statuses": every label is a state of one of the task machines. */
const SPEC_TASK_LABELS =
  'ready to inbound, inbounded, partially inbounded, receipt pending, receiving, received, ready to pick, in picklist, picklist printed, ready to pack, packing completed, packed, partially packed, ready to ship, shipment label awaits, transport label awaits, shipped, partially shipped, in transit, in delivery, delivered, retour received, partially retour received, hold, standby, out of stock, wrong address, problem, manual handling awaits, customer handling awaits, cancel requested, packet weight needed, packet dimension needed, ready to swap, finish, partially finish'.split(
    ', ',
  );

describe('outbound status machine', () => {
  it('calls dispatched exactly the states the original numbered 99 and up, canceled aside', () => {
    const fromCodes = Object.entries(OUTBOUND_ORDER.states)
      .filter(([state, def]) => def.code >= 99 && state !== 'canceled')
      .map(([state]) => state);
    expect([...OUTBOUND_DISPATCHED].sort()).toEqual(fromCodes.sort());
  });

  it('has a state for every task status label of spec §4', () => {
    const labels = new Set([...Object.values(OUTBOUND_ORDER.states), ...Object.values(INBOUND_ORDER.states)].map((s) => s.label.en.toLowerCase()));
    expect(SPEC_TASK_LABELS.filter((label) => !labels.has(label))).toEqual([]);
  });

  it('keeps the original codes of facts §5.1', () => {
    expect(
      OUTBOUND_ORDER.codes('readyToPick', 'picklistPrinted', 'cancelRequested', 'readyToSwap', 'readyToPack', 'hold', 'outOfStock', 'wrongAddress'),
    ).toEqual([0, 1, 2, 3, 4, 5, 8, 9]);
    expect(OUTBOUND_ORDER.codes('inPicklist', 'packingCompleted', 'snRequired', 'partialQc', 'readyToShip', 'partiallyShipped', 'shipped', 'canceled')).toEqual(
      [10, 20, 91, 95, 96, 99, 100, 120],
    );
    expect(OUTBOUND_ORDER.codes('inTransit', 'delivered')).toEqual([126, 127]);
  });

  it('is documented in docs/outbound.md exactly as the table holds it', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/outbound.md'), 'utf8');
    const rows = new Map(
      doc
        .split('\n')
        .filter((line) => /^\| \d+ +\| `/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map((cells) => [cells[2]!.replaceAll('`', ''), cells] as const),
    );
    expect([...rows.keys()].sort()).toEqual(Object.keys(OUTBOUND_ORDER.states).sort());
    for (const [state, def] of Object.entries(OUTBOUND_ORDER.states)) {
      const cells = rows.get(state)!;
      expect([cells[1], cells[3], cells[6], cells[7]], state).toEqual([
        String(def.code),
        def.label.en,
        def.tone,
        def.next.map((n) => `\`${n}\``).join(', ') || '—',
      ]);
    }
  });
});
