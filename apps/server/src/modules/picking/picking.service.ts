import { PICKLIST, PICKLIST_OPEN, type PicklistState } from '@kontor/contracts';
import { itemInfoRowSchema, type P11yPickPut } from '@kontor/contracts/domains/picking';
import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { InventoryLookups, stockTransaction } from '../inventory/index.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { asArray, canonical } from './p11y-fields.js';
import { detailOf, lineKey, rowOf, snapshotOf } from './picklist-answers.js';
import { pickingRepo, type PicklistLineRecord, type PicklistRecord, type Snapshot } from './picking.repo.js';

/** The states a list passes before packing completes (not a partial QC, nor a partial shipment). */
const BEFORE_PACKING = PICKLIST.codes('readyToPick', 'picklistPrinted', 'readyToSwap', 'readyToPack', 'hold', 'inProcess', 'pickingCompleted');

/** Merchant users never see picklists (issue 18 item 10): only their own orders' progress. */
export function staffOnly(auth: AuthContext): void {
  if (auth.merchantId !== null) throw new AppError('NoPermission');
}

/** Minutes after which the label claims of a session that no longer reads or saves the picklist lapse. */
export const CLAIM_LIVE_MINUTES = 5;

const stateName = (code: number): PicklistState => PICKLIST.stateOf(code) ?? 'readyToPick';
export const isOpen = (p: PicklistRecord) => PICKLIST_OPEN.includes(stateName(p.status));

/**
 * Picklists as read and saved by the handheld (facts §2.5, §3.6) and listed by the console. The PUT
 * takes the whole object but only its progress counts, merged into the stored picklist under a row lock.
 */
export class PickingService {
  constructor(private readonly core: Pick<Core, 'db'>) {}

  /** The original's picklist object: JSON-in-a-string fields exactly as facts §3.6 names them. */
  async p11yObject(db: Kysely<DB>, p: PicklistRecord, read?: PicklistLineRecord[]) {
    const [lines, orders] = await Promise.all([read ?? pickingRepo.lines(db, p.id), pickingRepo.orders(db, p.id, { activeOnly: true })]);
    const orderLines = await pickingRepo.orderLines(
      db,
      orders.map((o) => o.id),
    );
    const itemOrders: Record<string, number[]> = {};
    const ordersJson = orders.map((o) => {
      const items = orderLines.filter((l) => l.orderId === o.id).map((l) => ({ sku: l.sku, qty: l.qty, ...(l.itemBatch ? { itemBatch: l.itemBatch } : {}) }));
      for (const item of items) {
        const key = item.itemBatch ? `${item.sku}|||${item.itemBatch}` : item.sku;
        const list = (itemOrders[key] ??= []);
        if (!list.includes(o.id)) list.push(o.id);
      }
      return {
        ID: o.id,
        UNID: o.unid,
        items,
        recCountry: o.recCountry,
        shipSN: o.shipNo,
        carrier: o.carrier,
        ...(Array.isArray(o.itemPacks) ? { itemPacks: o.itemPacks } : {}),
        shipBundle: o.shipBundle,
      };
    });
    const items = lines.map((l) => ({ sku: l.sku, itemName: l.itemName, itemBatch: l.batch, qty: l.qty, inventoryName: l.compartment }));
    return {
      id: p.id,
      unid: p.unid,
      type: p.type,
      status: p.status,
      itemQty: p.itemQty,
      itemQtyPicked: p.itemQtyPicked,
      priority: p.priority,
      carrier: p.carrier,
      shipQty: p.type === 100 ? p.itemQty : orders.length,
      agentGUID: p.merchantCode,
      createdAt: p.createdAt,
      orderUNID: orders.map((o) => o.unid),
      orderIds: orders.map((o) => o.id),
      items: JSON.stringify(items),
      itemInfo: p.started ? JSON.stringify(lines.map((l, i) => ({ ...items[i], qtyPrinted: l.qtyPrinted }))) : '',
      printBatch: JSON.stringify(p.printBatch),
      ordersFin: JSON.stringify(p.ordersFin),
      orders: JSON.stringify(ordersJson),
      itemOrders: JSON.stringify(itemOrders),
    };
  }

  private async mustFind(db: Kysely<DB>, id: number, lock = false) {
    const p = await pickingRepo.picklist(db, id, { lock });
    if (!p) throw new AppError('NotFound');
    return p;
  }

  /** `GET /v0/p11y/pick/any?q=`: by number or id; NotFound when nothing matches (facts §2.5). */
  /**
   * The picking stations' item lookup (`GET /v0/picking/item?q=`): `/v0/item/any`'s answer for a SKU,
   * barcode or alias, for staff whose role has the picklists but not the item master (print stations).
   */
  async itemAny(auth: AuthContext, q: string) {
    staffOnly(auth);
    return new InventoryLookups(this.core).itemAny(TenantScope.of(auth), q);
  }

  async any(auth: AuthContext, q: string) {
    staffOnly(auth);
    const found = await pickingRepo.findByCode(this.core.db, q.trim());
    if (!found) throw new AppError('NotFound');
    return found;
  }

