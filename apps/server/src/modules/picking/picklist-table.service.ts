import { PICKLIST, type PicklistState } from '@kontor/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError } from '../../http/app-error.js';
import { pickingRepo, type PicklistOrderRecord, type PicklistRecord } from './picking.repo.js';

/**
 * The picklist type the batch table packs (docs/packing.md "Batch table", the decision): type 1,
 * multi-item orders picked in bulk and sorted into their orders at the table. Type 100 (single items)
 * is labelled per piece by the picking scan (/wEP/pickingScan, facts §3.6 Pick Scan Batch).
 */
export const BATCH_TABLE_TYPE = 1;

const stateName = (code: number): PicklistState | undefined => PICKLIST.stateOf(code);

export interface TableLine {
  orderId: number;
  itemId: number;
  sku: string;
  qty: number;
  itemBatch: string;
}

export interface PicklistAtTable {
  picklist: PicklistRecord;
  /** The live orders in pick order. */
  orders: PicklistOrderRecord[];
  lines: TableLine[];
}

/**
 * The picklist as the batch table (`/wEP/packScanBatch`) reads and advances it (issue 18 item 5). The
 * table's own progress (units per order) is the packing module's; here the picklist: its type, its
 * live orders and their lines, and, when an order is packed at the table, the same progress the
 * handheld's PUT would save (order in `ordersFin`, `itemQtyPicked` and the lines' `qtyPrinted` grown by
 * its pieces, then the status rule of facts §3.6), written directly under the picklist's row lock.
 */
export const picklistTable = {
  /** The picklist, checked for the table: type 1, not canceled. `lock` takes its row lock (a scan). */
  async read(db: Kysely<DB>, id: number, options: { lock?: boolean } = {}): Promise<PicklistAtTable> {
    const picklist = await pickingRepo.picklist(db, id, options);
    if (!picklist) throw new AppError('NotFound');
    if (picklist.type !== BATCH_TABLE_TYPE) throw new AppError('PackScanTypeMismatch', { params: { unid: picklist.unid } });
    if (stateName(picklist.status) === 'canceled')
      throw new AppError('PicklistClosed', { params: { unid: picklist.unid, status: PICKLIST.states.canceled.label.en } });
    const orders = await pickingRepo.orders(db, id, { activeOnly: true });
    const lines = await pickingRepo.orderItemLines(
      db,
      orders.map((o) => o.id),
    );
    return { picklist, orders, lines };
  },

  /** An order of the picklist was packed at the table: its pieces count as picked and printed. */
  async orderPacked(trx: Kysely<DB>, at: PicklistAtTable, orderId: number): Promise<void> {
    const p = at.picklist;
    if (p.ordersFin.includes(orderId)) return;
    const pieces = at.lines.filter((l) => l.orderId === orderId);
    const units = pieces.reduce((sum, l) => sum + l.qty, 0);
    const lines = await pickingRepo.lines(trx, p.id);
    const changed = new Map<number, number>();
    for (const piece of pieces) {
      let left = piece.qty;
      // Rows of the line's batch first, then any row of its SKU (as the pack scan order station counts).
      const rows = [
        ...lines.filter((l) => l.sku === piece.sku && l.batch === piece.itemBatch),
        ...lines.filter((l) => l.sku === piece.sku && l.batch !== piece.itemBatch),
      ];
      for (const row of rows) {
        if (left === 0) break;
        const now = changed.get(row.id) ?? row.qtyPrinted;
        const take = Math.min(left, row.qty - now);
        if (take <= 0) continue;
        changed.set(row.id, now + take);
        left -= take;
      }
    }
    const picked = Math.min(p.itemQty, p.itemQtyPicked + units);
    let status = p.status;
    if (picked > 0 && (stateName(status) === 'readyToPick' || stateName(status) === 'picklistPrinted')) status = PICKLIST.codeOf('inProcess');
    if (status < PICKLIST.codeOf('packingCompleted') && picked !== 0 && p.itemQty <= picked && PICKLIST.can(status, 'packingCompleted'))
      status = PICKLIST.codeOf('packingCompleted');
    await pickingRepo.setPrinted(
      trx,
      [...changed].map(([id, qtyPrinted]) => ({ id, qtyPrinted })),
    );
    await pickingRepo.update(trx, p.id, { itemQtyPicked: picked, ordersFin: [...p.ordersFin, orderId], status, started: true });
    p.itemQtyPicked = picked;
    p.ordersFin = [...p.ordersFin, orderId];
    p.status = status;
  },
};
