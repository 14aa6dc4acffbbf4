/**
 * The carrier gate's monthly bill as an A4 PDF (issue 17 item 8; docs/carrier-gate.md): the customer,
 * the month, one row per label (date, tracking number, product, carrier cost, margin, amount) and the
 * totals. Amounts arrive in cents and are printed as decimals; nothing is computed here.
 */
import { printedLanguage } from './fonts.js';
import type { LabelLanguage } from './logistics-labels.js';
import { A4_SIZE, addPage, MM, newDocument, toBuffer, type Doc } from './pdf.js';
import { write } from './sheet.js';
import { documentTexts } from './texts.js';

export interface GateBillDocument {
  number: string;
  company: string;
  address: string[];
  period: string;
  currency: string;
  status: string;
  lines: { date: string; trackingNumber: string; product: string; cost: string; margin: string; amount: string }[];
  totals: { cost: string; margin: string; amount: string };
  language: LabelLanguage;
}

const TEXTS = documentTexts('gateBill');
type Texts = (typeof TEXTS)['en'];

const [W, H] = A4_SIZE;
const M = 18 * MM;
const ROW = 15;
/** Column x positions and widths: date, tracking, product, cost, margin, amount. */
const COLS: Array<[number, number, 'left' | 'right']> = [
  [M, 70, 'left'],
  [M + 74, 150, 'left'],
  [M + 228, 90, 'left'],
  [W - M - 210, 66, 'right'],
  [W - M - 140, 66, 'right'],
  [W - M - 70, 66, 'right'],
];

function row(doc: Doc, values: string[], y: number, bold = false): void {
  values.forEach((value, i) => {
    const [x, width, align] = COLS[i]!;
    write(doc, value, x, y, 9, width, bold, align);
  });
}

function header(doc: Doc, data: GateBillDocument, t: Texts, page: number): number {
  addPage(doc, A4_SIZE);
  write(doc, t.title, M, M, 20, 300, true);
  write(doc, data.number, W - M - 200, M, 11, 200, true, 'right');
  write(doc, `${t.period}: ${data.period}`, W - M - 200, M + 16, 10, 200, false, 'right');
  write(doc, `${data.status} · ${t.page} ${page}`, W - M - 200, M + 30, 9, 200, false, 'right');
  let y = M + 36;
  if (page === 1) {
    write(doc, data.company, M, y, 12, 300, true);
    data.address.forEach((line, i) => write(doc, line, M, y + 16 + i * 13, 10, 300));
    y += 16 + data.address.length * 13 + 16;
  } else y += 16;
  row(doc, [t.date, t.tracking, t.product, t.cost, t.margin, `${t.amount} (${data.currency})`], y, true);
  doc
    .save()
    .lineWidth(0.6)
    .moveTo(M, y + ROW - 3)
    .lineTo(W - M, y + ROW - 3)
    .stroke('#333333')
    .restore();
  return y + ROW + 2;
}

export async function renderGateBill(data: GateBillDocument): Promise<Buffer> {
  const language = printedLanguage(data.language);
  const t = TEXTS[language];
  const doc = newDocument(`${t.title} ${data.number}`);
  let page = 1;
  let y = header(doc, data, t, page);
  for (const line of data.lines) {
    if (y > H - M - 40) y = header(doc, data, t, ++page);
    row(doc, [line.date, line.trackingNumber, line.product, line.cost, line.margin, line.amount], y);
    y += ROW;
  }
  doc
    .save()
    .lineWidth(0.6)
    .moveTo(M, y)
    .lineTo(W - M, y)
    .stroke('#333333')
    .restore();
  row(doc, [t.total, String(data.lines.length), '', data.totals.cost, data.totals.margin, data.totals.amount], y + 5, true);
  return toBuffer(doc);
}
