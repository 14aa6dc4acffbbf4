import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PICKLIST, PICKLIST_OPEN } from '../src/index.js';

describe('picklist status machine', () => {
  it('keeps the original codes of facts §3.6: open 0, 1, 3, 4, 5, 10, 15, 95; 20, 99, 120', () => {
    expect(PICKLIST_OPEN.map((s) => PICKLIST.codeOf(s)).sort((a, b) => a - b)).toEqual([0, 1, 3, 4, 5, 10, 15, 95]);
    expect(PICKLIST.codes('packingCompleted', 'shippedPartially', 'canceled')).toEqual([20, 99, 120]);
  });

  it('is documented in docs/picking.md exactly as the table holds it', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/picking.md'), 'utf8');
    const rows = new Map(
      doc
        .split('\n')
        .filter((line) => /^\| \d+ +\| `/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map((cells) => [cells[2]!.replaceAll('`', ''), cells] as const),
    );
    expect([...rows.keys()].sort()).toEqual(Object.keys(PICKLIST.states).sort());
    for (const [state, def] of Object.entries(PICKLIST.states)) {
      const cells = rows.get(state)!;
      expect([cells[1], cells[3], cells[4], cells[5], cells[6], cells[7]], state).toEqual([
        String(def.code),
        def.label.en,
        def.label.de,
        def.label.cn,
        def.tone,
        def.next.map((n) => `\`${n}\``).join(', ') || '—',
      ]);
    }
  });
});
