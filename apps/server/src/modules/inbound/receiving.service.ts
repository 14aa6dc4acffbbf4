import { INBOUND_ORDER, INBOUND_SCANNABLE } from '@kontor/contracts';
import { STOCK_STATUS } from '@kontor/contracts/domains/inventory';
import type { receivingScanSchema } from '@kontor/contracts/domains/inbound';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { billing } from '../billing/index.js';
import type { ItemRef } from '../inventory/index.js';
import { receivedSerials } from '../inventory/index.js';
import type { Actor } from '../inventory/index.js';
import type { StockLedger, StockRow } from '../inventory/index.js';
import { InboundRepo, type OrderRow } from './inbound.repo.js';
import { receivingRepo } from './receiving.repo.js';
import type { InboundOrderService } from './inbound-order.service.js';
import { lineView } from './inbound-order.service.js';
import { stagingCompartment, stagingCompartmentOrNull } from './putaway.service.js';

type ScanInput = z.infer<typeof receivingScanSchema>;

/** Today as `YYYY-MM-DD` (UTC), to tell an expired best-before date. */
const today = () => new Date().toISOString().slice(0, 10);

/** One stock row holds one best-before date: another date for the same item and batch is another batch. */
const otherDate = (sku: string, batch: string, expiry: string) =>
  new AppError('IntegrityError', { fields: [ruleError('expiry', 'expiryOtherDate', { item: batch ? `${sku} / ${batch}` : sku, expiry })] });
const expiryRefusal = (rule: 'expiryRequired' | 'expiryRefused', sku: string) =>
  new AppError('IntegrityError', { fields: [ruleError('expiry', rule, { sku })] });

/** An item scanned at receiving. */
export type ScannedItem = ItemRef;

/**
 * Counting goods in (issue 6 §3). A scan only records what was counted; completing books the open
 * scans into the staging compartment. Every change locks the order row first, so scans, undo,
 * completion and putaway of one order run one after another and nothing is counted or booked twice.
 */
export class ReceivingService {
  private readonly repo = new InboundRepo();

  constructor(
    private readonly orders: InboundOrderService,
    private readonly stock: StockLedger,
    private readonly tolerancePercent: number,
  ) {}

  async scan(trx: Kysely<DB>, actor: Actor & { userId: number }, order: OrderRow, item: ScannedItem, input: ScanInput) {
    if (!INBOUND_SCANNABLE.includes(order.status)) throw new AppError('InvalidState');
    if (item.merchantId !== order.merchantId)
      throw new AppError('ItemNotFound', { params: { code: input.code }, fields: [{ field: 'code', message: input.code }] });
    // Plans and counts are compared per item: a batch-tracked item is often announced without its batch.
    // They come first: a receiver told the item is not on the order (or over the plan) decides before
    // typing its serials, batch or date (issue 15 item 13).
    const lines = (await this.repo.lines(trx, order.id)).filter((l) => l.itemId === item.id);
    const planned = lines.reduce((sum, l) => sum + l.planned, 0);
    const counted = lines.reduce((sum, l) => sum + l.received + l.damaged + l.pendingValid + l.pendingDamaged, 0) + input.quantity;
    const accepted = lines.some((l) => l.overAccepted);
    let outcome: 'ok' | 'over' | 'notOnOrder' = 'ok';
    if (planned === 0) {
      outcome = 'notOnOrder';
      if (!accepted && !input.confirm)
        throw new AppError('NotOnOrder', { params: { code: item.sku }, fields: [{ field: 'code', message: item.sku }], extra: { confirm: true } });
    } else {
      const limit = Math.floor((planned * (100 + this.tolerancePercent)) / 100);
      if (counted > planned) outcome = 'over';
      if (counted > limit && !accepted && !input.confirm)
        throw new AppError('OverDelivery', {
          params: { code: item.sku, counted, planned },
          fields: [{ field: 'quantity', message: `${counted} / ${planned}` }],
          extra: { confirm: true },
        });
    }
    this.checkBatchAndSerials(item, input);
    await this.checkExpiry(trx, order, item, input);
    const taken = await this.repo.serialsTaken(trx, item.id, input.serials);
    if (taken.length) throw new AppError('SerialConflict', { params: { serial: taken[0] }, fields: [{ field: 'serials', message: taken.join(', ') }] });
    const { batch } = input;
    // The first batch scanned of an item planned without one takes over that line.
    const unbatched = lines.find((l) => l.batch === '');
    if (batch !== '' && lines.length === 1 && unbatched && unbatched.received + unbatched.damaged + unbatched.pendingValid + unbatched.pendingDamaged === 0)
      await receivingRepo.setLineBatch(trx, unbatched.id, batch);
    await this.repo.ensureLine(trx, order.id, item.id, batch);
    if (input.confirm) await receivingRepo.acceptOver(trx, order.id, item.id);
    const scan = await this.repo.insertScan(trx, {
      orderId: order.id,
      itemId: item.id,
      batch,
      condition: input.condition,
      quantity: input.quantity,
      unit: input.unit,
      unitKind: input.unitKind,
      serials: input.serials,
      expiry: input.expiry,
      userId: actor.userId,
    });
    await this.repo.addPending(trx, order.id, item.id, batch, input.condition, input.quantity);
    if (order.status !== INBOUND_ORDER.codeOf('receiving')) await this.orders.transition(trx, order, 'receiving');
    else await receivingRepo.touchOrder(trx, order.id);
    return {
      scan: {
        id: scan.id,
        itemId: item.id,
        sku: item.sku,
        name: item.name,
        quantity: input.quantity,
        condition: input.condition,
        batch,
        expiry: input.expiry,
        // Expired goods are received all the same (then handled); the receiver is told.
        expired: input.expiry !== null && input.expiry < today(),
        outcome,
      },
      lines: (await this.repo.lines(trx, order.id)).map(lineView),
      status: order.status,
    };
  }

