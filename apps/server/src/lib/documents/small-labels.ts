/**
 * Small labels: the item label (SKU, EAN, name; issue 17 items 6 and 9) and the serial-number label
 * (`labelSNBase64`, the SN sticker printed at receiving and packing). Each is one page of its own size.
 */
import { drawBarcode, canEncode } from './barcode.js';
import { useFontFor } from './fonts.js';
import { hasValidCheckDigit } from './gs1.js';
import { addPage, fit, MM, newDocument, toBuffer, type Doc } from './pdf.js';

export const mmSize = (width: number, height: number): [number, number] => [width * MM, height * MM];

export interface ItemLabelData {
  sku: string;
  name: string;
  /** The item's first barcode (EAN-13 when it is one, else printed as Code 128). */
  ean?: string;
  merchantCode?: string;
}

/** Draws the item label filling a page of `size` (points): name, SKU as Code 128, EAN as EAN-13. */
export function addItemLabelPage(doc: Doc, item: ItemLabelData, size: [number, number]): void {
  addPage(doc, size);
  const [w, h] = size;
  const pad = Math.min(w, h) * 0.06;
  const inner = w - 2 * pad;
  useFontFor(doc, item.name, true);
  const nameSize = Math.max(6, Math.min(12, h / 11));
  doc.fontSize(nameSize).text(item.name, pad, pad, { width: inner, height: nameSize * 2.5, ellipsis: true });
  const top = pad + nameSize * 2.6;
  const hasEan = !!item.ean;
  const rows = hasEan ? 2 : 1;
  const rowHeight = (h - top - pad) / rows;
  const codeRow = (value: string, y: number, ean: boolean) => {
    const barHeight = rowHeight * 0.62;
    drawBarcode(doc, ean ? 'ean13' : 'code128', value, { x: pad, y, width: inner, height: barHeight });
    useFontFor(doc, value, true);
    const textSize = Math.max(6, Math.min(11, rowHeight * 0.22));
    doc.fontSize(textSize).text(fit(doc, value, inner), pad, y + barHeight + 2, { width: inner, align: 'center', lineBreak: false });
  };
  codeRow(item.sku, top, false);
  if (item.ean) {
    const asEan = /^\d{13}$/.test(item.ean) && hasValidCheckDigit(item.ean) && canEncode('ean13', item.ean);
    codeRow(item.ean, top + rowHeight, asEan);
  }
  if (item.merchantCode) {
    doc
      .font('Helvetica')
      .fontSize(5)
      .text(item.merchantCode, pad, h - pad * 0.9, { width: inner, align: 'right', lineBreak: false });
  }
}

/** The SN label: 60 × 30 mm, the serial as Code 128 with its text. */
export const SN_LABEL_SIZE = mmSize(60, 30);

export function addSnLabelPage(doc: Doc, sn: string): void {
  addPage(doc, SN_LABEL_SIZE);
  const [w, h] = SN_LABEL_SIZE;
  const pad = 2.5 * MM;
  drawBarcode(doc, 'code128', sn, { x: pad, y: pad, width: w - 2 * pad, height: h * 0.58 });
  useFontFor(doc, sn, true);
  doc.fontSize(9).text(fit(doc, `SN ${sn}`, w - 2 * pad), pad, pad + h * 0.58 + 3, { width: w - 2 * pad, align: 'center', lineBreak: false });
}

/** One SN label as a PDF (what `GET /v0/utils/labelSNBase64` answers in base64). */
export async function renderSnLabel(sn: string): Promise<Buffer> {
  const doc = newDocument(`SN ${sn}`);
  addSnLabelPage(doc, sn);
  return toBuffer(doc);
}

export interface CompartmentLabelData {
  code: string;
  /** A small line under the symbol: warehouse, zone, kind, picking priority. */
  detail: string;
}

/** The compartment (shelf) label: the code large to read from a distance, and as Code 128 to scan. */
export function addCompartmentLabelPage(doc: Doc, c: CompartmentLabelData, size: [number, number]): void {
  addPage(doc, size);
  const [w, h] = size;
  const pad = Math.min(w, h) * 0.07;
  const inner = w - 2 * pad;
  const codeSize = Math.max(10, Math.min(h * 0.24, (inner / Math.max(c.code.length, 4)) * 1.6));
  doc
    .font('Helvetica-Bold')
    .fontSize(codeSize)
    .text(fit(doc, c.code, inner), pad, pad, { width: inner, align: 'center', lineBreak: false });
  const top = pad + codeSize * 1.15;
  const detailSize = Math.max(5, Math.min(9, h / 14));
  const barHeight = h - top - pad - detailSize * 1.6;
  drawBarcode(doc, 'code128', c.code, { x: pad, y: top, width: inner, height: Math.max(barHeight, 10) });
  useFontFor(doc, c.detail, false);
  doc.fontSize(detailSize).text(fit(doc, c.detail, inner), pad, h - pad - detailSize, { width: inner, align: 'center', lineBreak: false });
}
