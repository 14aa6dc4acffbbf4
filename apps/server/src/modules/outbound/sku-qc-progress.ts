import type { OrderSerial, QcOrder, SerialLine } from './sku-qc.repo.js';

/** Where an order stands in its SKU QC and serial capture (the scan answers and the order's fields, facts §2.3). */
export interface Progress<Q extends Pick<QcOrder, 'skuRequired' | 'skuDone'> = QcOrder> {
  qc: Q;
  lines: SerialLine[];
  serials: OrderSerial[];
  skuRequired: number;
  skuScanned: number;
  nextSku: string;
  snRequired: number;
  snScanned: number;
  /** The line whose serial is due next, if any. */
  snLine: SerialLine | undefined;
}

/** Serials captured by scanning count towards the requirement; serials a swap made do not. */
export const scannedOf = (serials: OrderSerial[], itemId: number) => serials.filter((s) => s.source === 'scan' && s.itemId === itemId).length;

/**
 * The progress of one order: QC pieces against the required list, serials against the units of the
 * items that need one (an item's units summed over its lines, served in line order).
 */
export function progressOf<Q extends Pick<QcOrder, 'skuRequired' | 'skuDone'>>(qc: Q, lines: SerialLine[], serials: OrderSerial[]): Progress<Q> {
  const serialLines = lines.filter((l) => l.serialRequired);
  return {
    qc,
    lines,
    serials,
    skuRequired: qc.skuRequired.length,
    skuScanned: Math.min(qc.skuDone.length, qc.skuRequired.length),
    nextSku: qc.skuRequired[qc.skuDone.length] ?? '',
    snRequired: serialLines.reduce((sum, l) => sum + l.quantity, 0),
    snScanned: serialLines.reduce((sum, l) => sum + Math.min(scannedOf(serials, l.itemId), l.quantity), 0),
    snLine: serialLines.find((l) => scannedOf(serials, l.itemId) < l.quantity),
  };
}

/**
 * A serial matches the item's pattern (a regular expression, checked when the item is saved). A
 * pattern the engine refuses matches nothing rather than failing the scan.
 */
export function serialMatches(pattern: string | null, serial: string): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(pattern).test(serial);
  } catch {
    return false;
  }
}

/** The serial a swap makes: `KS`, the order number's digits and the swap's counter, all letters and digits. */
export const swapSerial = (unid: string, n: number) => `KS${unid.replace(/\D/g, '')}${String(n).padStart(3, '0')}`;

/** The QC and serial fields of the original's order JSON (facts §2.3), e.g. for `GET /v0/p11yorders/`. */
export function orderQcFields(p: Progress<Pick<QcOrder, 'skuRequired' | 'skuDone'>>) {
  return {
    skuQCRequiredQty: p.skuRequired,
    skuQCScannedQty: p.skuScanned,
    skuQCRemainingQty: p.skuRequired - p.skuScanned,
    skuQCCurrentItemID: p.nextSku,
    skuQCCompleted: p.skuScanned >= p.skuRequired,
    shippingScanSKUQC: JSON.stringify(p.qc.skuDone.map((sku) => ({ sku }))),
    snRequiredQty: p.snRequired,
    snScannedQty: p.snScanned,
    snRemainingQty: p.snRequired - p.snScanned,
    snCurrentItemID: p.snLine?.sku ?? '',
    snCompleted: p.snScanned >= p.snRequired,
    itemSN: JSON.stringify(p.serials.map((s) => ({ sku: s.sku, sn: s.serial }))),
  };
}
