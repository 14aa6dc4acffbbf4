import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import type { prepackAssignSchema, prepackCreateSchema } from '@kontor/contracts/domains/packing';
import type { PrepackAssignResult, PrepackKey } from '@kontor/contracts/domains/packing-responses';
import { compositeKey, sumBySku } from '@kontor/contracts/packing/composite-key';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../core.js';
import type { DB } from '../db/types.js';
import type { AuthContext } from '../http/access.js';
import { TenantScope, tenantAllows } from '../db/tenant-scope.js';
import { AppError } from '../http/app-error.js';
import { stockTransaction } from '../modules/inventory/index.js';
import { outboundServices, packingOrders, type PrepackCandidateLine } from '../modules/outbound/index.js';
import { prepackedParcels } from '../modules/packing/index.js';
import { staffOnly } from '../modules/picking/index.js';
import { PackOrderFlow } from './pack-order.flow.js';

type CreateInput = z.infer<typeof prepackCreateSchema>;
type AssignInput = z.infer<typeof prepackAssignSchema>;

/** The station name the pack log shows for pre-packed parcels when the packer gives none. */
export const PREPACK = 'PackScanPre';
/** At most this many ready orders are grouped at once (most urgent and oldest first). */
const CANDIDATES = 5000;
/** States an order takes a pre-packed parcel from: ready, in no picklist. */
const READY: readonly OutboundState[] = ['readyToPick', 'readyToPack'];

interface ReadyOrder {
  orderId: number;
  unid: string;
  merchantId: number;
  merchantName: string;
  country: string;
  key: string;
  lines: Array<{ sku: string; qty: number }>;
}

/** The ready orders with their composite keys (spec §3): the lines of a SKU added up, sorted, the country appended. */
function readyOrders(rows: PrepackCandidateLine[]): ReadyOrder[] {
  const byOrder = new Map<number, ReadyOrder>();
  for (const r of rows) {
    const order = byOrder.get(r.orderId) ?? {
      orderId: r.orderId,
      unid: r.unid,
      merchantId: r.merchantId,
      merchantName: r.merchantName,
      country: r.country,
      key: '',
      lines: [],
    };
    order.lines.push({ sku: r.sku, qty: r.quantity });
    byOrder.set(r.orderId, order);
  }
  return [...byOrder.values()].map((o) => {
    const lines = sumBySku(o.lines).sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
    return { ...o, lines, key: compositeKey(lines, o.country) };
  });
}

const groupId = (merchantId: number, key: string) => `${merchantId}\u0000${key}`;

/**
 * Pre-packing (`/wEP/PackScanPre`, issue 18 item 5; docs/packing.md "Pre-packing"): identical ready
 * orders are grouped by the composite key of their contents within a merchant; staff pre-pack parcels
 * of a key ahead (recorded with their materials, nothing booked yet: the units stay reserved for their
 * orders); when an order of the key is scanned or picked from the list, a waiting parcel becomes its
 * parcel and the order is packed through the pack flow in the same transaction (goods issue, the
 * parcel's materials consumed through the ledger, pack log, billing). The screen then calls the label step.
 */
export class PrepackFlow {
  private readonly packing: PackOrderFlow;

  constructor(private readonly core: Core) {
    this.packing = new PackOrderFlow(core);
  }

  /** `GET /v0/packing/pre/keys`: the keys with their ready orders and waiting parcels, most orders first. */
  async keys(auth: AuthContext, db: Kysely<DB> = this.core.db): Promise<PrepackKey[]> {
    staffOnly(auth);
    const scope = TenantScope.of(auth);
    const orders = readyOrders(await packingOrders.prepackCandidates(db, scope, CANDIDATES));
    const open = new Map((await prepackedParcels.openCounts(db, scope)).map((c) => [groupId(c.merchantId, c.key), c.count]));
    const groups = new Map<string, PrepackKey>();
    for (const o of orders) {
      const id = groupId(o.merchantId, o.key);
      const group = groups.get(id) ?? {
        key: o.key,
        merchantId: o.merchantId,
        merchantName: o.merchantName,
        country: o.country || 'DE',
        lines: o.lines,
        orders: 0,
        prepacked: open.get(id) ?? 0,
        oldestOrder: o.unid,
      };
      group.orders += 1;
      groups.set(id, group);
    }
    return [...groups.values()].sort((a, b) => b.orders - a.orders || (a.key < b.key ? -1 : 1));
  }

