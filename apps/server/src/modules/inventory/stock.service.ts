import { type adjustSchema, type changeStatusSchema, type moveSchema } from '@kontor/contracts/domains/inventory';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { PlacesRepo, type ItemRef } from './places.repo.js';
import { insufficient, mustBeOpen, resolveCompartment, resolveItem } from './resolve.js';
import { stockTransaction, type Actor } from './stock-tx.js';
import { StockRepo, type StockRow } from './stock.repo.js';

/** An adjustment; `expiry` may be left out by callers inside the server (the route's schema defaults it). */
type AdjustInput = Omit<z.infer<typeof adjustSchema>, 'expiry'> & { expiry?: string | null };
type MoveInput = z.infer<typeof moveSchema> & { withReservations?: boolean };
type StatusInput = z.infer<typeof changeStatusSchema>;

/** Issue 5 §2: units of an expiry-tracked item are added with their best-before date; other items take none. */
function checkExpiry(item: ItemRef, input: AdjustInput): void {
  const refuse = (rule: 'expiryRefused' | 'expiryRequired' | 'expiryOnlyAdding') =>
    new AppError('IntegrityError', { fields: [ruleError('expiry', rule, { sku: item.sku })] });
  if (!item.expiryTracked && input.expiry) throw refuse('expiryRefused');
  if (item.expiryTracked && input.delta > 0 && !input.expiry) throw refuse('expiryRequired');
  if (input.delta < 0 && input.expiry) throw refuse('expiryOnlyAdding');
}

/**
 * Adjust, move and change status of stock (issue 5 §5). Every change locks its rows in id order,
 * checks against the locked values and posts through the ledger, so the snapshot always equals the
 * sum of the log and no two writers can both spend the same units.
 */
export class StockService {
  readonly repo: StockRepo;
  readonly places: PlacesRepo;

  constructor(
    private readonly core: Pick<Core, 'db'>,
    options: { lockRows: boolean } = { lockRows: true },
  ) {
    this.repo = new StockRepo(options);
    this.places = new PlacesRepo(core.db);
  }

  /** Adds or removes units of one row by hand; removing never touches reserved units. */
  async adjust(actor: Actor, input: AdjustInput) {
    const item = await resolveItem(this.places, actor.merchantScope, input);
    const compartment = await resolveCompartment(this.places, input);
    mustBeOpen(compartment);
    checkExpiry(item, input);
    const key = {
      merchantId: item.merchantId,
      itemId: item.id,
      warehouseId: compartment.warehouseId,
      compartmentId: compartment.id,
      batch: input.batch,
      status: input.status,
      unitId: null,
    };
    const stockId = await this.repo.ensure(this.core.db, key);
    return stockTransaction(this.core.db, async (trx) => {
      const row = (await this.repo.lock(trx, [stockId])).get(stockId)!;
      if (input.delta < 0 && row.quantity - row.reserved < -input.delta) throw insufficient(row.quantity - row.reserved, -input.delta, 'delta');
      let expiry = await this.repo.expiryOf(trx, row.id);
      if (input.expiry && input.expiry !== expiry) {
        // One row holds one date: units of another date are another batch (or another row once this one is empty).
        if (row.quantity > 0 && expiry)
          throw new AppError('IntegrityError', {
            fields: [ruleError('expiry', 'expiryOtherDate', { item: key.batch ? `${item.sku} / ${key.batch}` : item.sku, expiry })],
          });
        await this.repo.setExpiry(trx, row.id, input.expiry);
        expiry = input.expiry;
      }
      await this.repo.post(trx, row, {
        delta: input.delta,
        deltaReserved: 0,
        reason: 'adjust',
        reasonCode: input.reasonCode,
        userId: actor.userId,
        note: input.note,
      });
      return { ...row, expiry };
    });
  }

