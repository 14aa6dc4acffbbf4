import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import { packingRulesSchema, type packOrderSchema, type packSingleScanSchema, type PackingRules } from '@kontor/contracts/domains/packing';
import type { PackOutcome } from '@kontor/contracts/domains/packing-responses';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Core } from '../core.js';
import type { DB } from '../db/types.js';
import type { AuthContext } from '../http/access.js';
import { TenantScope } from '../db/tenant-scope.js';
import { AppError } from '../http/app-error.js';
import { billing, type ActivityEntry } from '../modules/billing/index.js';
import { GoodsIssue, Places, ReservationService, StockService, stockTransaction, type Actor, type ItemRef } from '../modules/inventory/index.js';
import { outboundServices, packingOrders, stateOf, type OrderRow, type PackLine } from '../modules/outbound/index.js';
import { packLog, type NewPackedParcel } from '../modules/packing/index.js';
import { readSetting } from '../modules/settings/index.js';

type PackInput = z.infer<typeof packOrderSchema>;
type SingleInput = z.infer<typeof packSingleScanSchema>;
type Parcel = PackInput['parcels'][number];
type Dimensions = NonNullable<Parcel['dimensions']>;

/** States an order is packed from: picked by a picklist, or ready at a station that picks it itself. */
export const PACKABLE: readonly OutboundState[] = ['readyToPick', 'readyToSwap', 'inPicklist', 'picklistPrinted', 'readyToPack', 'partiallyPacked'];
/** States that wait for a parcel's weight or dimensions: packing again with them measured resumes the order. */
const MEASURE: readonly OutboundState[] = ['packetWeightNeeded', 'packetDimensionNeeded'];
const CANCELED: readonly OutboundState[] = ['cancelRequested', 'canceled'];

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface Material {
  item: ItemRef;
  quantity: number;
}

/** The rules and resolved materials of a pack, read before its transaction (`PackOrderFlow.prepare`). */
export interface Prepared {
  rules: PackingRules;
  materials: Material[][];
}

/**
 * The one entry point for "these units of this order are packed into these parcels" (issue 18 items
 * 1, 7, 8, 9; docs/packing.md). Every station (single-item now, the picklist stations next) calls it.
 * One stock transaction, under the order's row lock:
 * - the order's reserved units leave their compartments (goods issue rows in the ledger naming the
 *   order), the packing materials are consumed through the ledger, one pack log row per parcel;
 * - the order moves through the machine to packed, or to packet weight / dimension needed when its
 *   carrier needs what the station did not measure (the label step later moves it to packing completed);
 * - a measured weight far from items + materials answers CheckWeight unless the packer confirmed it;
 * - picks, parcels and materials are recorded for billing (reversed by a cancel);
 * - a short pick releases the missing units, flags their compartments for a count and moves the order
 *   to out of stock; nothing is issued.
 * A second call for a packed order books nothing (the pack log's (order, parcel) key and the order
 * lock): it answers `alreadyPacked`, so a station's retry or a second station is harmless.
 */
export class PackOrderFlow {
  private readonly issue: GoodsIssue;
  private readonly places: Places;

  constructor(private readonly core: Core) {
    const stock = new StockService(core);
    this.issue = new GoodsIssue(stock, new ReservationService(core, stock));
    this.places = new Places(core.db);
  }

  private get orders() {
    return outboundServices(this.core).orders;
  }

  /** Packs one order (the route `POST /v0/packing/orders/:id/pack`). */
  async pack(auth: AuthContext, orderId: number, input: PackInput): Promise<PackOutcome> {
    const { rules, materials } = await this.prepare(auth, input.parcels);
    return stockTransaction(this.core.db, (trx) => this.packIn(trx, auth, orderId, input, materials, rules));
  }

  /** What a pack reads before its transaction: the company's packing rules and the parcels' materials. */
  async prepare(auth: AuthContext, parcels: Parcel[]): Promise<Prepared> {
    return { rules: await this.rules(), materials: await this.resolveMaterials(auth, parcels) };
  }

  /**
   * The single-item station (`/wEP/packScanSingle`): the scanned item's oldest ready order of one unit
   * is packed into one parcel. Orders another station is packing at this moment are skipped.
   */
  async packSingle(auth: AuthContext, input: SingleInput): Promise<PackOutcome> {
    const scope = TenantScope.of(auth);
    const items = (await this.places.itemsByCode(input.code, scope)).filter((i) => i.type !== 2);
    if (items.length === 0) throw new AppError('ItemNotFound', { params: { code: input.code } });
    const parcels = [{ weight: input.weight, dimensions: input.dimensions, materials: input.materials }];
    const { rules, materials } = await this.prepare(auth, parcels);
    return stockTransaction(this.core.db, async (trx) => {
      const orderId = await packingOrders.oldestSingle(
        trx,
        items.map((i) => i.id),
        scope,
      );
      if (orderId === null) throw new AppError('NoOrderToPack', { params: { code: input.code } });
      return this.packIn(trx, auth, orderId, { station: input.station, parcels, confirmWeight: input.confirmWeight, short: [] }, materials, rules);
    });
  }

