import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts';
import type { batchPrintLabelSchema } from '@kontor/contracts/domains/carriers';
import type { z } from 'zod';
import type { Core } from '../../core.js';
import { type AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { mergePdfs } from '../../lib/documents/merge-pdf.js';
import { readGeneratedFiles } from '../files/index.js';
import { labelOrders } from '../outbound/index.js';
import { labelsRepo } from './labels.repo.js';
import { CANCELED, type LabelsService } from './labels.service.js';
import { renderSnLabel } from '../labels/index.js';
import { TenantScope } from '../../db/tenant-scope.js';

type Rows = z.infer<typeof batchPrintLabelSchema>;

/** What a batchPrintLabel request names (see `CarrierGateService.plan`). */
export interface GatePlan {
  /** Per order id, the parcel indexes to print (null: all of its labels). */
  wanted: Map<number, Set<number> | null>;
  /** The order id of each request row, in the rows' order. */
  rowOrders: number[];
  /** Each live order's state. */
  states: Map<number, OutboundState>;
  /** One of the orders is cancel requested or canceled: nothing is bought or printed. */
  canceled: boolean;
}

/**
 * The carrier gate's calls of the original (facts §2.8; issue 17 item 5), answered on Kontor's own
 * address: `batchPrintLabel` (and the stations' `printShipmentLabelAtScan`, the same call with the
 * pack scan's rows) buys what the orders lack and answers the URL of one merged PDF; the PDF itself;
 * and the SN label as base64.
 */
export class CarrierGateService {
  constructor(
    private readonly core: Core,
    private readonly labels: LabelsService,
  ) {}

  private url(ids: number[]): string {
    return `${this.core.config.CARRIER_GATE_URL ?? ''}/v0/labels/merged.pdf?files=[${ids.join(',')}]`;
  }

  /**
   * Orders are named by id or number, within the session's merchant scope (another merchant's order is
   * NotFound). A cancelled order (2 or 120) anywhere in the request prints nothing and buys nothing:
   * `files=[]`. Every other order gets its labels (bought once, reused after) and moves below packing
   * completed to packing completed; an order whose label could not be bought waits in the label queue
   * and adds no file.
   */
  async batchPrintLabel(auth: AuthContext, rows: Rows): Promise<string> {
    const plan = await this.plan(auth, rows);
    return plan.canceled ? this.url([]) : this.print(auth, plan);
  }

  /**
   * The orders a request names and the parcels wanted of each (null: every label), with each order's
   * state; `canceled` when one of them is cancel requested or canceled. Reads only.
   */
  async plan(auth: AuthContext, rows: Rows): Promise<GatePlan> {
    const scope = TenantScope.of(auth);
    const numbers = rows.filter((r) => !(r.id && r.id > 0)).map((r) => (r.UNID || r.unid)!);
    const byNumber = await labelOrders.idsByNumber(this.core.db, numbers, scope);
    const wanted = new Map<number, Set<number> | null>();
    const rowOrders: number[] = [];
    for (const row of rows) {
      const id = row.id && row.id > 0 ? row.id : byNumber.get((row.UNID || row.unid)!);
      if (!id) throw new AppError('NotFound');
      rowOrders.push(id);
      const before = wanted.get(id);
      // lblIdx picks parcels (a batch picklist prints a label per piece); without it, every label of the order.
      if (!row.lblIdx || before === null) wanted.set(id, null);
      else wanted.set(id, new Set([...(before ?? []), ...row.lblIdx]));
    }
    const states = new Map<number, OutboundState>();
    let canceled = false;
    for (const id of wanted.keys()) {
      const order = await labelOrders.order(this.core.db, id, scope);
      if (!order || order.deleted) throw new AppError('NotFound');
      const state = OUTBOUND_ORDER.stateOf(order.status);
      if (!state || CANCELED.includes(state)) canceled = true;
      else states.set(id, state);
    }
    return { wanted, rowOrders, states, canceled };
  }

  /** Buys (or reuses) the planned orders' labels and answers the merged PDF's URL. */
  async print(auth: AuthContext, plan: GatePlan): Promise<string> {
    if (plan.canceled) return this.url([]);
    const actor = { userId: auth.userId, merchantScope: TenantScope.of(auth) };
    const files: number[] = [];
    for (const [id, pick] of plan.wanted) {
      let purchase;
      try {
        purchase = await this.labels.buy(actor, id);
      } catch (error) {
        if (error instanceof AppError && error.code === 'InvalidState') continue;
        throw error;
      }
      if (!purchase.complete) continue;
      for (const label of purchase.labels) {
        if (label.state !== 'bought' || label.format !== 'pdf') continue;
        if (pick === null || (!label.isReturn && pick.has(label.parcelIndex))) files.push(label.id);
      }
    }
    return this.url(files);
  }

  /** `GET /v0/labels/merged.pdf?files=[…]`: the labels asked for that the session may see, as one PDF. */
  async mergedPdf(auth: AuthContext, files: string): Promise<Buffer> {
    const ids = files
      .slice(1, -1)
      .split(',')
      .filter((s) => s !== '')
      .map(Number);
    if (ids.length > 1000) throw new AppError('IntegrityError', { fields: [{ field: 'files', message: 'at most 1000 labels' }] });
    const printable = await labelsRepo.printable(this.core.db, ids, TenantScope.of(auth));
    if (printable.length < new Set(ids).size) throw new AppError('NotFound');
    const stored = await readGeneratedFiles(
      this.core.db,
      printable.map((p) => p.fileId),
    );
    return mergePdfs(stored.filter((f) => f.mime === 'application/pdf').map((f) => f.data));
  }

  /**
   * `GET /v0/utils/labelSNBase64?q=` (spec §7): the carrier label of a tracking number Kontor bought, else
   * a serial-number label, as base64 PDF.
   */
  async labelSnBase64(auth: AuthContext, q: string): Promise<{ base64: string }> {
    const label = await labelsRepo.byTracking(this.core.db, q, TenantScope.of(auth));
    if (label?.label_file_id && label.format === 'pdf') {
      const [file] = await readGeneratedFiles(this.core.db, [label.label_file_id]);
      if (file) return { base64: Buffer.from(file.data).toString('base64') };
    }
    return { base64: (await renderSnLabel(q)).toString('base64') };
  }
}
