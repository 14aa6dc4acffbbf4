import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import type { ShipScanAnswer } from '@kontor/contracts/domains/shipping-responses';
import type { Kysely } from 'kysely';
import type { Core } from '../../core.js';
import type { DB } from '../../db/types.js';
import type { AuthContext } from '../../http/access.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { AppError } from '../../http/app-error.js';
import { stateOf } from './order-status.service.js';
import type { OutboundOrderService } from './outbound-order.service.js';
import type { P11yCompatService } from './p11y-compat.service.js';
import { p11yCompatRepo } from './p11y-compat.repo.js';
import type { OrderRow } from './outbound.repo.js';
import { foundOf, shippingScanRepo, type FoundOrder, type OrderParcels, type ShippingLogEntry } from './shipping-scan.repo.js';
import { progressOf } from './sku-qc-progress.js';
import { skuQcRepo } from './sku-qc.repo.js';

/** States in which a parcel may be confirmed: packed with its labels, or already on its way through QC. */
const SCANNABLE: readonly OutboundState[] = ['packingCompleted', 'snRequired', 'partialQc', 'readyToShip'];
/** The original's "Attention" states: the scan changes nothing (facts §3.1). */
const ATTENTION: readonly OutboundState[] = ['canceled', 'cancelRequested'];
const ATTENTION_CODES = OUTBOUND_ORDER.codes(...ATTENTION);

/** What a scanned code means for the order it names (facts §3.1). */
interface Scan {
  order: OrderRow;
  parcels: OrderParcels;
  state: OutboundState;
  /** The tracking number the scan confirms: the code, or an order-number scan's first parcel. */
  tracking: string;
  /** Confirmed before: the scan answers `alreadyScanned` and changes nothing. */
  already: boolean;
  /** A canceled order: the scan changes nothing and is logged as refused. */
  attention: boolean;
}

function scanOf(found: FoundOrder | null, code: string): Scan {
  if (!found || found.order.deleted) throw new AppError('OrderNotFound');
  const { order, parcels } = found;
  const byNumber = code.toUpperCase() === order.unid;
  const state = stateOf(order);
  return {
    order,
    parcels,
    state,
    // An order-number scan confirms the first parcel (facts §3.1); an order without tracking numbers its own number.
    tracking: byNumber ? (parcels.bundle[0] ?? order.unid) : code,
    already: found.already,
    attention: ATTENTION.includes(state),
  };
}

/** The shipping log row of a scan that reached the order (refusals: `logRefusal`). */
const logEntry = (auth: AuthContext, { order, already, attention }: Scan, code: string): ShippingLogEntry => ({
  kind: 'shipping',
  merchantId: order.merchantId,
  orderId: order.id,
  orderUnid: order.unid,
  code,
  result: already ? 'already' : attention ? 'refused' : 'new',
  errorCode: !already && attention ? 'OrderAttention' : '',
  statusAfter: order.status,
  userId: auth.userId,
  station: { sessionId: auth.sessionId },
});

/** How many parcels an order ships: its tracking numbers or its box count, at least one (the client's rule). */
export const parcelCount = (parcels: OrderParcels) => Math.max(parcels.bundle.length, parcels.boxQty, 1);

/**
 * The shipping scan (issue 19 item 1, facts §3.1, docs/shipping.md): the parcels of a packed order
 * are confirmed one tracking number at a time; once all are, the order moves on to partial QC when its
 * SKU QC is due, to SN required when only serials are, else to ready to ship. The order row is locked
 * first, so scanners of one order's parcels take turns: nothing is lost and nothing counted twice.
 * Every scan writes a shipping log row in the same transaction (refusals after it, `logRefusal`).
 */
export class ShippingScanService {
  constructor(
    private readonly core: Pick<Core, 'db'>,
    private readonly orders: OutboundOrderService,
    private readonly compat: P11yCompatService,
  ) {}