  /** `POST /v0/packing/pre/parcels`: `count` parcels of a key packed ahead, no more than its orders without one. */
  async prepack(auth: AuthContext, input: CreateInput): Promise<PrepackKey> {
    staffOnly(auth);
    if (!tenantAllows(TenantScope.of(auth), input.merchantId)) throw new AppError('NoPermission');
    const [materials] = await this.packing.resolveMaterials(auth, [{ materials: input.materials }]);
    return stockTransaction(this.core.db, async (trx) => {
      const group = (await this.keys(auth, trx)).find((k) => k.key === input.key && k.merchantId === input.merchantId);
      if (!group) throw new AppError('PrepackKeyUnknown', { params: { key: input.key } });
      const available = group.orders - group.prepacked;
      if (input.count > available) throw new AppError('PrepackTooMany', { params: { key: input.key, available: Math.max(0, available) } });
      const stored = materials!.map((m) => ({ itemId: m.item.id, quantity: m.quantity }));
      await prepackedParcels.insert(
        trx,
        Array.from({ length: input.count }, () => ({
          merchantId: input.merchantId,
          key: input.key,
          station: input.station || PREPACK,
          userId: auth.userId,
          materials: stored,
        })),
      );
      return { ...group, prepacked: group.prepacked + input.count };
    });
  }

  /** `POST /v0/packing/pre/assign`: the scanned order (or the key's oldest ready order) gets a waiting parcel and is packed. */
  async assign(auth: AuthContext, input: AssignInput): Promise<PrepackAssignResult> {
    staffOnly(auth);
    const scope = TenantScope.of(auth);
    const { orders } = outboundServices(this.core);
    return stockTransaction(this.core.db, async (trx) => {
      const ready = readyOrders(await packingOrders.prepackCandidates(trx, scope, CANDIDATES));
      let candidates: number[];
      if (input.order !== undefined) {
        const id = await packingOrders.idByCode(trx, input.order, scope);
        if (id === null) throw new AppError('OrderNotFound');
        candidates = [id];
      } else {
        candidates = ready.filter((o) => o.key === input.key && o.merchantId === input.merchantId).map((o) => o.orderId);
        if (candidates.length === 0) throw new AppError('PrepackKeyUnknown', { params: { key: input.key } });
      }
      for (const orderId of candidates) {
        const order = await orders.mustFind(trx, auth, orderId, { lock: true });
        const earlier = await prepackedParcels.ofOrder(trx, order.id);
        const state = OUTBOUND_ORDER.stateOf(order.status);
        // A repeat (a lost answer, a second press): the order keeps its parcel; the pack flow answers alreadyPacked.
        if (!earlier && (!state || !READY.includes(state))) {
          if (input.order !== undefined) {
            if (state === 'cancelRequested' || state === 'canceled') throw new AppError('OrderCanceled');
            throw new AppError('InvalidState', { detail: `${state ?? order.status} → packed` });
          }
          continue;
        }
        const key = earlier?.key ?? ready.find((o) => o.orderId === order.id)?.key;
        if (key === undefined) throw new AppError('InvalidState', { detail: 'not fully reserved' });
        const parcel = earlier ?? (await prepackedParcels.takeOpen(trx, order.merchantId, key, scope));
        if (!parcel) throw new AppError('NoPrepackedParcel', { params: { key } });
        if (!earlier) await prepackedParcels.assign(trx, parcel.id, order.id);
        const pack = await this.packing.packInside(trx, auth, order.id, {
          station: input.station || parcel.station || PREPACK,
          parcels: [{ weight: null, dimensions: null, materials: parcel.materials.map((m) => ({ itemId: m.itemId, quantity: m.quantity })) }],
          confirmWeight: false,
          short: [],
        });
        return { orderId: order.id, unid: order.unid, key, parcelId: parcel.id, pack };
      }
      throw new AppError('PrepackKeyUnknown', { params: { key: input.key ?? '' } });
    });
  }
}
