import type { SkuQcProgress, SnScanAnswer, SnSwapAnswer } from '@kontor/contracts/domains/sku-qc-responses';
import type { OrderRow } from './outbound.repo.js';
import type { Progress } from './sku-qc-progress.js';

/** The answers of the SKU QC, serial scan and SN swap steps (facts §3.2, §3.3, §3.5), from the order and its progress. */
export function qcAnswer(order: OrderRow, p: Progress): SkuQcProgress {
  return {
    id: order.id,
    unid: p.qc.unid,
    status: order.status,
    shippingScanSKUQC: JSON.stringify(p.qc.skuDone.map((sku) => ({ sku }))),
    itemID: p.nextSku,
    requiredSKUQCQty: p.skuRequired,
    scannedSKUQCQty: p.skuScanned,
    remainingSKUQCQty: p.skuRequired - p.skuScanned,
    skuQCCompleted: p.skuScanned >= p.skuRequired,
    requiredSNQty: p.snRequired,
    scannedSNQty: p.snScanned,
    remainingSNQty: p.snRequired - p.snScanned,
    snRequired: p.snRequired > 0,
    snCompleted: p.snScanned >= p.snRequired,
    snItemID: p.snLine?.sku ?? '',
    noteInner: p.qc.privateRemark,
    noteImportant: p.qc.importantNote,
  };
}

export function snAnswer(order: OrderRow, p: Progress, sn: string): SnScanAnswer {
  return {
    id: order.id,
    unid: p.qc.unid,
    status: order.status,
    sn,
    itemSN: JSON.stringify(p.serials.map((s) => ({ sku: s.sku, sn: s.serial }))),
    itemID: p.snLine?.sku ?? '',
    requiredSNQty: p.snRequired,
    scannedSNQty: p.snScanned,
    remainingSNQty: p.snRequired - p.snScanned,
    completed: p.snScanned >= p.snRequired,
    snPattern: p.snLine?.serialPattern ?? '',
  };
}

export function swapAnswer(order: OrderRow, p: Progress, sn: string): SnSwapAnswer {
  return {
    id: order.id,
    unid: p.qc.unid,
    shipBundleSent: p.qc.shipBundleSent,
    sn,
    itemSN: JSON.stringify(p.serials.map((s) => ({ sku: s.sku, sn: s.serial }))),
    swapBuffer: p.qc.swapBuffer,
    print: 'none',
    printJobId: null,
  };
}
