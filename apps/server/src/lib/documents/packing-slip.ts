/**
 * The packing slip (issue 17 item 6): an A4 page in the parcel listing what it holds, with the order
 * number as Code 128 for the returns desk to scan. Texts in the consignee's language (en, cn, de).
 */
import { drawBarcode } from './barcode.js';
import { printedLanguage } from './fonts.js';
import type { LabelLanguage } from './logistics-labels.js';
import { A4_SIZE, addPage, MM, newDocument, toBuffer, type Doc } from './pdf.js';
import { write } from './sheet.js';
import type { LabelAddress } from './shipping-label.js';
import { documentTexts } from './texts.js';

export interface PackingSlipData {
  orderNo: string;
  reference?: string;
  date: string;
  merchantName: string;
  shipTo: LabelAddress;
  lines: { sku: string; name: string; quantity: number }[];
  note?: string;
  language: LabelLanguage;
}

const TEXTS = documentTexts('packingSlip');

const [W, H] = A4_SIZE;
const M = 18 * MM;
const ROW = 16;

function header(doc: Doc, data: PackingSlipData, t: (typeof TEXTS)['en'], page: number): number {
  addPage(doc, A4_SIZE);
  write(doc, t.title, M, M, 22, 250, true);
  write(doc, data.merchantName, M, M + 28, 11, 250);
  drawBarcode(doc, 'code128', data.orderNo, { x: W - M - 190, y: M, width: 190, height: 40 });
  write(doc, data.orderNo, W - M - 190, M + 44, 10, 190, true, 'right');
  let y = M + 80;
  const facts: [string, string][] = [
    [t.order, data.orderNo],
    ...(data.reference ? ([[t.reference, data.reference]] as [string, string][]) : []),
    [t.date, data.date],
    [t.page, String(page)],
  ];
  facts.forEach(([k, v], i) => {
    write(doc, k, W - M - 190, y + i * 14, 9, 70);
    write(doc, v, W - M - 115, y + i * 14, 9, 115, true);
  });
  if (page === 1) {
    const a = data.shipTo;
    write(doc, t.shipTo, M, y, 9, 250);
    [a.name1, a.name2, [a.street, a.streetNumber].join(' '), a.addition, `${a.zip} ${a.city}`, a.country]
      .filter((v): v is string => !!v && v.trim() !== '')
      .forEach((line, i) => write(doc, line, M, y + 14 + i * 14, 11, 260, i === 0));
  }
  y += 110;
  doc
    .save()
    .rect(M, y, W - 2 * M, ROW + 2)
    .fill('#eeeeee')
    .restore();
  doc.fillColor('#000000');
  write(doc, t.sku, M + 4, y + 5, 9, 120, true);
  write(doc, t.item, M + 130, y + 5, 9, W - 2 * M - 200, true);
  write(doc, t.qty, W - M - 64, y + 5, 9, 60, true, 'right');
  return y + ROW + 6;
}

export async function renderPackingSlip(data: PackingSlipData): Promise<Buffer> {
  const language = printedLanguage(data.language);
  const t = TEXTS[language];
  const doc = newDocument(`${t.title} ${data.orderNo}`);
  let page = 1;
  let y = header(doc, data, t, page);
  for (const line of data.lines) {
    if (y > H - M - 60) y = header(doc, data, t, ++page);
    write(doc, line.sku, M + 4, y, 10, 120);
    write(doc, line.name, M + 130, y, 10, W - 2 * M - 200);
    write(doc, String(line.quantity), W - M - 64, y, 10, 60, true, 'right');
    doc
      .save()
      .lineWidth(0.3)
      .moveTo(M, y + ROW - 3)
      .lineTo(W - M, y + ROW - 3)
      .stroke('#999999')
      .restore();
    y += ROW;
  }
  const units = data.lines.reduce((sum, l) => sum + l.quantity, 0);
  write(doc, `${t.total}: ${units}`, W - M - 200, y + 6, 11, 196, true, 'right');
  if (data.note) write(doc, data.note, M, y + 30, 9, W - 2 * M);
  return toBuffer(doc);
}
