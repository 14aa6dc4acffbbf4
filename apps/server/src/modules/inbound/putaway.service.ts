import { INBOUND_ORDER } from '@kontor/contracts';
import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import type { putawaySchema } from '@kontor/contracts/domains/inbound';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { Places } from '../inventory/index.js';
import { putawayTargets } from '../inventory/index.js';
import { insufficient, mustBeOpen } from '../inventory/index.js';
import type { Actor } from '../inventory/index.js';
import { StockLedger } from '../inventory/index.js';
import { InboundRepo, type OrderRow } from './inbound.repo.js';
import { receivingRepo } from './receiving.repo.js';

/** Compartment kinds that take put-away goods: valid stock to storage, damaged stock to quarantine. */
const TARGET_KINDS: Record<number, string[]> = {
  [STOCK_STATUS.receiving]: ['pick', 'bulk'],
  [STOCK_STATUS.damaged]: ['damaged', 'problem', 'returns'],
};

/** Where a receiving's goods wait: the order's staging compartment, else the warehouse's first open one. */
export async function stagingCompartment(db: Kysely<DB>, order: OrderRow): Promise<number> {
  const id = await stagingCompartmentOrNull(db, order);
  if (id === null) throw new AppError('IntegrityError', { fields: [ruleError('warehouseId', 'noStaging')] });
  return id;
}

/** The staging compartment the order's goods wait in, or would wait in when completed now; null when there is none. */
export async function stagingCompartmentOrNull(db: Kysely<DB>, order: OrderRow): Promise<number | null> {
  if (order.stagingCompartmentId !== null) return order.stagingCompartmentId;
  return putawayTargets.staging(db, order.warehouseId);
}

/**
 * Suggests a compartment: for valid goods where the item already lies (most units first), else the
 * first empty pick or bulk compartment by picking priority; for damaged goods the first open
 * quarantine compartment.
 */
async function suggest(db: Kysely<DB>, warehouseId: number, itemId: number, status: number) {
  if (status === STOCK_STATUS.damaged) return putawayTargets.quarantine(db, warehouseId);
  return (await putawayTargets.whereItemLies(db, warehouseId, itemId)) ?? putawayTargets.empty(db, warehouseId);
}

/** What of this order still waits in staging, with a suggested compartment per row. */
export async function stagingOf(db: Kysely<DB>, order: OrderRow) {
  const lines = await new InboundRepo().lines(db, order.id);
  const rows = lines.flatMap((l) => [
    { itemId: l.itemId, sku: l.sku, name: l.name, batch: l.batch, status: STOCK_STATUS.receiving, quantity: l.received - l.putAway },
    { itemId: l.itemId, sku: l.sku, name: l.name, batch: l.batch, status: STOCK_STATUS.damaged, quantity: l.damaged - l.putAwayDamaged },
  ]);
  const waiting = rows.filter((r) => r.quantity > 0);
  return Promise.all(waiting.map(async (r) => ({ ...r, suggestion: await suggest(db, order.warehouseId, r.itemId, r.status) })));
}

/** Moves received goods of an order from staging into a compartment (issue 6 §3), through the ledger. */
export class PutawayService {
  private readonly repo = new InboundRepo();

  constructor(private readonly stock: StockLedger) {}

  async putaway(trx: Kysely<DB>, actor: Actor, order: OrderRow, input: z.infer<typeof putawaySchema>) {
    if (!INBOUND_ORDER.codes('receiving', 'partiallyInbounded', 'received').includes(order.status) || order.stagingCompartmentId === null)
      throw new AppError('InvalidState');
    const line = (await this.repo.lines(trx, order.id)).find((l) => l.itemId === input.itemId && l.batch === input.batch);
    const damaged = input.fromStatus === STOCK_STATUS.damaged;
    const waiting = line ? (damaged ? line.damaged - line.putAwayDamaged : line.received - line.putAway) : 0;
    if (input.quantity > waiting) throw insufficient(waiting, input.quantity);
    const target = await new Places(trx).compartment(input, 'compartment', order.warehouseId);
    mustBeOpen(target);
    if (target.warehouseId !== order.warehouseId || !TARGET_KINDS[input.fromStatus]!.includes(target.kind))
      throw new AppError('WrongCompartmentKind', {
        params: { code: target.code, kind: target.kind },
        fields: [{ field: 'compartment', message: target.code }],
      });
    const base = { merchantId: order.merchantId, itemId: input.itemId, warehouseId: order.warehouseId, batch: input.batch, unitId: null };
    const fromId = await this.stock.ensure(trx, { ...base, compartmentId: order.stagingCompartmentId, status: input.fromStatus });
    const toId = await this.stock.ensure(trx, { ...base, compartmentId: target.id, status: damaged ? STOCK_STATUS.damaged : STOCK_STATUS.valid });
    const rows = await this.stock.lock(trx, [fromId, toId]);
    const source = rows.get(fromId)!;
    if (source.quantity - source.reserved < input.quantity) throw insufficient(source.quantity - source.reserved, input.quantity);
    // The best-before date travels with the units, by the inventory's move rule (docs/inventory.md).
    await this.stock.carryExpiry(trx, fromId, toId);
    const entry = { reason: 'putaway', refType: 'inbound', refId: order.unid, userId: actor.userId, deltaReserved: 0 };
    await this.stock.post(trx, source, { ...entry, delta: -input.quantity });
    await this.stock.post(trx, rows.get(toId)!, { ...entry, delta: input.quantity });
    await receivingRepo.addPutAway(trx, line!.id, damaged ? 'put_away_damaged' : 'put_away', input.quantity);
    await this.repo.refreshTotals(trx, order.id);
    return { compartmentId: target.id, compartment: target.code };
  }
}
