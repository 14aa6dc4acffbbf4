import type { stockCountUnitSchema } from '@kontor/contracts/domains/inventory';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { stockTransaction, type Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';
import type { StocktakeService } from './stocktake.service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- inventory tables are declared by migrations 0005 and 0010
type AnyDB = Kysely<any>;

type UnitInput = z.infer<typeof stockCountUnitSchema>;

/**
 * The merged units a count concerns: those the books hold in its compartments, and those the counter
 * found in one of them although the books have them elsewhere; with what was found of each so far.
 */
export async function unitsOfCount(db: AnyDB, countId: number, compartmentIds: number[]) {
  return (await db
    .selectFrom('merged_units as u')
    .innerJoin('compartments as c', 'c.id', 'u.compartment_id')
    .leftJoin('stock_count_units as r', (j) => j.onRef('r.unit_id', '=', 'u.id').on('r.count_id', '=', countId))
    .leftJoin('compartments as f', 'f.id', 'r.found_compartment_id')
    .select(['u.id as unitId', 'u.code', 'u.kind', 'u.compartment_id as compartmentId', 'c.code as compartment'])
    .select(['r.outcome', 'r.found_compartment_id as foundCompartmentId', 'f.code as foundCompartment'])
    .where((eb) => eb.or([eb('u.compartment_id', 'in', compartmentIds), eb('r.id', 'is not', null)]))
    .orderBy('u.code')
    .execute()) as Array<{
    unitId: number;
    code: string;
    kind: string;
    compartmentId: number;
    compartment: string;
    outcome: 'confirmed' | 'missing' | 'elsewhere' | null;
    foundCompartmentId: number | null;
    foundCompartment: string | null;
  }>;
}

/**
 * A merged unit counted as one (issue 5 §5). Scanned in the compartment where the books have it, every
 * row of the unit is counted as the ledger holds it then; counted missing, every row is counted 0; found
 * in another compartment of the count, it is reported and its lines are left uncounted (the unit is
 * moved with the unit move, not by posting a count). The latest scan of a unit decides.
 */
export class StocktakeUnits {
  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly stock: StockService,
    private readonly stocktakes: StocktakeService,
  ) {}

  async count(actor: Actor, countId: number, input: UnitInput) {
    this.stocktakes.wholeWarehouse(actor);
    const count = await this.stocktakes.open(countId);
    const compartments = count.compartmentIds as number[];
    const unit = await this.stock.places.mergedUnitByCode(input.unit);
    if (!unit || (actor.merchantScope !== null && unit.merchantId !== actor.merchantScope))
      throw new AppError('NotFound', { fields: [{ field: 'unit', message: input.unit }] });
    if (input.compartmentId !== undefined && !compartments.includes(input.compartmentId))
      throw new AppError('IntegrityError', { fields: [ruleError('compartmentId', 'notInCount', { value: input.compartmentId })] });
    if (input.missing && !compartments.includes(unit.compartmentId))
      throw new AppError('IntegrityError', { fields: [ruleError('unit', 'unitNotInCount', { unit: unit.code })] });
    const outcome = input.missing ? 'missing' : input.compartmentId === unit.compartmentId ? 'confirmed' : 'elsewhere';
    await stockTransaction(this.core.db, async (trx) => {
      const db = trx as AnyDB;
      if (outcome === 'elsewhere') await db.deleteFrom('stock_count_lines').where('count_id', '=', countId).where('unit_id', '=', unit.id).execute();
      else
        for (const row of await this.rowsOf(trx, unit.id, unit.compartmentId))
          await this.stocktakes.saveLine(trx, actor, countId, { ...row, unitId: unit.id, counted: outcome === 'missing' ? 0 : row.quantity });
      await sql`insert into stock_count_units (count_id, unit_id, outcome, expected_compartment_id, found_compartment_id, counted_by)
        values (${countId}, ${unit.id}, ${outcome}, ${unit.compartmentId}, ${input.compartmentId ?? null}, ${actor.userId})
        on conflict (count_id, unit_id) do update set outcome = excluded.outcome, expected_compartment_id = excluded.expected_compartment_id,
          found_compartment_id = excluded.found_compartment_id, counted_by = excluded.counted_by, counted_at = now()`.execute(trx);
    });
    return { ...(await this.stocktakes.get(countId)), outcome, unit: unit.code };
  }

  /** The unit's rows with stock in the compartment where the books have it, read in the counting transaction. */
  private async rowsOf(trx: Kysely<DB>, unitId: number, compartmentId: number) {
    return (await (trx as AnyDB)
      .selectFrom('stock')
      .select(['item_id as itemId', 'compartment_id as compartmentId', 'batch', 'status', 'quantity'])
      .where('unit_id', '=', unitId)
      .where('compartment_id', '=', compartmentId)
      .where('quantity', '>', 0)
      .orderBy('id')
      .execute()) as Array<{ itemId: number; compartmentId: number; batch: string; status: 0 | 2 | 5 | 10; quantity: number }>;
  }
}