  /** Where the order goes once its last parcel is confirmed. */
  private async nextState(db: Kysely<DB>, orderId: number): Promise<OutboundState> {
    const [qc, lines, serials] = await Promise.all([skuQcRepo.order(db, orderId), skuQcRepo.serialLines(db, orderId), skuQcRepo.serials(db, orderId)]);
    const p = progressOf(qc, lines, serials);
    if (p.skuScanned < p.skuRequired) return 'partialQc';
    return p.snScanned < p.snRequired ? 'snRequired' : 'readyToShip';
  }

  /**
   * `GET /v0/p11yorders/scanShipSN?q=`: confirms one parcel by tracking number or order number. The
   * work is as short as it allows (docs/shipping.md "Cost of a scan"): one statement finds the order
   * without a lock, writes the log row when the scan changes nothing (a repeat, a canceled order) and
   * reads the answer; that is all a repeat costs. A new parcel is confirmed in a transaction that finds
   * and locks the order again and decides again (another station may have confirmed it meanwhile),
   * appends it and writes the log row (which reads the station itself). Its answer is read after the
   * commit, in one statement.
   */
  async scan(auth: AuthContext, q: string): Promise<ShipScanAnswer> {
    const code = q.trim();
    const scope = TenantScope.of(auth);
    // One statement: the lookup, a repeat's log row, the answer's read (shippingScanRepo.scanPrelude).
    const { prelude, id } = shippingScanRepo.scanPrelude(this.core.db, scope, code, auth, ATTENTION_CODES);
    const read = await this.compat.readAfter(auth, id, prelude);
    const seen = scanOf(read && foundOf(read.values.__found as Record<string, unknown>), code);
    const unchanged = seen.already || seen.attention;
    if (read!.values.__logged !== unchanged) throw new Error(`shipping scan ${seen.order.unid}: the lookup's log row and the service's rule disagree`);
    // A repeat or a canceled order changes nothing: its log row was written by that statement.
    if (unchanged) return Object.assign(await read!.answer(), { alreadyScanned: seen.already }) as ShipScanAnswer;
    const alreadyScanned = await this.core.db.transaction().execute(async (trx) => {
      const scan = scanOf(await shippingScanRepo.findByCode(trx, scope, code, { lock: true }), code);
      const { order, parcels, state } = scan;
      if (!scan.already && !scan.attention) {
        if (!SCANNABLE.includes(state)) throw new AppError('ShipScanNotReady', { params: { status: state } });
        await shippingScanRepo.markSent(trx, order.id, scan.tracking);
        if (state === 'packingCompleted' && parcels.sent.length + 1 >= parcelCount(parcels)) {
          const actor = { userId: auth.userId, merchantScope: scope };
          await this.orders.status.move(trx, actor, order, await this.nextState(trx, order.id), { action: 'shippingScan' });
        }
      }
      await shippingScanRepo.log(trx, logEntry(auth, scan, code));
      return scan.already;
    });
    // The answer is a fresh object of about 85 fields: the flag is added to it, not copied with it.
    return Object.assign((await this.compat.get(auth, seen.order.id))!, { alreadyScanned }) as ShipScanAnswer;
  }

  /**
   * Records a scan that was refused with an error (unknown code, not ready …). Called once the call's
   * transaction has rolled back, so the row stays even though the scan's work did not.
   */
  async logRefusal(auth: AuthContext, q: string, error: unknown): Promise<void> {
    const code = q.trim();
    if (!code) return;
    const db = this.core.db;
    const id = await p11yCompatRepo.idByCode(db, TenantScope.of(auth), code);
    const order = id === null ? undefined : await shippingScanRepo.orderRef(db, id);
    await shippingScanRepo.log(db, {
      kind: 'shipping',
      merchantId: order ? Number(order.merchantId) : null,
      orderId: order ? id : null,
      orderUnid: order?.unid ?? '',
      code,
      result: 'refused',
      errorCode: error instanceof AppError ? error.code : 'InternalError',
      statusAfter: null,
      userId: auth.userId,
      station: await shippingScanRepo.stationOf(db, auth.sessionId),
    });
  }
}
