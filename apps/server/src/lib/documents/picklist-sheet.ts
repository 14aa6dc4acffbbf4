/**
 * The picklist PDF (issue 18 item 5): A4 pages listing the pick path, with Code 128 barcodes of the
 * picklist number (every page's head) and of every line's compartment and item, for the picker's
 * scanner. Texts in the user's language (en, cn, de; Chinese falls back to English without a CJK font).
 * Pages are drawn in batches onto a stream, so a picklist of thousands of lines is never held whole.
 */
import type { Readable } from 'node:stream';
import { drawBarcode } from './barcode.js';
import { printedLanguage } from './fonts.js';
import type { LabelLanguage } from './logistics-labels.js';
import { A4_SIZE, addPage, MM, newDocument, streamPages, type Doc } from './pdf.js';
import { drawFacts, write } from './sheet.js';
import { documentTexts } from './texts.js';

export interface PicklistSheetData {
  unid: string;
  typeLabel: string;
  carrier: string;
  merchant: string;
  created: string;
  orderCount: number;
  itemQty: number;
  lines: Array<{ compartment: string; sku: string; name: string; batch: string; qty: number }>;
  language: LabelLanguage;
}

const TEXTS = documentTexts('picklistSheet');
type Texts = (typeof TEXTS)['en'];

const [W, H] = A4_SIZE;
const M = 14 * MM;
const ROW = 22 * MM;
const HEAD = 62 * MM;
export const LINES_PER_PAGE = Math.floor((H - M - HEAD - 10) / ROW);

/** Code 128 takes printable ASCII; anything else is drawn as text only. */
const barcodeable = (value: string) => value !== '' && /^[\x20-\x7e]+$/.test(value);

function drawPage(doc: Doc, data: PicklistSheetData, t: Texts, page: number, pages: number, lines: PicklistSheetData['lines'], first: number) {
  addPage(doc, A4_SIZE);
  write(doc, `${t.title} ${data.unid}`, M, M, 20, 280, true);
  drawBarcode(doc, 'code128', data.unid, { x: W - M - 200, y: M, width: 200, height: 38 });
  write(doc, data.unid, W - M - 200, M + 41, 9, 200, true, 'right');
  const facts: Array<[string, string]> = [
    [t.type, data.typeLabel],
    [t.carrier, data.carrier || '—'],
    [t.merchant, data.merchant || '—'],
    [t.created, data.created],
    [t.orders, String(data.orderCount)],
    [t.units, String(data.itemQty)],
  ];
  drawFacts(doc, facts, { x: M, y: M + 62, columns: 3, columnWidth: 175, labelWidth: 70, valueWidth: 100 });
  write(doc, `${t.page} ${page}/${pages}`, W - M - 100, M + 94, 9, 100, false, 'right');
  let y = M + HEAD - 22;
  doc
    .save()
    .rect(M, y, W - 2 * M, 16)
    .fill('#eeeeee')
    .restore();
  doc.fillColor('#000000');
  write(doc, '#', M + 2, y + 4, 8, 20, true);
  write(doc, t.compartment, M + 24, y + 4, 8, 150, true);
  write(doc, t.item, M + 180, y + 4, 8, 220, true);
  write(doc, t.batch, M + 405, y + 4, 8, 60, true);
  write(doc, t.qty, W - M - 80, y + 4, 8, 36, true, 'right');
  write(doc, t.done, W - M - 36, y + 4, 8, 34, true, 'right');
  y += 20;
  lines.forEach((line, i) => {
    write(doc, String(first + i + 1), M + 2, y + 2, 9, 20);
    write(doc, line.compartment, M + 24, y, 12, 150, true);
    if (barcodeable(line.compartment)) drawBarcode(doc, 'code128', line.compartment, { x: M + 24, y: y + 16, width: 140, height: 26 });
    write(doc, line.sku, M + 180, y, 11, 220, true);
    write(doc, line.name, M + 180, y + 13, 8, 220);
    if (barcodeable(line.sku)) drawBarcode(doc, 'code128', line.sku, { x: M + 180, y: y + 25, width: 160, height: 22 });
    write(doc, line.batch, M + 405, y + 2, 9, 60);
    write(doc, String(line.qty), W - M - 80, y, 16, 36, true, 'right');
    doc
      .save()
      .lineWidth(0.8)
      .rect(W - M - 26, y, 16, 16)
      .stroke('#000000')
      .restore();
    doc
      .save()
      .lineWidth(0.3)
      .moveTo(M, y + ROW - 6)
      .lineTo(W - M, y + ROW - 6)
      .stroke('#999999')
      .restore();
    y += ROW;
  });
}

/** The picklist as a PDF stream: one page per `LINES_PER_PAGE` lines of the pick path. */
export function picklistSheet(data: PicklistSheetData): Readable {
  const language = printedLanguage(data.language);
  const t = TEXTS[language];
  const doc = newDocument(`${t.title} ${data.unid}`);
  const pages = Math.max(1, Math.ceil(data.lines.length / LINES_PER_PAGE));
  const numbers = Array.from({ length: pages }, (_, i) => i);
  return streamPages(
    doc,
    numbers,
    (i) => drawPage(doc, data, t, i + 1, pages, data.lines.slice(i * LINES_PER_PAGE, (i + 1) * LINES_PER_PAGE), i * LINES_PER_PAGE),
    4,
  );
}