  /**
   * Packs one order inside the caller's stock transaction: the batch table and pre-packing flows, which
   * decide which order a scan packs under their own locks, let the rules and materials be read in it;
   * a station flow that checks more first (the merchant-specific station's serials and accessories)
   * gives what it already `prepare`d. The same steps as `pack` either way.
   */
  async packInside(trx: Kysely<DB>, auth: AuthContext, orderId: number, input: PackInput, prepared?: Prepared): Promise<PackOutcome> {
    const rules = prepared?.rules ?? (await this.rules(trx));
    const materials = prepared?.materials ?? (await this.resolveMaterials(auth, input.parcels, new Places(trx)));
    return this.packIn(trx, auth, orderId, input, materials, rules);
  }

  private async rules(db: Kysely<DB> = this.core.db): Promise<PackingRules> {
    const parsed = packingRulesSchema.safeParse((await readSetting(db, 'packing.rules')) ?? {});
    return parsed.success ? parsed.data : packingRulesSchema.parse({});
  }

  /** Each parcel's materials as items of type 2 (packing material), read before the transaction. */
  async resolveMaterials(auth: AuthContext, parcels: Array<Pick<Parcel, 'materials'>>, places: Places = this.places): Promise<Material[][]> {
    const scope = TenantScope.of(auth);
    return Promise.all(
      parcels.map((parcel) =>
        Promise.all(
          parcel.materials.map(async (m) => {
            const item = m.itemId !== undefined ? await places.itemById(m.itemId, scope) : (await places.itemsByCode(m.code!, scope)).find((i) => i.type === 2);
            if (!item || item.type !== 2) throw new AppError('ItemNotFound', { params: { code: m.code ?? String(m.itemId) } });
            return { item, quantity: m.quantity };
          }),
        ),
      ),
    );
  }

  private async packIn(
    trx: Kysely<DB>,
    auth: AuthContext,
    orderId: number,
    input: PackInput,
    materials: Material[][],
    rules: PackingRules,
  ): Promise<PackOutcome> {
    const order = await this.orders.mustFind(trx, auth, orderId, { lock: true });
    const actor: Actor = { userId: auth.userId, merchantScope: TenantScope.of(auth) };
    const state = stateOf(order);
    const ref = { type: 'outbound', id: String(order.id) };
    const lines = await packingOrders.lines(trx, order.id);
    const expected = expectedWeight(lines, materials);
    const answer = async (outcome: PackOutcome['outcome']): Promise<PackOutcome> => ({
      orderId: order.id,
      unid: order.unid,
      status: order.status,
      outcome,
      parcels: await packLog.ofOrder(trx, order.id),
      expectedWeightKg: expected,
    });

    const packed = await packLog.ofOrder(trx, order.id);
    if (packed.length > 0) {
      if (!MEASURE.includes(state)) return answer('alreadyPacked');
      await this.measure(trx, actor, order, input.parcels, packed.length, rules);
      return answer('packed');
    }
    if (CANCELED.includes(state)) throw new AppError('OrderCanceled');
    if (!PACKABLE.includes(state)) throw new AppError('InvalidState', { detail: `${state} → packed` });

    if (input.short.length > 0) {
      await this.shortPick(trx, actor, order, lines, input.short);
      return answer('shortPicked');
    }
    const missing = lines.find((l) => l.reserved + l.picked < l.quantity);
    if (missing) throw new AppError('InsufficientStock', { params: { available: missing.reserved + missing.picked, requested: missing.quantity } });
    checkWeight(input, expected, rules);

    if (state !== 'readyToPack' && state !== 'partiallyPacked') await this.orders.status.move(trx, actor, order, 'readyToPack', { action: 'pick' });
    await this.issue.issueReserved(trx, actor, ref);
    await packingOrders.markIssued(trx, order.id);
    for (const parcel of materials)
      for (const m of parcel)
        await this.issue.consumeMaterial(trx, actor, { itemId: m.item.id, sku: m.item.sku, quantity: m.quantity, warehouseId: order.warehouseId, ref });

    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    await packLog.insert(trx, parcelRows(order, auth.userId, input, materials, units));
    await packingOrders.setPacked(trx, order.id, measuredTotals(input.parcels));
    await this.orders.status.move(trx, actor, order, 'packed', { action: 'pack' });
    await this.waitForMeasures(trx, actor, order, input.parcels, rules);
    await billing.record(trx, activity(order, lines, input.parcels.length, materials));
    return answer('packed');
  }

  /** A short pick (issue 18 item 8): release the missing units, count their compartments, out of stock. */
  private async shortPick(trx: Kysely<DB>, actor: Actor, order: OrderRow, lines: PackLine[], short: PackInput['short']) {
    if (!OUTBOUND_ORDER.can(order.status, 'outOfStock')) throw new AppError('InvalidState', { detail: `${stateOf(order)} → outOfStock` });
    const ref = { type: 'outbound', id: String(order.id) };
    for (const s of short) {
      const line = lines.find((l) => l.itemId === s.itemId);
      if (!line) throw new AppError('ItemNotFound', { params: { code: String(s.itemId) }, fields: [{ field: 'short', message: String(s.itemId) }] });
      await this.issue.releaseShort(trx, actor, { ref, itemId: s.itemId, missing: Math.min(s.missing, line.reserved), note: `short pick ${order.unid}` });
    }
    await packingOrders.syncLines(trx, order.id);
    await this.orders.status.move(trx, actor, order, 'outOfStock', { action: 'shortPick', reason: 'short pick' });
  }

