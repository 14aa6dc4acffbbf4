import type { packEfSchema } from '@kontor/contracts/domains/packing';
import type { PackEfOrder, PackOutcome } from '@kontor/contracts/domains/packing-responses';
import type { z } from 'zod';
import type { Core } from '../core.js';
import type { AuthContext } from '../http/access.js';
import { AppError } from '../http/app-error.js';
import { stockTransaction } from '../modules/inventory/index.js';
import { outboundServices, packingOrders, stateOf } from '../modules/outbound/index.js';
import { packingServices, packLog } from '../modules/packing/index.js';
import { PackOrderFlow } from './pack-order.flow.js';

type EfInput = z.infer<typeof packEfSchema>;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const upper = (list: string[]) => list.map((c) => c.trim().toUpperCase());

/**
 * The merchant-specific station `/wEP/PackScanEF` (issue 18 item 5, docs/packing.md "Merchant rules"):
 * the station reads the rules of the order's merchant and the pack is refused until they are met —
 * serials per unit (or for the items that ask for them), every accessory scanned, a weight when the
 * merchant wants one — then it is the pack flow's pack, in the same stock transaction, with the
 * merchant's weight tolerance in place of the company's where it has one. Serials are recorded with the
 * pack, so a refusal (a weight to check, a used serial) records nothing.
 */
export class PackEfFlow {
  private readonly flow: PackOrderFlow;

  constructor(private readonly core: Core) {
    this.flow = new PackOrderFlow(core);
  }

  /** The order scanned at the station (number, tracking number or id), with its merchant's rules and its serial needs. */
  async find(auth: AuthContext, q: string): Promise<PackEfOrder> {
    const { qc, orders } = outboundServices(this.core);
    const id = await qc.orderIdByCode(auth, q);
    const order = await orders.mustFind(this.core.db, auth, id);
    const db = this.core.db;
    const [rules, serialState, lines, info, prepared] = await Promise.all([
      packingServices(this.core).merchantRules.ofOrderMerchant(db, order.merchantId),
      qc.serialState(db, order.id),
      packingOrders.lines(db, order.id),
      packingOrders.info(db, order.id),
      this.flow.prepare(auth, []),
    ]);
    const carrier = info.carrier.trim().toUpperCase();
    return {
      orderId: order.id,
      unid: order.unid,
      refOrderId: info.refOrderId,
      status: order.status,
      carrier: info.carrier,
      merchantId: order.merchantId,
      merchantName: rules.merchantName,
      rules,
      lines: serialState.lines.map((l) => ({
        itemId: l.itemId,
        sku: l.sku,
        quantity: l.quantity,
        serialsNeeded: rules.serialPerUnit || l.serialRequired ? l.quantity : 0,
        serialPattern: l.serialPattern,
        serials: serialState.serials.filter((s) => s.itemId === l.itemId && s.source === 'scan').map((s) => s.serial),
        weightKg: lines.find((x) => x.itemId === l.itemId)?.weight ?? null,
      })),
      weightNeeded: rules.weighRequired || upper(prepared.rules.weightNeeded).includes(carrier),
      dimensionsNeeded: upper(prepared.rules.dimensionsNeeded).includes(carrier),
      itemsWeightKg: round3(lines.reduce((sum, l) => sum + (l.weight ?? 0) * l.quantity, 0)),
    };
  }

  /** `POST /v0/packing/ef/orders/:id/pack`: the merchant's rules first, then the pack, one transaction. */
  async pack(auth: AuthContext, orderId: number, input: EfInput): Promise<PackOutcome> {
    const prepared = await this.flow.prepare(auth, input.parcels);
    const { orders, qc } = outboundServices(this.core);
    const packInput = { station: input.station, parcels: input.parcels, confirmWeight: input.confirmWeight, short: [] };
    return stockTransaction(this.core.db, async (trx) => {
      const order = await orders.mustFind(trx, auth, orderId, { lock: true });
      // Packed already (a retry, another station) or waiting for a measure: the pack flow answers that.
      if ((await packLog.ofOrder(trx, order.id)).length > 0) return this.flow.packInside(trx, auth, order.id, packInput, prepared);
      const state = stateOf(order);
      if (state === 'canceled' || state === 'cancelRequested') throw new AppError('OrderCanceled');
      const rules = await packingServices(this.core).merchantRules.ofOrderMerchant(trx, order.merchantId);
      const scanned = new Set(upper(input.accessories));
      const known = new Set(upper(rules.accessories.map((a) => a.code)));
      const unknown = [...scanned].find((code) => !known.has(code));
      if (unknown) throw new AppError('AccessoryUnknown', { params: { code: unknown }, fields: [{ field: 'accessories', message: unknown }] });
      const missing = rules.accessories.find((a) => !scanned.has(a.code.trim().toUpperCase()));
      if (missing)
        throw new AppError('AccessoryMissing', {
          params: { code: missing.code, name: missing.name },
          fields: [{ field: 'accessories', message: missing.code }],
        });
      if (rules.weighRequired && input.parcels.some((p) => p.weight === null))
        throw new AppError('WeightRequired', { fields: [{ field: 'parcels', message: 'weight' }] });
      await qc.captureAtPacking(trx, auth, order, input.serials, rules.serialPerUnit);
      const merged = {
        ...prepared.rules,
        weightTolerancePct: rules.weightTolerancePct ?? prepared.rules.weightTolerancePct,
        weightToleranceKg: rules.weightToleranceKg ?? prepared.rules.weightToleranceKg,
      };
      return this.flow.packInside(trx, auth, order.id, packInput, { ...prepared, rules: merged });
    });
  }
}