  /** Takes back a scan that is not booked yet (a wrong count); a booked one is corrected by stock adjustment. */
  async undo(trx: Kysely<DB>, order: OrderRow, scanId: number) {
    const scan = await receivingRepo.deleteOpenScan(trx, order.id, scanId);
    if (!scan) throw new AppError('NotFound', { fields: [{ field: 'scanId', message: String(scanId) }] });
    await this.repo.addPending(trx, order.id, Number(scan.itemId), scan.batch, scan.condition, -scan.quantity);
    return { lines: (await this.repo.lines(trx, order.id)).map(lineView), status: order.status };
  }

  /**
   * Books the open scans into the staging compartment: valid units with status receiving, damaged
   * ones as damaged, serials registered, billing activity recorded. Only scans without booked_at
   * are booked, under the order's lock, so completing again books nothing twice.
   */
  async complete(trx: Kysely<DB>, actor: Actor, order: OrderRow, final: boolean) {
    const done = INBOUND_ORDER.codes('received', 'inbounded');
    if (done.includes(order.status)) return { booked: 0 };
    if (!INBOUND_ORDER.codes('receiving', 'partiallyInbounded').includes(order.status)) throw new AppError('InvalidState');
    const stagingId = await stagingCompartment(trx, order);
    if (order.stagingCompartmentId === null) {
      await receivingRepo.setStaging(trx, order.id, stagingId);
      order.stagingCompartmentId = stagingId;
    }
    const open = await receivingRepo.openScanGroups(trx, order.id);
    let booked = 0;
    for (const group of open) {
      const status = group.condition === 'damaged' ? STOCK_STATUS.damaged : STOCK_STATUS.receiving;
      const key = {
        merchantId: order.merchantId,
        itemId: Number(group.itemId),
        warehouseId: order.warehouseId,
        compartmentId: stagingId,
        batch: group.batch,
        status,
        unitId: null,
      };
      const stockId = await this.stock.ensure(trx, key);
      const row = (await this.stock.lock(trx, [stockId])).get(stockId)!;
      if (group.expiry) await this.bookExpiry(trx, row, group);
      await this.stock.post(trx, row, {
        delta: group.quantity,
        deltaReserved: 0,
        reason: 'receive',
        refType: 'inbound',
        refId: order.unid,
        userId: actor.userId,
      });
      await receivingRepo.addBooked(trx, order.id, group, status === STOCK_STATUS.damaged ? 'damaged' : 'received', group.quantity);
      await receivedSerials.register(
        trx,
        { orderId: order.id, merchantId: order.merchantId, itemId: group.itemId, batch: group.batch, condition: group.condition },
        stockId,
      );
      booked += group.quantity;
    }
    await this.recordActivity(trx, order, booked, final);
    await receivingRepo.closeOpenScans(trx, order.id);
    await this.repo.refreshTotals(trx, order.id);
    if (!final) await this.orders.transition(trx, order, 'partiallyInbounded');
    else {
      await this.orders.transition(trx, order, 'received');
      if (await this.repo.allPutAway(trx, order.id)) await this.orders.transition(trx, order, 'inbounded');
    }
    return { booked };
  }

