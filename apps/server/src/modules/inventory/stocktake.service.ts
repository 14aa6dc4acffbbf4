import type { stockCountCreateSchema, stockCountLinesSchema } from '@kontor/contracts/domains/inventory';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { stockTransaction, type Actor } from './stock-tx.js';
import type { StockService } from './stock.service.js';
import { StocktakeRepo } from './stocktake.repo.js';
import { TenantScope } from '../../db/tenant-scope.js';

/** A counted line; `unitId` names a row inside a merged unit (loose stock when left out). */
type CountLine = Omit<z.infer<typeof stockCountLinesSchema>['lines'][number], 'unitId'> & { unitId?: number | null };

/**
 * Stocktaking (issue 5 §5): a count of one or more compartments. Each counted line stores what the
 * ledger held at the moment it was counted; posting adds (counted − expected) to the current
 * quantity, so picks and moves made between counting and approval are kept, not overwritten.
 */
export class StocktakeService {
  private readonly repo: StocktakeRepo;

  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly stock: StockService,
  ) {
    this.repo = new StocktakeRepo(core.db);
  }

  /**
   * A count covers whole compartments, which hold several merchants' stock: counting and approving are
   * warehouse work, for sessions not bound to one merchant (architecture rule 5), whatever privileges a
   * merchant user's role may have been given.
   */
  wholeWarehouse(actor: Actor): void {
    if (actor.merchantScope.merchantId !== null) throw new AppError('NoPermission');
  }

  async create(actor: Actor, input: z.infer<typeof stockCountCreateSchema>) {
    this.wholeWarehouse(actor);
    const compartments = await this.stock.places.compartmentsByIds(input.compartmentIds);
    const wrong = input.compartmentIds.find((id) => !compartments.some((c) => c.id === id && c.warehouseId === input.warehouseId));
    if (wrong) throw new AppError('CompartmentNotFound', { params: { code: wrong }, fields: [{ field: 'compartmentIds', message: String(wrong) }] });
    const id = await this.repo.create({ warehouseId: input.warehouseId, compartmentIds: input.compartmentIds, note: input.note || null, userId: actor.userId });
    return this.get(id);
  }

  /** One count with its lines and the stock of its compartments. */
  async read(actor: Actor, id: number) {
    this.wholeWarehouse(actor);
    return this.get(id);
  }

  async get(id: number) {
    const count = await this.repo.header(id);
    if (!count) throw new AppError('NotFound');
    const compartmentIds = count.compartmentIds as number[];
    const lines = await this.repo.lines(id);
    const stock = await this.repo.stockIn(compartmentIds);
    const units = await this.repo.unitsOfCount(id, compartmentIds);
    return { ...count, lines, stock, units };
  }

  /** Records counted quantities; a line counted again replaces the earlier count. */
  async count(actor: Actor, id: number, lines: CountLine[]) {
    this.wholeWarehouse(actor);
    const count = await this.open(id);
    for (const line of lines) {
      if (!(count.compartmentIds as number[]).includes(line.compartmentId)) {
        throw new AppError('IntegrityError', { fields: [ruleError('compartmentId', 'notInCount', { value: line.compartmentId })] });
      }
      if (!(await this.stock.places.itemById(line.itemId, actor.merchantScope))) throw new AppError('ItemNotFound', { params: { code: line.itemId } });
      if (line.unitId != null && !(await this.repo.unitIn(line.unitId, line.compartmentId)))
        throw new AppError('NotFound', { fields: [ruleError('unitId', 'unitNotThere', { unit: line.unitId, compartment: line.compartmentId })] });
    }
    await stockTransaction(this.core.db, async (trx) => {
      for (const line of lines) await this.saveLine(trx, actor, id, line);
    });
    return this.get(id);
  }

  /** Stores one counted line beside what the ledger holds at this moment (a line counted again replaces the earlier count). */
  async saveLine(trx: Kysely<DB>, actor: Actor, countId: number, line: CountLine) {
    const unitId = line.unitId ?? null;
    const expected = await StocktakeRepo.heldQuantity(trx, { ...line, unitId });
    const merchantId = await StocktakeRepo.merchantOfItem(trx, line.itemId);
    await StocktakeRepo.saveLine(trx, { ...line, countId, merchantId, unitId, expected, userId: actor.userId });
  }

  async open(id: number) {
    const count = await this.get(id);
    if (count.status !== 'open') throw new AppError('InvalidState');
    return count;
  }

  /** Posts every difference as a count adjustment through the ledger, all or nothing. */
  async post(actor: Actor, id: number) {
    this.wholeWarehouse(actor);
    const count = await this.open(id);
    const differing = count.lines.filter((l) => l.counted !== l.expected);
    const ids: number[] = [];
    for (const line of differing) {
      const compartment = (await this.stock.places.compartmentById(line.compartmentId))!;
      const item = (await this.stock.places.itemById(line.itemId, TenantScope.all))!;
      ids.push(
        await this.stock.repo.ensure(this.core.db, {
          merchantId: item.merchantId,
          itemId: item.id,
          warehouseId: compartment.warehouseId,
          compartmentId: compartment.id,
          batch: line.batch,
          status: line.status,
          unitId: line.unitId ?? null,
        }),
      );
    }
    await stockTransaction(this.core.db, async (trx) => {
      if (!(await StocktakeRepo.claimForPosting(trx, id, actor.userId))) throw new AppError('InvalidState');
      const rows = await this.stock.repo.lock(trx, ids);
      for (const [i, line] of differing.entries()) {
        const row = rows.get(ids[i]!)!;
        const delta = line.counted - line.expected;
        if (row.quantity + delta < row.reserved) {
          throw new AppError('InsufficientStock', {
            params: { available: row.quantity - row.reserved, requested: -delta },
            fields: [ruleError('lines', 'releaseFirst', { compartment: line.compartment, sku: line.sku, reserved: row.reserved })],
          });
        }
        await this.stock.repo.post(trx, row, { delta, deltaReserved: 0, reason: 'count', refType: 'stocktake', refId: String(id), userId: actor.userId });
      }
    });
    return this.get(id);
  }

  async cancel(actor: Actor, id: number) {
    this.wholeWarehouse(actor);
    await this.open(id);
    await this.repo.cancel(id);
    return this.get(id);
  }

  async list(actor: Actor, limit: number) {
    this.wholeWarehouse(actor);
    return this.repo.list(limit);
  }
}
