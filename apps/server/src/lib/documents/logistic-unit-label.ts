/**
 * Box and pallet labels (`/labelBox`, `/labelPLT`; issue 17 item 6): a GS1 logistic label of 100 × 150
 * mm naming one carton or pallet by its SSCC, as GS1-128 with the human-readable number, with the
 * merchant, the order or loading reference and "i of n".
 */
import { drawBarcode } from './barcode.js';
import { useFontFor } from './fonts.js';
import { addPage, fit, LABEL_SIZE, MM, type Doc } from './pdf.js';
import { formatSscc, ssccElementString } from './sscc.js';

export interface LogisticUnitLabelData {
  kind: 'box' | 'pallet';
  sscc: string;
  /** Length of the company prefix in the SSCC, for the spaced human-readable form. */
  companyPrefixLength: number;
  merchantName: string;
  /** The order number (boxes) or loading reference (pallets). */
  reference: string;
  index: number;
  count: number;
  /** Consignee or destination lines (optional). */
  shipTo?: string[];
  weightKg?: number;
  /** What is inside, e.g. "12 × SKU-123" (optional). */
  content?: string;
  date: string;
}

const [W, H] = LABEL_SIZE;
const PAD = 4 * MM;

function line(doc: Doc, label: string, value: string, y: number): void {
  useFontFor(doc, label);
  doc.fontSize(7).text(label, PAD, y, { lineBreak: false });
  useFontFor(doc, value, true);
  doc.fontSize(12).text(fit(doc, value, W - 2 * PAD), PAD, y + 9, { lineBreak: false });
}

export function addLogisticUnitPage(doc: Doc, data: LogisticUnitLabelData): void {
  addPage(doc, LABEL_SIZE);
  const title = data.kind === 'box' ? 'BOX' : 'PALLET';
  doc.font('Helvetica-Bold').fontSize(26).text(title, PAD, PAD, { lineBreak: false });
  doc.fontSize(26).text(`${data.index} / ${data.count}`, PAD, PAD, { width: W - 2 * PAD, align: 'right', lineBreak: false });
  doc.save().lineWidth(1.5).moveTo(0, 44).lineTo(W, 44).stroke().restore();

  line(doc, 'FROM', data.merchantName, 50);
  line(doc, data.kind === 'box' ? 'ORDER' : 'LOADING', data.reference, 78);
  let y = 106;
  if (data.shipTo?.length) {
    useFontFor(doc, 'TO');
    doc.fontSize(7).text('TO', PAD, y, { lineBreak: false });
    data.shipTo.slice(0, 4).forEach((text, i) => {
      useFontFor(doc, text, i === 0);
      doc.fontSize(10).text(fit(doc, text, W - 2 * PAD), PAD, y + 9 + i * 12, { lineBreak: false });
    });
    y += 9 + Math.min(data.shipTo.length, 4) * 12 + 6;
  }
  if (data.content) {
    line(doc, 'CONTENT', data.content, y);
    y += 28;
  }
  doc.font('Helvetica').fontSize(7).text('DATE', PAD, y, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(data.date, PAD, y + 9, { lineBreak: false });
  if (data.weightKg !== undefined) {
    doc
      .font('Helvetica')
      .fontSize(7)
      .text('GROSS WEIGHT', W / 2, y, { lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`${data.weightKg.toFixed(1)} kg`, W / 2, y + 9, { lineBreak: false });
  }

  // The SSCC: human-readable above its GS1-128 symbol, at the bottom as GS1 logistic labels place it.
  const barHeight = 95;
  const barTop = H - PAD - barHeight - 20;
  doc
    .save()
    .lineWidth(1.5)
    .moveTo(0, barTop - 34)
    .lineTo(W, barTop - 34)
    .stroke()
    .restore();
  doc
    .font('Helvetica')
    .fontSize(7)
    .text('SSCC', PAD, barTop - 30, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(formatSscc(data.sscc, data.companyPrefixLength), PAD, barTop - 20, { lineBreak: false });
  drawBarcode(doc, 'gs1-128', ssccElementString(data.sscc), { x: PAD + 4, y: barTop, width: W - 2 * PAD - 8, height: barHeight });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(ssccElementString(data.sscc), PAD, barTop + barHeight + 5, { width: W - 2 * PAD, align: 'center', lineBreak: false });
}
