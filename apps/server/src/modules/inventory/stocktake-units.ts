import type { stockCountUnitSchema } from '@kontor/contracts/domains/inventory';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { stockTransaction, type Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';
import { StocktakeRepo } from './stocktake.repo.js';
import type { StocktakeService } from './stocktake.service.js';
import { tenantAllows } from '../../db/tenant-scope.js';

type UnitInput = z.infer<typeof stockCountUnitSchema>;

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
    if (!unit || !tenantAllows(actor.merchantScope, unit.merchantId)) throw new AppError('NotFound', { fields: [{ field: 'unit', message: input.unit }] });
    if (input.compartmentId !== undefined && !compartments.includes(input.compartmentId))
      throw new AppError('IntegrityError', { fields: [ruleError('compartmentId', 'notInCount', { value: input.compartmentId })] });
    if (input.missing && !compartments.includes(unit.compartmentId))
      throw new AppError('IntegrityError', { fields: [ruleError('unit', 'unitNotInCount', { unit: unit.code })] });
    const outcome = input.missing ? 'missing' : input.compartmentId === unit.compartmentId ? 'confirmed' : 'elsewhere';
    await stockTransaction(this.core.db, async (trx) => {
      if (outcome === 'elsewhere') await StocktakeRepo.dropUnitLines(trx, countId, unit.id);
      else
        for (const row of await StocktakeRepo.unitRows(trx, unit.id, unit.compartmentId))
          await this.stocktakes.saveLine(trx, actor, countId, { ...row, unitId: unit.id, counted: outcome === 'missing' ? 0 : row.quantity });
      await StocktakeRepo.saveUnitOutcome(trx, {
        countId,
        unitId: unit.id,
        outcome,
        expectedCompartmentId: unit.compartmentId,
        foundCompartmentId: input.compartmentId ?? null,
        userId: actor.userId,
      });
    });
    return { ...(await this.stocktakes.get(countId)), outcome, unit: unit.code };
  }
}