  /** The carrier of the order needs weights or dimensions the station did not give: the order waits for them. */
  private async waitForMeasures(trx: Kysely<DB>, actor: Actor, order: OrderRow, parcels: Parcel[], rules: PackingRules) {
    const { carrier } = await packingOrders.info(trx, order.id);
    const key = carrier.trim().toUpperCase();
    if (rules.weightNeeded.map((c) => c.toUpperCase()).includes(key) && parcels.some((p) => p.weight === null))
      await this.orders.status.move(trx, actor, order, 'packetWeightNeeded', { action: 'pack', reason: 'weight' });
    else if (rules.dimensionsNeeded.map((c) => c.toUpperCase()).includes(key) && parcels.some((p) => p.dimensions === null))
      await this.orders.status.move(trx, actor, order, 'packetDimensionNeeded', { action: 'pack', reason: 'dimensions' });
  }

  /** The missing weights or dimensions arrive: they go onto the packed parcels and the order is packed again. */
  private async measure(trx: Kysely<DB>, actor: Actor, order: OrderRow, parcels: Parcel[], count: number, rules: PackingRules) {
    for (const [index, parcel] of parcels.slice(0, count).entries())
      await packLog.measure(trx, order.id, index, { weightKg: parcel.weight, dimensions: parcel.dimensions });
    const now = (await packLog.ofOrder(trx, order.id)).map((p) => ({ weight: p.weightKg, dimensions: p.dimensions, materials: [] }));
    await packingOrders.setPacked(trx, order.id, measuredTotals(now));
    await this.orders.status.move(trx, actor, order, 'packed', { action: 'measure' });
    await this.waitForMeasures(trx, actor, order, now, rules);
  }
}

/** What the order's items and the chosen materials weigh (kg); items without a weight count 0. */
function expectedWeight(lines: PackLine[], materials: Material[][]): number {
  const items = lines.reduce((sum, l) => sum + (l.weight ?? 0) * l.quantity, 0);
  const packing = materials.flat().reduce((sum, m) => sum + (m.item.weight ?? 0) * m.quantity, 0);
  return round3(items + packing);
}

/** A weight is checked when every parcel was weighed and something is expected; the packer may confirm it. */
function checkWeight(input: PackInput, expected: number, rules: PackingRules): void {
  if (input.confirmWeight || expected <= 0 || input.parcels.some((p) => p.weight === null)) return;
  const measured = round3(input.parcels.reduce((sum, p) => sum + (p.weight ?? 0), 0));
  const tolerance = Math.max((expected * rules.weightTolerancePct) / 100, rules.weightToleranceKg);
  if (Math.abs(measured - expected) > tolerance) throw new AppError('CheckWeight', { params: { measured, expected } });
}

function measuredTotals(parcels: Array<{ weight: number | null; dimensions: Dimensions | null }>) {
  const weighed = parcels.every((p) => p.weight !== null);
  return {
    boxQty: parcels.length,
    weightKg: weighed ? round3(parcels.reduce((sum, p) => sum + (p.weight ?? 0), 0)) : null,
    dimensions: parcels.length === 1 ? (parcels[0]!.dimensions ?? null) : null,
  };
}

function parcelRows(order: { id: number; merchantId: number }, userId: number, input: PackInput, materials: Material[][], units: number): NewPackedParcel[] {
  return input.parcels.map((parcel, index) => ({
    orderId: order.id,
    merchantId: order.merchantId,
    parcelIndex: index,
    station: input.station,
    userId,
    // The units are booked against the order; the first parcel carries the count.
    units: index === 0 ? units : 0,
    weightKg: parcel.weight,
    dimensions: parcel.dimensions,
    materials: (materials[index] ?? []).map((m) => ({ itemId: m.item.id, sku: m.item.sku, quantity: m.quantity })),
  }));
}

/** Billing (issue 18 item 9): picks per order, line and unit; parcels; each material by SKU. */
function activity(order: { id: number; merchantId: number }, lines: PackLine[], parcels: number, materials: Material[][]): ActivityEntry[] {
  const base = { merchantId: order.merchantId, refType: 'outbound', refId: String(order.id) };
  const bySku = new Map<string, number>();
  for (const m of materials.flat()) bySku.set(m.item.sku, (bySku.get(m.item.sku) ?? 0) + m.quantity);
  return [
    { ...base, kind: 'pick.order', quantity: 1 },
    { ...base, kind: 'pick.line', quantity: lines.length },
    { ...base, kind: 'pick.unit', quantity: lines.reduce((sum, l) => sum + l.quantity, 0) },
    { ...base, kind: 'pack.parcel', quantity: parcels },
    ...[...bySku].map(([sku, quantity]) => ({ ...base, kind: `pack.material.${sku}`, quantity })),
  ];
}
