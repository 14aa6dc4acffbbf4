import { OUTBOUND_ORDER, PICKLIST, type OutboundState } from '@kontor/contracts';
import type { PicklistRules } from '@kontor/contracts/domains/picking';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { pickPath, planWaves } from './pick-path.js';
import { pickingRepo, type PicklistRecord } from './picking.repo.js';
import { picklistCreationRepo } from './picklist-create.repo.js';
import { isOpen } from './picking.service.js';

/**
 * What picklists need from the outbound module, handed in by the flow that owns the transaction
 * (flows/picklist.flow.ts): an order's status, and a move through the outbound machine (locked,
 * checked, written to the order's history).
 */
export interface OrderPort {
  statusOf(trx: Kysely<DB>, orderId: number): Promise<number | null>;
  move(trx: Kysely<DB>, orderId: number, to: OutboundState, note: string): Promise<void>;
}

/** Most orders one creation call takes (the bench's 10,000). */
const MAX_ORDERS_PER_CALL = 10_000;
/** Orders that go back to ready to pick when they leave a picklist: nothing is off the shelf yet. */
const BACK_TO_READY: readonly OutboundState[] = ['inPicklist', 'picklistPrinted'];

const closed = (p: PicklistRecord) => new AppError('PicklistClosed', { params: { unid: p.unid, status: PICKLIST.stateOf(p.status) ?? String(p.status) } });

/**
 * The writes of picklists (issue 18 item 2), each in the caller's transaction: create from the rules,
 * cancel, take an order out, mark printed. Orders move through the outbound machine via the port.
 */
