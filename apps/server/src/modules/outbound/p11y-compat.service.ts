import type { Kysely, RawBuilder } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { stockTransaction, type GoodsIssue } from '../inventory/index.js';
import { ResourceView, type RecordPrelude, type RecordWith } from '../resources/index.js';
import { stateOf } from './order-status.service.js';
import type { OutboundOrderService } from './outbound-order.service.js';
import { OUTBOUND_RESOURCES } from './outbound.resources.js';
import { ORDER_EXTRAS, orderExtrasOf, p11yCompatRepo, type OrderExtras } from './p11y-compat.repo.js';
import { orderQcFields, progressOf } from './sku-qc-progress.js';
import { TenantScope } from '../../db/tenant-scope.js';

/**
 * The original clients' calls on outbound orders (facts §2.3, §3.4), with their field names: an order
 * is our read model plus the original's aliases (originSN, recName1, shipBundle, items as JSON text …).
 */
export class P11yCompatService {
  private readonly view: ResourceView;

  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly orders: OutboundOrderService,
    private readonly goodsIssue: GoodsIssue,
  ) {
    this.view = new ResourceView(core.db, OUTBOUND_RESOURCES.orders);
  }

  /** The order as the original clients read it. Private remarks only for staff. */
  private async compat(db: Kysely<DB>, auth: AuthContext, rows: Array<Record<string, unknown>>, read?: OrderExtras) {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const { lines, qc } = read ?? (await p11yCompatRepo.extras(db, ids));
    const staff = auth.merchantId === null;
    return rows.map((row) => {
      const id = Number(row.id);
      const lists = qc.lists.find((l) => l.orderId === id) ?? { skuRequired: [], skuDone: [] };
      const progress = progressOf(
        lists,
        qc.lines.filter((l) => l.orderId === id),
        qc.serials.filter((s) => s.orderId === id),
      );
      const items = lines
        .filter((l) => Number(l.orderId) === Number(row.id))
        .map((l) => ({ sku: l.sku, qty: l.qty, ...(l.itemBatch ? { itemBatch: l.itemBatch } : {}) }));
      const consignee = (row.consignee ?? {}) as Record<string, string>;
      const bundle = String(row.shipBundle ?? '');
      // Object.assign, not a spread: a literal spreading ninety keys and adding twenty more cost V8 about
      // ten times as much (the shipping scan answers with this on every call).
      return Object.assign({}, row, {
        privateRemark: staff ? row.privateRemark : '',
        originSN: row.refOrderId,
        agentGUID: row.merchantCode,
        recName1: consignee.name1 ?? '',
        recCountry: consignee.country ?? '',
        shipQty: Math.max(bundle ? bundle.split('\n').length : 0, Number(row.boxQty ?? 0)),
        shipSN: row.shipNo,
        retourSN: row.retourNo,
        items: JSON.stringify(items),
        note: row.remark,
        noteInner: staff ? row.privateRemark : '',
        noteImportant: row.importantNote,
        ...orderQcFields(progress),
      });
    });
  }

  /** `GET /v0/p11yorders/?q=<id>`: the full order, or NotFound. */
  async get(auth: AuthContext, id: number) {
    // The record and what the original adds to it are read in one statement (one round trip, not three).
    const read = await this.view.getWith(id, TenantScope.of(auth), ORDER_EXTRAS);
    if (!read) throw new AppError('NotFound');
    return this.answerOf(auth, read);
  }

  /**
   * The order that `prelude`'s lookup names (`id`: its SQL), read in the prelude's statement, with the
   * prelude's values: the shipping scan finds the order, writes a repeat's log row and reads the answer
   * in one round trip. Null when the lookup names no live order in the session's scope; the answer is
   * built only when asked for (a new scan answers after its transaction).
   */
  async readAfter(auth: AuthContext, id: RawBuilder<number>, prelude: RecordPrelude) {
    const read = await this.view.getWith(id, TenantScope.of(auth), ORDER_EXTRAS, prelude);
    return read && { values: read.extras, answer: () => this.answerOf(auth, read) };
  }

  private async answerOf(auth: AuthContext, read: RecordWith) {
    return (await this.compat(this.core.db, auth, [read.record], orderExtrasOf(read.extras)))[0]!;
  }

  /**
   * `GET /v0/p11yorders/list?l&o&q` (offset paging as the original: `o` is the number of rows already
   * loaded). `q` matches the order number, any tracking number, ship, retour and reference numbers.
   */
  async list(auth: AuthContext, query: { l: number; o: number; q: string }) {
    const scope = TenantScope.of(auth);
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { ids, total } = await p11yCompatRepo.page(this.core.db, scope, query.q !== '' ? pattern : null, query.l, query.o);
    const rows = await Promise.all(ids.map((id) => this.view.get(id, TenantScope.all)));
    const data = await this.compat(
      this.core.db,
      auth,
      rows.filter((r): r is Record<string, unknown> => r !== null),
    );
    return { total, next: data.length === query.l ? query.o + data.length : 0, data };
  }

  /**
   * `GET /v0/p11yorders/outOfStock?q=<id>`: a picker found the compartment short. The order releases
   * its reservations (they point at units that are not there) and waits as out of stock; the
   * re-allocation job serves it again from other compartments. The compartments that held them are
   * flagged for a count, as a short pick at packing does (docs/packing.md).
   */
  async outOfStock(auth: AuthContext, id: number) {
    await stockTransaction(this.core.db, async (trx) => {
      const order = await this.orders.mustFind(trx, auth, id, { lock: true });
      const actor = { userId: auth.userId, merchantScope: TenantScope.of(auth) };
      if (stateOf(order) === 'outOfStock') return;
      await this.orders.status.move(trx, actor, order, 'outOfStock', { action: 'outOfStock', reason: 'short pick' });
      await this.goodsIssue.requestCountOfReserved(trx, actor, { type: 'outbound', id: String(order.id) }, `out of stock ${order.unid}`);
      await this.orders.status.release(trx, actor, order);
    });
    return null;
  }

  /**
   * Logging scan, outbound variant (facts §3.4): with id 0 the code selects an order by number or
   * tracking number ({id: 0, unid: ''} when none); with an order id the code is logged to it once.
   */
  async scanLog(auth: AuthContext, id: number, q: string) {
    const scope = TenantScope.of(auth);
    const db = this.core.db;
    const code = q.trim();
    let orderId: number | null = null;
    if (id === 0) {
      orderId = await p11yCompatRepo.idByCode(db, scope, code);
    } else {
      const order = await this.orders.repo.order(this.core.db, id, scope);
      if (order) {
        orderId = order.id;
        await p11yCompatRepo.logTracking(this.core.db, id, code);
      }
    }
    if (orderId === null) return { id: 0, unid: '' };
    return this.get(auth, orderId);
  }
}
