import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { mustBeOpen, resolveCompartment, resolveItem } from './resolve.js';
import { stockTransaction, type Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- inventory tables are declared by migration 0005
type AnyDB = Kysely<any>;

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
  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly stock: StockService,
  ) {}

  private async unit(actor: Actor, unitCode: string) {
    const unit = await this.stock.places.mergedUnitByCode(unitCode);
    if (!unit || (actor.merchantScope !== null && unit.merchantId !== actor.merchantScope))
      throw new AppError('NotFound', { fields: [{ field: 'unit', message: unitCode }] });
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
    const rows = await this.rowsOf(this.core.db, unit.id);
    const pairs: Array<{ from: number; to: number }> = [];
    for (const r of rows) pairs.push({ from: r.id, to: await this.stock.repo.ensure(this.core.db, { ...r, unitId: null }) });
    await stockTransaction(this.core.db, async (trx) => {
      const locked = await this.stock.repo.lock(
        trx,
        pairs.flatMap((p) => [p.from, p.to]),
      );
      for (const p of pairs) {
        const source = locked.get(p.from)!;
        if (source.quantity > 0)
          await this.stock.transfer(trx, actor, source, locked.get(p.to)!, source.quantity, {
            reason: 'unpack',
            withReservations: true,
            refType: 'unit',
            refId: unit.code,
          });
      }
    });
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
    const rows = await this.rowsOf(this.core.db, unit.id);
    const pairs: Array<{ from: number; to: number }> = [];
    for (const r of rows)
      pairs.push({ from: r.id, to: await this.stock.repo.ensure(this.core.db, { ...r, warehouseId: to.warehouseId, compartmentId: to.id, unitId: unit.id }) });
    await stockTransaction(this.core.db, async (trx) => {
      const locked = await this.stock.repo.lock(
        trx,
        pairs.flatMap((p) => [p.from, p.to]),
      );
      for (const p of pairs) {
        const source = locked.get(p.from)!;
        if (source.quantity > 0)
          await this.stock.transfer(trx, actor, source, locked.get(p.to)!, source.quantity, {
            reason: 'move',
            withReservations: true,
            refType: 'unit',
            refId: unit.code,
          });
      }
      await (trx as AnyDB).updateTable('merged_units').set({ compartment_id: to.id }).where('id', '=', unit.id).execute();
    });
    return this.contents(unit.id);
  }

  private async rowsOf(db: Kysely<DB>, unitId: number) {
    return (await (db as AnyDB)
      .selectFrom('stock')
      .select([
        'id',
        'merchant_id as merchantId',
        'item_id as itemId',
        'warehouse_id as warehouseId',
        'compartment_id as compartmentId',
        'batch',
        'status',
        'quantity',
      ])
      .where('unit_id', '=', unitId)
      .where('quantity', '>', 0)
      .orderBy('id')
      .execute()) as Array<{
      id: number;
      merchantId: number;
      itemId: number;
      warehouseId: number;
      compartmentId: number;
      batch: string;
      status: number;
      quantity: number;
    }>;
  }

  /** What the unit holds now, where. */
  async contents(unitId: number) {
    const unit = await (this.core.db as AnyDB)
      .selectFrom('merged_units as u')
      .innerJoin('compartments as c', 'c.id', 'u.compartment_id')
      .select(['u.id', 'u.code', 'u.kind', 'u.compartment_id as compartmentId', 'c.code as compartment'])
      .where('u.id', '=', unitId)
      .executeTakeFirstOrThrow();
    const items = await (this.core.db as AnyDB)
      .selectFrom('stock_view')
      .select(['sku', 'item_name as itemName', 'batch', 'status', 'quantity', 'reserved'])
      .where('unit_id', '=', unitId)
      .where('quantity', '>', 0)
      .orderBy('sku')
      .execute();
    return { ...unit, items };
  }
}
