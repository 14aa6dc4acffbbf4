import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import type { packBatchScanSchema } from '@kontor/contracts/domains/packing';
import type { PackBatchScanResult, PackBatchState, PackOutcome } from '@kontor/contracts/domains/packing-responses';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../core.js';
import type { DB } from '../db/types.js';
import type { AuthContext } from '../http/access.js';
import { TenantScope } from '../db/tenant-scope.js';
import { AppError } from '../http/app-error.js';
import { Places, stockTransaction } from '../modules/inventory/index.js';
import { packTableUnits } from '../modules/packing/index.js';
import { picklistTable, staffOnly, type PicklistAtTable } from '../modules/picking/index.js';
import { PackOrderFlow, PACKABLE } from './pack-order.flow.js';

/** Orders that left the picklist's work without a parcel. */
const NOT_PACKED: readonly OutboundState[] = ['cancelRequested', 'canceled', 'outOfStock'];

type ScanInput = z.infer<typeof packBatchScanSchema>;

/** The station name the pack log shows for the batch table when the packer gives none. */
export const PACK_TABLE = 'packScanBatch-table';

/**
 * The batch table (`/wEP/packScanBatch`, issue 18 item 5; docs/packing.md "Batch table"): a type-1
 * picklist (multi-item orders) picked in bulk is sorted into its orders and packed at a table. Each scanned unit is assigned, under the picklist's row
 * lock, to the first live order of the picklist (pick order) that still needs that item and is not
 * finished; the unit is recorded (`pack_batch_units`), and when the order has all its units it is packed
 * through the pack flow in the same transaction (goods issue, materials, pack log, billing) and finished
 * in the picklist (the progress the handheld's PUT would save). The screen then calls the label step.
 * The route takes `Idempotency-Key`: a repeated scan replays its answer and books nothing twice.
 */
export class PackTableFlow {
  private readonly packing: PackOrderFlow;

  constructor(private readonly core: Core) {
    this.packing = new PackOrderFlow(core);
  }

  /** `GET /v0/packing/batch/:id`: the picklist at the table, with the units scanned per order line. */
  async state(auth: AuthContext, picklistId: number): Promise<PackBatchState> {
    staffOnly(auth);
    const at = await picklistTable.read(this.core.db, picklistId);
    return this.stateOf(this.core.db, at);
  }

  /** `POST /v0/packing/batch/:id/scan`: one unit scanned. */
  async scan(auth: AuthContext, picklistId: number, input: ScanInput): Promise<PackBatchScanResult> {
    staffOnly(auth);
    const items = (await new Places(this.core.db).itemsByCode(input.code, TenantScope.of(auth))).filter((i) => i.type !== 2);
    if (items.length === 0) throw new AppError('ItemNotFound', { params: { code: input.code } });
    return stockTransaction(this.core.db, async (trx) => {
      const at = await picklistTable.read(trx, picklistId, { lock: true });
      const inList = items.filter((i) => at.lines.some((l) => l.itemId === i.id));
      if (inList.length === 0) {
        const merchants = new Set(at.orders.map((o) => o.merchantId));
        if (!items.some((i) => merchants.has(i.merchantId))) throw new AppError('ItemOfOtherMerchant', { params: { code: input.code } });
        throw new AppError('ItemNotInPicklist', { params: { code: input.code } });
      }
      const scanned = await this.scannedMap(trx, picklistId);
      const target = this.nextOrder(at, scanned, new Set(inList.map((i) => i.id)));
      if (!target) throw new AppError('NothingLeftToScan', { params: { code: input.code } });
      await packTableUnits.addUnit(trx, picklistId, target.orderId, target.itemId);
      scanned.set(`${target.orderId}:${target.itemId}`, (scanned.get(`${target.orderId}:${target.itemId}`) ?? 0) + 1);

      const order = at.orders.find((o) => o.id === target.orderId)!;
      const complete = this.needs(at, scanned, order.id).length === 0;
      let pack: PackOutcome | null = null;
      if (complete) {
        pack = await this.packing.packInside(trx, auth, order.id, {
          station: input.station || PACK_TABLE,
          parcels: [{ weight: null, dimensions: null, materials: input.materials }],
          confirmWeight: false,
          short: [],
        });
        await picklistTable.orderPacked(trx, at, order.id);
      }
      const sku = at.lines.find((l) => l.itemId === target.itemId)!.sku;
      const now = complete ? await picklistTable.read(trx, picklistId) : at;
      return { orderId: order.id, unid: order.unid, sku, complete, pack, state: await this.stateOf(trx, now) };
    });
  }

  private async scannedMap(db: Kysely<DB>, picklistId: number): Promise<Map<string, number>> {
    return new Map((await packTableUnits.units(db, picklistId)).map((u) => [`${u.orderId}:${u.itemId}`, u.scanned]));
  }

  /** The order's items still missing units: per item, the planned pieces (all its lines) against the scanned. */
  private needs(at: PicklistAtTable, scanned: Map<string, number>, orderId: number): number[] {
    const planned = new Map<number, number>();
    for (const l of at.lines) if (l.orderId === orderId) planned.set(l.itemId, (planned.get(l.itemId) ?? 0) + l.qty);
    return [...planned].filter(([itemId, qty]) => (scanned.get(`${orderId}:${itemId}`) ?? 0) < qty).map(([itemId]) => itemId);
  }

  /** The first open order (pick order) that still needs one of the items: not finished, not packed, not canceled. */
  private nextOrder(at: PicklistAtTable, scanned: Map<string, number>, itemIds: Set<number>): { orderId: number; itemId: number } | null {
    for (const order of at.orders) {
      if (at.picklist.ordersFin.includes(order.id)) continue;
      const state = OUTBOUND_ORDER.stateOf(order.status);
      if (!state || !PACKABLE.includes(state)) continue;
      const itemId = this.needs(at, scanned, order.id).find((id) => itemIds.has(id));
      if (itemId !== undefined) return { orderId: order.id, itemId };
    }
    return null;
  }

  private async stateOf(db: Kysely<DB>, at: PicklistAtTable): Promise<PackBatchState> {
    const scanned = await this.scannedMap(db, at.picklist.id);
    const p = at.picklist;
    return {
      id: p.id,
      unid: p.unid,
      type: p.type,
      status: p.status,
      itemQty: p.itemQty,
      itemQtyPicked: p.itemQtyPicked,
      orders: at.orders.map((o) => {
        const byItem = new Map<number, { itemId: number; sku: string; quantity: number; scanned: number }>();
        for (const l of at.lines.filter((x) => x.orderId === o.id)) {
          const row = byItem.get(l.itemId) ?? { itemId: l.itemId, sku: l.sku, quantity: 0, scanned: scanned.get(`${o.id}:${l.itemId}`) ?? 0 };
          row.quantity += l.qty;
          byItem.set(l.itemId, row);
        }
        const state = OUTBOUND_ORDER.stateOf(o.status);
        return {
          id: o.id,
          unid: o.unid,
          status: o.status,
          finished: p.ordersFin.includes(o.id),
          packed: state !== undefined && !PACKABLE.includes(state) && !NOT_PACKED.includes(state),
          shipBundle: o.shipBundle,
          lines: [...byItem.values()],
        };
      }),
    };
  }
}
