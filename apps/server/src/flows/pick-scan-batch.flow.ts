import type { batchPrintLabelSchema } from '@kontor/contracts/domains/carriers';
import type { z } from 'zod';
import type { Core } from '../core.js';
import type { AuthContext } from '../http/access.js';
import { AppError } from '../http/app-error.js';
import { carriersServices } from '../modules/carriers/index.js';
import { pickingServices } from '../modules/picking/index.js';
import { PackOrderFlow, PACKABLE } from './pack-order.flow.js';

type Rows = z.infer<typeof batchPrintLabelSchema>;
type Row = Rows[number];
type Material = { itemId: number; quantity: number } | { code: string; quantity: number };

/** The initiator the Pick Scan Batch station (facts §3.6) puts on its rows. */
export const PICK_SCAN_BATCH = 'packScanBatch';
const PICK_SCAN_PRIVILEGE = 'wms.pickingScan.view';

/**
 * The carrier gate's `batchPrintLabel` (and `printShipmentLabelAtScan`) with the Pick Scan Batch
 * station's goods issue (issue 18 items 3, 8; docs/picking.md "Picking scan"). Rows the station marks
 * `initiator: "packScanBatch"` name single-item orders whose piece was just taken from the shelf: each
 * such order is packed through the pack flow (its reserved unit leaves the books, one parcel with the
 * row's materials, pack log, billing) before its labels are bought. The pack flow books an order once
 * (its pack log), so a retry of the same slice, by the screen or the unchanged handheld, books nothing
 * and buys nothing again (labels are reused); orders already past packing are not packed again.
 * A request naming a canceled order packs nothing and prints nothing (`files=[]`), as before.
 */
export class PickScanBatchFlow {
  private readonly packing: PackOrderFlow;

  constructor(private readonly core: Core) {
    this.packing = new PackOrderFlow(core);
  }

  private get gate() {
    return carriersServices(this.core).gate;
  }

  /**
   * `claim` (the station's `batchPrintLabel`, not the print history's reprint through
   * `printShipmentLabelAtScan`): the slice's label indexes are first claimed for the session on the
   * orders' live picklist, so two stations never print the same index (`LabelsTaken`, nothing booked).
   */
  async batchPrintLabel(auth: AuthContext, rows: Rows, options: { claim: boolean } = { claim: true }): Promise<string> {
    const plan = await this.gate.plan(auth, rows);
    const packs = rows.some((r) => r.initiator === PICK_SCAN_BATCH);
    // Packing is the warehouse's: a merchant (who may print its labels) or a user without the station never packs.
    if (packs && (auth.merchantId !== null || !(auth.isAdmin || auth.privileges.has(PICK_SCAN_PRIVILEGE)))) throw new AppError('NoPermission');
    if (packs && !plan.canceled && options.claim) {
      const slice = rows.flatMap((row, i) =>
        row.initiator === PICK_SCAN_BATCH
          ? [{ orderId: plan.rowOrders[i]!, sku: typeof row.packSKU === 'string' ? row.packSKU : '', lblIdx: row.lblIdx ?? null }]
          : [],
      );
      await pickingServices(this.core).picking.claimLabels(auth, slice);
    }
    if (packs && !plan.canceled) {
      const done = new Set<number>();
      for (const [i, row] of rows.entries()) {
        const orderId = plan.rowOrders[i]!;
        if (row.initiator !== PICK_SCAN_BATCH || done.has(orderId)) continue;
        done.add(orderId);
        const state = plan.states.get(orderId);
        if (!state || !PACKABLE.includes(state)) continue;
        await this.packing.pack(auth, orderId, {
          station: PICK_SCAN_BATCH,
          parcels: [{ weight: null, dimensions: null, materials: materialsOf(row) }],
          confirmWeight: false,
          short: [],
        });
      }
    }
    return this.gate.print(auth, plan);
  }
}

/** The row's materials in the pack flow's shape, one of each per parcel unless a quantity is given. */
function materialsOf(row: Row): Material[] {
  return (row.packingMaterials ?? []).map((m) => {
    if (typeof m === 'number') return { itemId: m, quantity: 1 };
    if (typeof m === 'string') return { code: m, quantity: 1 };
    return m.itemId !== undefined ? { itemId: m.itemId, quantity: m.quantity } : { code: m.code!, quantity: m.quantity };
  });
}