  /**
   * `GET /v0/p11y/pick/?q=<id>`: the picklist; remembers what this session read, the base of its next
   * PUT. The answer shows exactly the progress remembered (the same rows), never a later one: a station
   * sending absolute numbers built on a newer read than its base would have another station's pieces
   * counted twice.
   */
  async get(auth: AuthContext, id: number) {
    staffOnly(auth);
    const p = await this.mustFind(this.core.db, id);
    const lines = await pickingRepo.lines(this.core.db, id);
    await pickingRepo.saveSnapshot(this.core.db, id, auth.sessionId, snapshotOf(p, lines));
    return this.p11yObject(this.core.db, p, lines);
  }

  /** `GET /v0/p11y/pick/list?l&o&q&Status[]` (offset paging: `o` = rows already loaded). */
  async list(auth: AuthContext, query: { l: number; o: number; q: string; statuses: number[]; type?: number | null }) {
    staffOnly(auth);
    const { rows, total } = await pickingRepo.page(this.core.db, {
      statuses: query.statuses,
      type: query.type ?? null,
      q: query.q,
      limit: query.l,
      offset: query.o,
    });
    const data = [];
    for (const p of rows) data.push(await this.p11yObject(this.core.db, p));
    return { total, page: Math.floor(query.o / query.l) + 1, next: data.length === query.l ? query.o + data.length : 0, data };
  }

  /** The console's list rows. */
  async rows(auth: AuthContext, query: { l: number; o: number; q: string; statuses: number[]; type: number | null }) {
    staffOnly(auth);
    const { rows, total } = await pickingRepo.page(this.core.db, { statuses: query.statuses, type: query.type, q: query.q, limit: query.l, offset: query.o });
    return { total, page: Math.floor(query.o / query.l) + 1, next: rows.length === query.l ? query.o + rows.length : 0, data: rows.map(rowOf) };
  }

  async detail(auth: AuthContext, id: number, db: Kysely<DB> = this.core.db) {
    staffOnly(auth);
    const p = await this.mustFind(db, id);
    const [lines, orders] = await Promise.all([pickingRepo.lines(db, id), pickingRepo.orders(db, id)]);
    return detailOf(p, lines, orders);
  }

  /**
   * `PUT /v0/p11y/pick/`: the handheld's whole object, checked against the stored picklist in one
   * transaction under its row lock. Progress is merged as a difference to what this session last read
   * or sent (so two stations saving at once add up, and a resent PUT adds nothing): printed and picked
   * quantities only grow and never pass the plan, finished orders stay finished, print batches are
   * kept. Then the original's status rule (facts §3.6): below 20, something picked and everything
   * picked gives 20 (packing completed).
   */
  async put(auth: AuthContext, body: P11yPickPut) {
    staffOnly(auth);
    await stockTransaction(this.core.db, async (trx) => {
      const p = await this.mustFind(trx, body.id, true);
      if (stateName(p.status) === 'canceled') throw new AppError('PicklistClosed', { params: { unid: p.unid, status: PICKLIST.states.canceled.label.en } });
      const lines = await pickingRepo.lines(trx, p.id);
      const stored = snapshotOf(p, lines);
      const base = (await pickingRepo.snapshot(trx, p.id, auth.sessionId)) ?? stored;
      const sent: Snapshot = { itemQtyPicked: body.itemQtyPicked ?? base.itemQtyPicked, qtyPrinted: { ...base.qtyPrinted } };

      const changed: Array<{ id: number; qtyPrinted: number }> = [];
      if (body.itemInfo !== undefined) {
        for (const raw of asArray(body.itemInfo, 'itemInfo')) {
          const row = itemInfoRowSchema.safeParse(raw);
          if (!row.success) throw new AppError('IntegrityError', { fields: [ruleError('itemInfo', 'invalid')] });
          const key = lineKey({ sku: row.data.sku, batch: row.data.itemBatch, compartment: row.data.inventoryName });
          const line = lines.find((l) => lineKey(l) === key);
          if (!line) throw new AppError('ItemNotFound', { params: { code: row.data.sku } });
          sent.qtyPrinted[key] = row.data.qtyPrinted;
          const grown = line.qtyPrinted + Math.max(0, row.data.qtyPrinted - (base.qtyPrinted[key] ?? line.qtyPrinted));
          if (grown > line.qty) throw new AppError('OverPick', { params: { code: `${line.sku} @ ${line.compartment}`, picked: grown, planned: line.qty } });
          if (grown !== line.qtyPrinted) changed.push({ id: line.id, qtyPrinted: grown });
        }
      }
      const picked = p.itemQtyPicked + Math.max(0, sent.itemQtyPicked - base.itemQtyPicked);
      if (picked > p.itemQty) throw new AppError('OverPick', { params: { code: p.unid, picked, planned: p.itemQty } });

      const members = new Set((await pickingRepo.orders(trx, p.id)).map((o) => o.id));
      const fin = [...p.ordersFin];
      if (body.ordersFin !== undefined)
        for (const id of asArray(body.ordersFin, 'ordersFin').map(Number)) if (members.has(id) && !fin.includes(id)) fin.push(id);
      const batches = [...p.printBatch];
      if (body.printBatch !== undefined) {
        const known = new Set(batches.map(canonical));
        for (const entry of asArray(body.printBatch, 'printBatch'))
          if (!known.has(canonical(entry))) {
            known.add(canonical(entry));
            batches.push(entry);
          }
      }

      let status = p.status;
      if (picked > 0 && (stateName(status) === 'readyToPick' || stateName(status) === 'picklistPrinted')) status = PICKLIST.codeOf('inProcess');
      if (BEFORE_PACKING.includes(status) && picked !== 0 && p.itemQty <= picked && PICKLIST.can(status, 'packingCompleted'))
        status = PICKLIST.codeOf('packingCompleted');

      await pickingRepo.setPrinted(trx, changed);
      await pickingRepo.update(trx, p.id, { itemQtyPicked: picked, ordersFin: fin, printBatch: batches, status, started: true });
      await pickingRepo.saveSnapshot(trx, p.id, auth.sessionId, sent);
    });
    return null;
  }

