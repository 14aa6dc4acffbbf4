/**
 * The pallet documents (issue 19, docs/loading.md): the A4 loading sheet stuck on the pallet (a big
 * Code 128 of the pallet code, the truck plate, carrier and pickup date), and the handover document
 * the driver signs (every tracking number with its order, counts, signature fields). Texts in en, cn,
 * de; Chinese falls back to English without a CJK font.
 */
import type { Readable } from 'node:stream';
import { canEncode, drawBarcode } from './barcode.js';
import { printedLanguage, useFontFor } from './fonts.js';
import type { LabelLanguage } from './logistics-labels.js';
import { A4_SIZE, addPage, MM, newDocument, streamPages } from './pdf.js';
import { drawFacts, drawSignatures, write } from './sheet.js';
import { documentTexts } from './texts.js';

export interface PalletSheetData {
  palletCode: string;
  pickupCarrier: string;
  unitStr: string;
  plateNumber2: string;
  pickupDate: string;
  importantNote: string;
  language: LabelLanguage;
}
export interface HandoverData extends PalletSheetData {
  closedAt: string;
  rows: Array<{ trackingNo: string; outboundUNID: string; carrier: string; status: string }>;
}

const TEXTS = documentTexts('palletSheets');

const [W, H] = A4_SIZE;
const M = 16 * MM;

const textsOf = (language: LabelLanguage) => TEXTS[printedLanguage(language)];

/** The loading sheet: one A4 page, the pallet code as a big Code 128 for the loading scan. */
export function palletSheet(data: PalletSheetData): Readable {
  const t = textsOf(data.language);
  const doc = newDocument(`${t.loading} ${data.palletCode}`);
  return streamPages(doc, [0], () => {
    addPage(doc, A4_SIZE);
    write(doc, `${t.loading} ${data.palletCode}`, M, M, 28, W - 2 * M, true);
    if (canEncode('code128', data.palletCode)) drawBarcode(doc, 'code128', data.palletCode, { x: M, y: M + 50, width: W - 2 * M, height: 150 });
    write(doc, data.palletCode, M, M + 210, 40, W - 2 * M, true);
    write(doc, `${t.plate}:`, M, M + 280, 14, W - 2 * M);
    write(doc, data.plateNumber2 || '—', M, M + 300, 48, W - 2 * M, true);
    if (data.plateNumber2 && canEncode('code128', data.plateNumber2))
      drawBarcode(doc, 'code128', data.plateNumber2, { x: M, y: M + 360, width: (W - 2 * M) / 2, height: 70 });
    const facts: Array<[string, string]> = [
      [t.carrier, data.pickupCarrier || '—'],
      [t.unit, data.unitStr],
      [t.pickup, data.pickupDate || '—'],
    ];
    facts.forEach(([k, v], i) => {
      write(doc, `${k}:`, M, M + 460 + i * 28, 14, 160);
      write(doc, v, M + 170, M + 460 + i * 28, 18, W - 2 * M - 170, true);
    });
    if (data.importantNote) {
      write(doc, `${t.note}:`, M, M + 560, 14, W - 2 * M);
      useFontFor(doc, data.importantNote, true);
      doc.fontSize(18).text(data.importantNote, M, M + 580, { width: W - 2 * M, height: 120 });
    }
  });
}

const ROW = 18;
const FIRST_ROWS = Math.floor((H - 2 * M - 200) / ROW);

/** The handover document: the tracking list with orders, counts, and signature fields for warehouse and driver. */
export function handoverSheet(data: HandoverData): Readable {
  const t = textsOf(data.language);
  const doc = newDocument(`${t.handover} ${data.palletCode}`);
  const pages = Math.max(1, Math.ceil((data.rows.length + 8) / FIRST_ROWS));
  const orders = new Set(data.rows.map((r) => r.outboundUNID).filter((u) => u !== '')).size;
  const unmatched = data.rows.filter((r) => r.outboundUNID === '').length;
  return streamPages(
    doc,
    Array.from({ length: pages }, (_, i) => i),
    (page) => {
      addPage(doc, A4_SIZE);
      write(doc, `${t.handover} ${data.palletCode}`, M, M, 20, 300, true);
      if (canEncode('code128', data.palletCode)) drawBarcode(doc, 'code128', data.palletCode, { x: W - M - 180, y: M, width: 180, height: 34 });
      const facts: Array<[string, string]> = [
        [t.carrier, data.pickupCarrier || '—'],
        [t.plate, data.plateNumber2 || '—'],
        [t.pickup, data.pickupDate || '—'],
        [t.handedOver, data.closedAt || '—'],
        [t.parcels, String(data.rows.length)],
        [t.orders, String(orders)],
        [t.unmatched, String(unmatched)],
        [t.page, `${page + 1}/${pages}`],
      ];
      drawFacts(doc, facts, { x: M, y: M + 48, columns: 2, columnWidth: 260, labelWidth: 120, valueWidth: 130 });
      let y = M + 120;
      write(doc, '#', M, y, 9, 30, true);
      write(doc, t.tracking, M + 30, y, 9, 190, true);
      write(doc, t.order, M + 225, y, 9, 120, true);
      write(doc, t.carrier, M + 350, y, 9, 90, true);
      write(doc, t.status, M + 445, y, 9, 80, true);
      y += ROW;
      const start = page * FIRST_ROWS;
      data.rows.slice(start, start + FIRST_ROWS).forEach((r, i) => {
        write(doc, String(start + i + 1), M, y, 9, 30);
        write(doc, r.trackingNo, M + 30, y, 9, 190);
        write(doc, r.outboundUNID || '—', M + 225, y, 9, 120);
        write(doc, r.carrier || '—', M + 350, y, 9, 90);
        write(doc, r.status, M + 445, y, 9, 80);
        y += ROW;
      });
      if (page === pages - 1) {
        drawSignatures(doc, [t.warehouse, t.driver], t.signature, M, H - M - 90);
      }
    },
  );
}