  /** Moves units to another compartment (same item, batch and status); reserved units move only on request. */
  async move(actor: Actor, input: MoveInput) {
    const item = await resolveItem(this.places, actor.merchantScope, input);
    const from = await resolveCompartment(this.places, input);
    const to = await resolveCompartment(
      this.places,
      { compartmentId: input.toCompartmentId, compartment: input.toCompartment },
      'toCompartment',
      from.warehouseId,
    );
    mustBeOpen(from);
    mustBeOpen(to, 'toCompartment');
    if (from.id === to.id) throw new AppError('IntegrityError', { fields: [ruleError('toCompartment', 'sameAsBefore')] });
    const base = { merchantId: item.merchantId, itemId: item.id, batch: input.batch, status: input.status, unitId: null };
    const fromId = await this.repo.ensure(this.core.db, { ...base, warehouseId: from.warehouseId, compartmentId: from.id });
    const toId = await this.repo.ensure(this.core.db, { ...base, warehouseId: to.warehouseId, compartmentId: to.id });
    return stockTransaction(this.core.db, async (trx) => {
      const rows = await this.repo.lock(trx, [fromId, toId]);
      const source = rows.get(fromId)!;
      const target = rows.get(toId)!;
      await this.transfer(trx, actor, source, target, input.quantity, { reason: 'move', note: input.note, withReservations: input.withReservations ?? false });
      return { from: source, to: target };
    });
  }

  /** Freezes, damages or releases units: a transfer between rows of different status in one compartment. */
  async changeStatus(actor: Actor, input: StatusInput) {
    const item = await resolveItem(this.places, actor.merchantScope, input);
    const compartment = await resolveCompartment(this.places, input);
    mustBeOpen(compartment);
    if (input.toStatus === input.status) throw new AppError('IntegrityError', { fields: [ruleError('toStatus', 'sameAsBefore')] });
    const base = {
      merchantId: item.merchantId,
      itemId: item.id,
      warehouseId: compartment.warehouseId,
      compartmentId: compartment.id,
      batch: input.batch,
      unitId: null,
    };
    const fromId = await this.repo.ensure(this.core.db, { ...base, status: input.status });
    const toId = await this.repo.ensure(this.core.db, { ...base, status: input.toStatus });
    return stockTransaction(this.core.db, async (trx) => {
      const rows = await this.repo.lock(trx, [fromId, toId]);
      const source = rows.get(fromId)!;
      const target = rows.get(toId)!;
      await this.transfer(trx, actor, source, target, input.quantity, { reason: 'status', note: input.note, withReservations: false });
      return { from: source, to: target };
    });
  }

  /**
   * Takes units off one locked row and puts them on another. Free units go first; with
   * `withReservations` the reservations on the moved units travel along (issue 5 §6 "move a
   * reservation with its stock").
   */
  async transfer(
    trx: Parameters<StockRepo['post']>[0],
    actor: Actor,
    source: StockRow,
    target: StockRow,
    quantity: number,
    how: { reason: string; note?: string; withReservations: boolean; refType?: string; refId?: string },
  ) {
    const free = source.quantity - source.reserved;
    const movable = how.withReservations ? source.quantity : free;
    if (quantity > movable) throw insufficient(movable, quantity);
    const reservedMoved = Math.max(0, quantity - free);
    await this.repo.carryExpiry(trx, source.id, target.id);
    if (reservedMoved > 0) await this.carryReservations(trx, source, target, reservedMoved);
    const entry = { reason: how.reason, userId: actor.userId, note: how.note, refType: how.refType, refId: how.refId };
    await this.repo.post(trx, source, { ...entry, delta: -quantity, deltaReserved: -reservedMoved });
    await this.repo.post(trx, target, { ...entry, delta: quantity, deltaReserved: reservedMoved });
  }

  /** Re-points reservations (oldest first) from the source row to the target, splitting the last one. */
  private async carryReservations(trx: Parameters<StockRepo['post']>[0], source: StockRow, target: StockRow, units: number) {
    let left = units;
    for (const r of await this.repo.reservationsOnStock(trx, source.id)) {
      if (left === 0) break;
      const take = Math.min(left, r.quantity);
      if (take === r.quantity) await this.repo.setReservation(trx, r.id, r.quantity, target.id);
      else {
        await this.repo.setReservation(trx, r.id, r.quantity - take);
        await this.repo.addReservation(trx, target, { type: r.refType, id: r.refId }, take);
      }
      left -= take;
    }
  }
}