export const picklistWriter = {
  /**
   * Creates picklists from ready-to-pick orders. The candidates are locked `for update skip locked`, so
   * two staff creating at once split the orders between them; the partial unique index on live
   * picklist orders is the backstop. `onlyOrderIds` narrows the candidates (the demo seed).
   */
  async create(trx: Kysely<DB>, port: OrderPort, userId: number | null, rules: PicklistRules, onlyOrderIds?: number[]): Promise<number[]> {
    const limit = rules.maxLists > 0 ? Math.min(MAX_ORDERS_PER_CALL, rules.maxLists * rules.maxOrders) : MAX_ORDERS_PER_CALL;
    const candidates = await picklistCreationRepo.lockCandidates(trx, {
      status: OUTBOUND_ORDER.codeOf('readyToPick'),
      carrier: rules.carrier,
      merchantId: rules.merchantId,
      zone: rules.zone,
      priorityFirst: rules.priorityFirst,
      oldestFirst: rules.oldestFirst,
      limit,
      onlyOrderIds,
    });
    const waves = planWaves(candidates, rules);
    const pieces = await picklistCreationRepo.reservations(
      trx,
      waves.flatMap((w) => w.orders.map((o) => o.id)),
    );
    const piecesOf = new Map<number, typeof pieces>();
    for (const piece of pieces) {
      const list = piecesOf.get(piece.orderId) ?? [];
      list.push(piece);
      piecesOf.set(piece.orderId, list);
    }
    const created: number[] = [];
    for (const wave of waves) {
      const path = pickPath(
        wave.orders,
        wave.orders.flatMap((o) => piecesOf.get(o.id) ?? []),
      );
      const merchants = new Set(wave.orders.map((o) => o.merchantId));
      const carriers = new Set(wave.orders.map((o) => o.carrier));
      const warehouses = new Set(wave.orders.map((o) => o.warehouseId));
      const { id, unid } = await picklistCreationRepo.insertPicklist(trx, {
        type: wave.type,
        status: PICKLIST.codeOf('readyToPick'),
        priority: Math.max(...wave.orders.map((o) => o.priority)),
        carrier: carriers.size === 1 ? [...carriers][0]! : '',
        merchantId: merchants.size === 1 ? [...merchants][0]! : null,
        warehouseId: warehouses.size === 1 ? [...warehouses][0]! : null,
        itemQty: path.lines.reduce((sum, l) => sum + l.qty, 0),
        createdBy: userId,
      });
      await picklistCreationRepo.insertOrders(trx, id, path.orderIds);
      await picklistCreationRepo.insertLines(trx, id, path.lines);
      for (const orderId of path.orderIds) await port.move(trx, orderId, 'inPicklist', unid);
      created.push(id);
    }
    return created;
  },

  /** Cancels an open picklist before anything is picked: its orders go back to ready to pick, reservations kept. */
  async cancel(trx: Kysely<DB>, port: OrderPort, id: number): Promise<void> {
    const p = await mustLock(trx, id);
    if (!isOpen(p)) throw closed(p);
    if (p.itemQtyPicked > 0 || p.ordersFin.length > 0)
      throw new AppError('InvalidState', { fields: [ruleError('status', 'transition', { from: PICKLIST.stateOf(p.status), to: 'canceled' })] });
    const orderIds = await pickingRepo.deactivateOrders(trx, id, null);
    for (const orderId of orderIds) await backToReady(trx, port, orderId, p.unid);
    await pickingRepo.update(trx, id, { status: PICKLIST.codeOf('canceled') });
  },

  /**
   * Takes one order out of an open picklist (not one already finished): it goes back to ready to pick;
   * the lines are rebuilt from the remaining orders' reservations, keeping what was printed of each line.
   * The last order out cancels the picklist.
   */
  async removeOrder(trx: Kysely<DB>, port: OrderPort, id: number, orderId: number): Promise<void> {
    const p = await mustLock(trx, id);
    if (!isOpen(p)) throw closed(p);
    if (p.ordersFin.includes(orderId)) throw new AppError('InvalidState', { fields: [ruleError('orderId', 'pickingStarted')] });
    const taken = await pickingRepo.deactivateOrders(trx, id, [orderId]);
    if (taken.length === 0) throw new AppError('NotFound');
    await backToReady(trx, port, orderId, p.unid);
    const remaining = await pickingRepo.orders(trx, id, { activeOnly: true });
    if (remaining.length === 0) {
      await pickingRepo.update(trx, id, { status: PICKLIST.codeOf('canceled') });
      return;
    }
    const before = await pickingRepo.lines(trx, id);
    const pieces = await picklistCreationRepo.reservations(
      trx,
      remaining.map((o) => o.id),
    );
    const path = pickPath(
      remaining.map((o) => ({ id: o.id, merchantId: o.merchantId, warehouseId: null, priority: 0, carrier: o.carrier, units: o.units })),
      pieces,
    );
    await pickingRepo.deleteLines(trx, id);
    await picklistCreationRepo.insertLines(trx, id, path.lines);
    const after = await pickingRepo.lines(trx, id);
    const printed = after.flatMap((line) => {
      const old = before.find((b) => b.itemId === line.itemId && b.batch === line.batch && b.compartment === line.compartment);
      return old && old.qtyPrinted > 0 ? [{ id: line.id, qtyPrinted: Math.min(old.qtyPrinted, line.qty) }] : [];
    });
    await pickingRepo.setPrinted(trx, printed);
    const itemQty = after.reduce((sum, l) => sum + l.qty, 0);
    await pickingRepo.update(trx, id, { itemQty, itemQtyPicked: Math.min(p.itemQtyPicked, itemQty) });
  },

  /** The picklist PDF was printed: the picklist and its orders in picklist move to picklist printed. */
  async printed(trx: Kysely<DB>, port: OrderPort, id: number): Promise<void> {
    const p = await mustLock(trx, id);
    if (!isOpen(p)) throw closed(p);
    for (const order of await pickingRepo.orders(trx, id, { activeOnly: true })) {
      if ((await port.statusOf(trx, order.id)) === OUTBOUND_ORDER.codeOf('inPicklist')) await port.move(trx, order.id, 'picklistPrinted', p.unid);
    }
    const toPrinted = PICKLIST.can(p.status, 'picklistPrinted');
    await pickingRepo.update(trx, id, { ...(toPrinted ? { status: PICKLIST.codeOf('picklistPrinted') } : {}), printed: true });
  },
};

async function mustLock(trx: Kysely<DB>, id: number): Promise<PicklistRecord> {
  const p = await pickingRepo.picklist(trx, id, { lock: true });
  if (!p) throw new AppError('NotFound');
  return p;
}

async function backToReady(trx: Kysely<DB>, port: OrderPort, orderId: number, unid: string): Promise<void> {
  const status = await port.statusOf(trx, orderId);
  const state = status === null ? undefined : OUTBOUND_ORDER.stateOf(status);
  if (state && BACK_TO_READY.includes(state)) await port.move(trx, orderId, 'readyToPick', unid);
}