  /**
   * The Pick Scan Batch station's slice (facts §3.6), claimed before anything is packed or printed: the
   * label indexes a station asks for through `batchPrintLabel` (`order:sku:index`; a row without
   * `lblIdx` claims the whole order) are recorded for its session on the orders' live picklist under
   * the picklist's row lock. A slice holding an index another session claimed is refused
   * (`LabelsTaken`, nothing booked): that station computed it from progress read before the other one
   * saved, and reads the picklist again. The session's own claims may be asked for again (a retry).
   * Claims of a session silent on the picklist for CLAIM_LIVE_MINUTES lapse (a handheld that died
   * between its labels and its PUT): another station may then print those indexes again (the orders are
   * booked once, their labels reused) and save the progress the silent one never did.
   */
  async claimLabels(auth: AuthContext, rows: Array<{ orderId: number; sku: string; lblIdx: number[] | null }>): Promise<void> {
    const orderIds = [...new Set(rows.map((r) => r.orderId))];
    await stockTransaction(this.core.db, async (trx) => {
      for (const list of await pickingRepo.lockLiveOfOrders(trx, orderIds)) {
        const wanted = [
          ...new Set(
            rows
              .filter((r) => list.orderIds.includes(r.orderId))
              .flatMap((r) => (r.lblIdx === null ? [`${r.orderId}:*`] : r.lblIdx.map((i) => `${r.orderId}:${r.sku.toUpperCase()}:${i}`))),
          ),
        ];
        const held = await pickingRepo.claims(trx, list.id, CLAIM_LIVE_MINUTES);
        const own = new Set(held.find((h) => h.sessionId === auth.sessionId)?.claimed ?? []);
        const others = held.filter((h) => h.sessionId !== auth.sessionId && h.live).flatMap((h) => h.claimed);
        const orderOf = (key: string) => key.slice(0, key.indexOf(':'));
        const whole = new Set(others.filter((k) => k.endsWith(':*')).map(orderOf));
        const taken = new Set(others);
        const takenOrders = new Set(others.map(orderOf));
        const clash = wanted.some((k) => taken.has(k) || whole.has(orderOf(k)) || (k.endsWith(':*') && takenOrders.has(orderOf(k))));
        if (clash) throw new AppError('LabelsTaken', { params: { unid: list.unid } });
        const added = wanted.filter((k) => !own.has(k));
        if (added.length === 0) continue;
        const p = await this.mustFind(trx, list.id);
        await pickingRepo.addClaims(trx, list.id, auth.sessionId, added, snapshotOf(p, await pickingRepo.lines(trx, list.id)));
      }
    });
  }

  async presets(auth: AuthContext) {
    staffOnly(auth);
    return pickingRepo.presets(this.core.db);
  }

  async savePreset(auth: AuthContext, name: string, rules: Record<string, unknown>) {
    staffOnly(auth);
    return pickingRepo.savePreset(this.core.db, name, rules, auth.userId);
  }

  async deletePreset(auth: AuthContext, id: number) {
    staffOnly(auth);
    if (!(await pickingRepo.deletePreset(this.core.db, id))) throw new AppError('NotFound');
    return null;
  }

  /**
   * `/mEP/picklist`: a merchant's own orders on the floor. Staff acting for a merchant see that one's;
   * staff acting for none see an empty page (the screen is the merchant's; staff have /wEP/pick2C).
   */
  async merchantProgress(auth: AuthContext, query: { l: number; o: number }) {
    const merchantId = auth.merchantId ?? auth.subMerchantId;
    if (merchantId === null) return { total: 0, page: 1, next: 0, data: [] };
    const { rows, total } = await pickingRepo.merchantProgress(this.core.db, merchantId, query.l, query.o);
    return { total, page: Math.floor(query.o / query.l) + 1, next: rows.length === query.l ? query.o + rows.length : 0, data: rows };
  }
}
