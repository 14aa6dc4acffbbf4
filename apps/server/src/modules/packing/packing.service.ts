import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import type { packLogQuerySchema } from '@kontor/contracts/domains/packing';
import type { PackLabel, PackLogRow, PackRefOrder } from '@kontor/contracts/domains/packing-responses';
import type { Page } from '@kontor/contracts';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { TenantScope } from '../../db/tenant-scope.js';
import { AppError } from '../../http/app-error.js';
import { carriersServices } from '../carriers/index.js';
import { InventoryLookups } from '../inventory/index.js';
import { outboundServices } from '../outbound/index.js';
import { printing } from '../printing/index.js';
import { packLogRepo } from './packing.repo.js';
import { packRefRepo } from './pack-ref.repo.js';

/** Waiting for a measure: no label until the station gives it (docs/packing.md). */
const WAITING: readonly OutboundState[] = ['packetWeightNeeded', 'packetDimensionNeeded'];
const CANCELED: readonly OutboundState[] = ['cancelRequested', 'canceled'];

/**
 * After packing (issue 18 item 5, docs/packing.md): the label step buys the order's labels through the
 * carriers module (which moves it to packing completed, or to the label queue) and prints them on the
 * packer's print station; the packlist lists the pack log and reprints a parcel's label.
 * The label step is a call of its own, not part of the pack transaction: a carrier is called only after
 * the booking committed, and every parcel's label has its own idempotency key, so repeating it buys
 * nothing twice.
 */
export class PackingService {
  constructor(private readonly core: Core) {}

  /** Buys (or reuses) the order's labels and prints them. `PrinterOffline` is answered as `printed: false`. */
  async label(auth: AuthContext, orderId: number): Promise<PackLabel> {
    const order = await outboundServices(this.core).orders.mustFind(this.core.db, auth, orderId);
    const state = OUTBOUND_ORDER.stateOf(order.status);
    if (state && CANCELED.includes(state)) throw new AppError('OrderCanceled');
    if (state && WAITING.includes(state)) throw new AppError('InvalidState', { detail: `${state}: measure the parcel first` });
    const purchase = await carriersServices(this.core).labels.buy({ userId: auth.userId, merchantScope: TenantScope.of(auth) }, orderId);
    const files = purchase.labels.filter((l) => l.state === 'bought' && l.format === 'pdf' && !l.isReturn).map((l) => l.id);
    const labelUrl = purchase.complete && files.length > 0 ? `/v0/labels/merged.pdf?files=[${files.join(',')}]` : null;
    const printed = labelUrl ? await this.print(auth, labelUrl, order.unid) : null;
    return {
      orderId,
      status: purchase.status,
      complete: purchase.complete,
      shipBundle: purchase.shipBundle,
      labelUrl,
      errorCode: purchase.complete ? null : (purchase.errorCode ?? 'CarrierRefused'),
      printed: printed !== null,
      printJobId: printed,
    };
  }

  /** The packlist's reprint: the label of the row's order again (bought labels are reused, never bought twice). */
  async reprint(auth: AuthContext, packLogId: number): Promise<PackLabel> {
    const row = await packLogRepo.one(this.core.db, packLogId, TenantScope.of(auth));
    if (!row) throw new AppError('NotFound');
    return this.label(auth, row.orderId);
  }

  private async print(auth: AuthContext, url: string, title: string): Promise<number | null> {
    try {
      return (await printing.send(this.core, { userId: auth.userId, kind: 'label', url, title })).id;
    } catch (error) {
      // No print station online: the station opens the PDF itself (labelUrl).
      if (error instanceof AppError && error.code === 'PrinterOffline') return null;
      throw error;
    }
  }

  /**
   * The packing materials the stations offer (items of type 2). Its own call rather than `/v0/item/opts`:
   * a packing station's role packs without the item master's privilege.
   */
  async materials(auth: AuthContext) {
    return new InventoryLookups(this.core).itemOpts(TenantScope.of(auth), 2);
  }

  /** `GET /v0/packing/log`: newest first, keyset over the id (`o` is the last row's id). */
  async log(auth: AuthContext, query: z.infer<typeof packLogQuerySchema>): Promise<Page<PackLogRow>> {
    const beforeId = query.o && /^\d{1,18}$/.test(query.o) ? Number(query.o) : undefined;
    const { rows, total, capped } = await packLogRepo.page(this.core.db, {
      scope: TenantScope.of(auth),
      q: query.q || undefined,
      station: query.station || undefined,
      userId: query.userId,
      from: query.from,
      to: query.to,
      beforeId,
      limit: query.l,
    });
    const last = rows.at(-1);
    return { total, totalCapped: capped, next: rows.length === query.l && last ? String(last.id) : null, data: rows };
  }

  /** `GET /v0/packing/ref?q=` (`/mEP/packScanRef`): the caller's own orders by reference or order number, with their packing. */
  async byReference(auth: AuthContext, q: string): Promise<PackRefOrder[]> {
    return packRefRepo.search(this.core.db, q, TenantScope.of(auth));
  }
}
