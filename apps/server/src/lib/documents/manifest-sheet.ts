/**
 * The end-of-day manifest (issue 19 item 4, docs/manifests.md): A4, the carrier, account, day and
 * manifest number, every handed-over parcel with tracking number, order, merchant and weight, the
 * totals, and signature fields for the warehouse and the carrier's driver. Texts in en, cn, de; Chinese
 * falls back to English without a CJK font.
 */
import type { Readable } from 'node:stream';
import { canEncode, drawBarcode } from './barcode.js';
import { printedLanguage } from './fonts.js';
import type { LabelLanguage } from './logistics-labels.js';
import { A4_SIZE, addPage, MM, newDocument, streamPages } from './pdf.js';
import { drawFacts, drawSignatures, write } from './sheet.js';
import { documentTexts } from './texts.js';

export interface ManifestSheetData {
  language: LabelLanguage;
  /** The manifest's number, e.g. `M-20261125-3-1` (day, manifest id, number of the day). */
  number: string;
  carrier: string;
  account: string;
  day: string;
  carrierRef: string;
  createdAt: string;
  rows: Array<{ trackingNo: string; outboundUNID: string; merchant: string; weightKg: number | null; palletCode: string }>;
}

const TEXTS = documentTexts('manifestSheet');

const [W, H] = A4_SIZE;
const M = 16 * MM;
const ROW = 17;
const ROWS_PER_PAGE = Math.floor((H - 2 * M - 250) / ROW);

const kg = (n: number) => n.toFixed(3).replace(/\.?0+$/, '') || '0';

/** The manifest as A4 pages; the signature fields under the totals on the last page. */
export function manifestSheet(data: ManifestSheetData): Readable {
  const t = TEXTS[printedLanguage(data.language)];
  const doc = newDocument(`${t.title} ${data.number}`);
  const pages = Math.max(1, Math.ceil(data.rows.length / ROWS_PER_PAGE));
  const orders = new Set(data.rows.map((r) => r.outboundUNID)).size;
  const total = data.rows.reduce((sum, r) => sum + (r.weightKg ?? 0), 0);
  return streamPages(
    doc,
    Array.from({ length: pages }, (_, i) => i),
    (page) => {
      addPage(doc, A4_SIZE);
      write(doc, t.title, M, M, 20, 330, true);
      write(doc, data.number, M, M + 26, 12, 330, true);
      if (canEncode('code128', data.number)) drawBarcode(doc, 'code128', data.number, { x: W - M - 170, y: M, width: 170, height: 34 });
      const facts: Array<[string, string]> = [
        [t.carrier, data.carrier || '—'],
        [t.account, data.account || '—'],
        [t.day, data.day],
        [t.created, data.createdAt],
        [t.carrierRef, data.carrierRef || '—'],
        [t.page, `${page + 1}/${pages}`],
      ];
      drawFacts(doc, facts, { x: M, y: M + 56, columns: 2, columnWidth: 260, labelWidth: 110, valueWidth: 140 });
      let y = M + 120;
      const cols: Array<[string, number, number]> = [
        ['#', 0, 26],
        [t.tracking, 26, 150],
        [t.order, 180, 95],
        [t.merchant, 279, 120],
        [t.pallet, 403, 70],
        [t.weight, 477, 60],
      ];
      for (const [label, x, w] of cols) write(doc, label, M + x, y, 9, w, true);
      y += ROW;
      const start = page * ROWS_PER_PAGE;
      data.rows.slice(start, start + ROWS_PER_PAGE).forEach((r, i) => {
        const cells = [String(start + i + 1), r.trackingNo, r.outboundUNID, r.merchant, r.palletCode, r.weightKg === null ? '—' : kg(r.weightKg)];
        cells.forEach((value, c) => write(doc, value, M + cols[c]![1], y, 9, cols[c]![2]));
        y += ROW;
      });
      if (page === pages - 1) {
        const ty = H - M - 150;
        write(doc, `${t.parcels}: ${data.rows.length}`, M, ty, 11, 160, true);
        write(doc, `${t.orders}: ${orders}`, M + 170, ty, 11, 160, true);
        write(doc, `${t.totalWeight}: ${kg(total)}`, M + 340, ty, 11, 200, true);
        drawSignatures(doc, [t.warehouse, t.driver], t.signature, M, H - M - 90);
      }
    },
  );
}
