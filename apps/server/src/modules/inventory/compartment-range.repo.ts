import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface CompartmentForLabel {
  id: number;
  code: string;
  zone: string;
  kind: string;
  priority: number;
  warehouseCode: string;
}

/** The SQL of compartment ranges and compartment labels. */
export const compartmentRangeRepo = {
  /** Which of these codes the warehouse already has. */
  async existing(db: Kysely<DB>, warehouseId: number, codes: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < codes.length; i += 500) {
      const rows = await db
        .selectFrom('compartments')
        .select('code')
        .where('warehouse_id', '=', warehouseId)
        .where('code', 'in', codes.slice(i, i + 500))
        .execute();
      for (const r of rows) found.add(r.code);
    }
    return found;
  },

  /** Inserts the compartments a warehouse does not have yet; answers the new ones (a code taken meanwhile is skipped). */
  async insertMissing(
    db: Kysely<DB>,
    warehouseId: number,
    rows: Array<{ code: string; zone: string; kind: string; priority: number }>,
  ): Promise<Array<{ id: number; code: string }>> {
    const out: Array<{ id: number; code: string }> = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await db
        .insertInto('compartments')
        .values(rows.slice(i, i + 500).map((r) => ({ warehouse_id: warehouseId, code: r.code, zone: r.zone, kind: r.kind, priority: r.priority })))
        .onConflict((oc) => oc.columns(['warehouse_id', 'code']).doNothing())
        .returning(['id', 'code'])
        .execute();
      out.push(...inserted.map((r) => ({ id: Number(r.id), code: r.code })));
    }
    return out;
  },

  /** Compartments to print labels for, in the order asked. */
  async forLabels(db: Kysely<DB>, ids: number[]): Promise<CompartmentForLabel[]> {
    const rows = await db
      .selectFrom('compartments as c')
      .innerJoin('warehouses as w', 'w.id', 'c.warehouse_id')
      .select(['c.id', 'c.code', 'c.zone', 'c.kind', 'c.priority', 'w.code as warehouseCode'])
      .where('c.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  },
};

/** The compartments of a label request, for the labels module. */