  /**
   * The scan's best-before date (issue 5 §2): required for an expiry-tracked item, refused for others,
   * and one date per stock row as inventory keeps it: another date for the same item, batch and
   * condition on this receiving (or waiting in staging) is refused, to be booked as another batch.
   */
  private async checkExpiry(trx: Kysely<DB>, order: OrderRow, item: ScannedItem, input: ScanInput) {
    if (!item.expiryTracked) {
      if (input.expiry) throw expiryRefusal('expiryRefused', item.sku);
      return;
    }
    if (!input.expiry) throw expiryRefusal('expiryRequired', item.sku);
    const other = await this.repo.otherExpiry(trx, {
      orderId: order.id,
      stagingId: await stagingCompartmentOrNull(trx, order),
      itemId: item.id,
      batch: input.batch,
      condition: input.condition,
      status: input.condition === 'damaged' ? STOCK_STATUS.damaged : STOCK_STATUS.receiving,
      expiry: input.expiry,
    });
    if (other) throw otherDate(item.sku, input.batch, other);
  }

  /** Sets the staging row's date as an adjustment does: an empty row (or one without a date) takes it, another date is refused. */
  private async bookExpiry(trx: Kysely<DB>, row: StockRow, group: { sku: string; batch: string; expiry: string | null }) {
    const current = await this.stock.expiryOf(trx, row.id);
    if (!group.expiry || group.expiry === current) return;
    if (row.quantity > 0 && current) throw otherDate(group.sku, group.batch, current);
    await this.stock.setExpiry(trx, row.id, group.expiry);
  }

  /** Units, and boxes and pallets by their labels (else as announced, at the final completion), per merchant and day. */
  private async recordActivity(trx: Kysely<DB>, order: OrderRow, units: number, final: boolean) {
    const labels = await receivingRepo.newLabels(trx, order.id);
    const counts = new Map<string, number>(labels.map((r) => [`inbound.${r.kind}`, r.n]));
    if (final) {
      if (!(await receivingRepo.anyLabel(trx, order.id))) {
        counts.set('inbound.box', order.boxQty);
        counts.set('inbound.pallet', order.palletQty);
      }
    }
    counts.set('inbound.unit', units);
    const rows = [...counts].filter(([, n]) => n > 0);
    await billing.record(
      trx,
      rows.map(([kind, quantity]) => ({ merchantId: order.merchantId, kind, quantity, refType: 'inbound', refId: order.unid })),
    );
  }

  private checkBatchAndSerials(item: ScannedItem, input: ScanInput) {
    if (item.batchTracked && !input.batch) throw new AppError('IntegrityError', { fields: [ruleError('batch', 'requiredForItem')] });
    if (!item.serialRequired) {
      if (input.serials.length) throw new AppError('IntegrityError', { fields: [ruleError('serials', 'noSerials')] });
      return;
    }
    if (input.serials.length !== input.quantity)
      throw new AppError('IntegrityError', { fields: [ruleError('serials', 'serialPerUnit', { expected: input.quantity })] });
    if (new Set(input.serials).size !== input.serials.length) throw new AppError('IntegrityError', { fields: [ruleError('serials', 'serialTwice')] });
    if (item.serialPattern) {
      const pattern = new RegExp(item.serialPattern);
      const wrong = input.serials.find((s) => !pattern.test(s));
      if (wrong) throw new AppError('IntegrityError', { fields: [ruleError('serials', 'patternMismatch', { value: wrong, pattern: item.serialPattern })] });
    }
  }
}
