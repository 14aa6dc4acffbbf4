import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Core } from '../../core.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { MergedUnitRepo } from './merged-unit.repo.js';
import { mustBeOpen, resolveCompartment, resolveItem } from './resolve.js';
import { stockTransaction, type Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';
import { tenantAllows } from '../../db/tenant-scope.js';

const code = z.string().trim().min(1).max(64);
export const packSchema = z.strictObject({
  unit: code,
  itemId: z.number().int().positive().optional(),
  item: code.optional(),
  batch: z.string().trim().max(64).default(''),
  quantity: z.number({ error: 'required' }).int('whole units only').positive('more than 0'),
});
export const unpackSchema = z.strictObject({ unit: code });
export const moveUnitSchema = z.strictObject({ unit: code, toCompartmentId: z.number().int().positive().optional(), toCompartment: code.optional() });

/**
 * Merged units (issue 5 §5): a box or pallet holding several items, moved and counted as one. Its
 * contents are stock rows carrying the unit; packing, unpacking and moving the unit go through the
 * ledger like any other transfer, with reservations travelling along.
 */
export class MergedUnitService {
  private readonly repo: MergedUnitRepo;

  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly stock: StockService,
  ) {
    this.repo = new MergedUnitRepo(core.db);
  }

  private async unit(actor: Actor, unitCode: string) {
    const unit = await this.stock.places.mergedUnitByCode(unitCode);
    if (!unit || !tenantAllows(actor.merchantScope, unit.merchantId)) throw new AppError('NotFound', { fields: [{ field: 'unit', message: unitCode }] });
    return unit;
  }

  /** Puts loose units of the unit's compartment into the unit. */
  async pack(actor: Actor, input: z.infer<typeof packSchema>) {
    const unit = await this.unit(actor, input.unit);
    const item = await resolveItem(this.stock.places, actor.merchantScope, input);
    if (item.merchantId !== unit.merchantId) throw new AppError('IntegrityError', { fields: [ruleError('item', 'otherMerchantUnit')] });
    const compartment = (await this.stock.places.compartmentById(unit.compartmentId))!;
    mustBeOpen(compartment);
    const key = {
      merchantId: item.merchantId,
      itemId: item.id,
      warehouseId: compartment.warehouseId,
      compartmentId: compartment.id,
      batch: input.batch,
      status: 10,
    };
    const looseId = await this.stock.repo.ensure(this.core.db, { ...key, unitId: null });
    const packedId = await this.stock.repo.ensure(this.core.db, { ...key, unitId: unit.id });
    await stockTransaction(this.core.db, async (trx) => {
      const rows = await this.stock.repo.lock(trx, [looseId, packedId]);
      await this.stock.transfer(trx, actor, rows.get(looseId)!, rows.get(packedId)!, input.quantity, {
        reason: 'pack',
        withReservations: false,
        refType: 'unit',
        refId: unit.code,
      });
    });
    return this.contents(unit.id);
  }

  /** Empties the unit into loose stock of its compartment. */
  async unpack(actor: Actor, input: z.infer<typeof unpackSchema>) {
    const unit = await this.unit(actor, input.unit);
    const rows = await this.repo.rowsOf(unit.id);
    const pairs: Array<{ from: number; to: number }> = [];
    for (const r of rows) pairs.push({ from: r.id, to: await this.stock.repo.ensure(this.core.db, { ...r, unitId: null }) });
    await this.transferAll(actor, unit.code, pairs, 'unpack');
    return this.contents(unit.id);
  }

  /** Moves the whole unit, all its contents and their reservations, to another compartment. */
  async move(actor: Actor, input: z.infer<typeof moveUnitSchema>) {
    const unit = await this.unit(actor, input.unit);
    const from = (await this.stock.places.compartmentById(unit.compartmentId))!;
    const to = await resolveCompartment(
      this.stock.places,
      { compartmentId: input.toCompartmentId, compartment: input.toCompartment },
      'toCompartment',
      from.warehouseId,
    );
    mustBeOpen(from);
    mustBeOpen(to, 'toCompartment');
    if (to.id === from.id) throw new AppError('IntegrityError', { fields: [ruleError('toCompartment', 'sameAsBefore')] });
    const rows = await this.repo.rowsOf(unit.id);
    const pairs: Array<{ from: number; to: number }> = [];
    for (const r of rows)
      pairs.push({ from: r.id, to: await this.stock.repo.ensure(this.core.db, { ...r, warehouseId: to.warehouseId, compartmentId: to.id, unitId: unit.id }) });
    await this.transferAll(actor, unit.code, pairs, 'move', (trx) => MergedUnitRepo.setCompartment(trx, unit.id, to.id));
    return this.contents(unit.id);
  }

  /**
   * Moves everything on each `from` row to its `to` row, reservations included, in one ledger
   * transaction (rows locked in the ledger's order); `then` runs in the same transaction after.
   */
  private async transferAll(
    actor: Actor,
    unitCode: string,
    pairs: Array<{ from: number; to: number }>,
    reason: 'unpack' | 'move',
    then?: (trx: Kysely<DB>) => Promise<unknown>,
  ): Promise<void> {
    await stockTransaction(this.core.db, async (trx) => {
      const locked = await this.stock.repo.lock(
        trx,
        pairs.flatMap((p) => [p.from, p.to]),
      );
      for (const p of pairs) {
        const source = locked.get(p.from)!;
        if (source.quantity > 0)
          await this.stock.transfer(trx, actor, source, locked.get(p.to)!, source.quantity, {
            reason,
            withReservations: true,
            refType: 'unit',
            refId: unitCode,
          });
      }
      await then?.(trx);
    });
  }

  /** What the unit holds now, where. */
  async contents(unitId: number) {
    const unit = await this.repo.header(unitId);
    const items = await this.repo.items(unitId);
    return { ...unit, items };
  }
}
