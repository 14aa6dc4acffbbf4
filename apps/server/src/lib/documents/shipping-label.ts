/**
 * The shipping label (issue 17 item 6): 100 × 150 mm, as a PDF page or as ZPL for thermal printers.
 * Laid out like the carriers' own labels: carrier and product on top, the sender small, the consignee
 * large (what the driver reads), a routing DataMatrix beside it, the parcel's weight and "i of n", and
 * the tracking number as Code 128 with its text at the bottom, where the hub scanners look first.
 *
 * Used by the sandbox carrier (its label is this page) and by any driver whose carrier answers data
 * instead of a file. `addShippingLabelPage` appends to an open document, so a batch streams as one PDF.
 */
import { drawBarcode } from './barcode.js';
import { useFontFor } from './fonts.js';
import { addPage, fit, LABEL_SIZE, MM, newDocument, toBuffer, type Doc } from './pdf.js';
import { zplLabel } from './zpl.js';

/** The shape of `CarrierAddress` (carriers/driver.ts) without importing a module from lib/. */
export interface LabelAddress {
  name1: string;
  name2?: string;
  street: string;
  streetNumber: string;
  addition?: string;
  zip: string;
  city: string;
  country: string;
  phone?: string;
}

export interface ShippingLabelData {
  carrierName: string;
  productName: string;
  shipper: LabelAddress;
  consignee: LabelAddress;
  trackingNumber: string;
  reference: string;
  weightKg: number;
  /** 1-based. */
  parcelIndex: number;
  parcelCount: number;
  /** Service names printed under the product (e.g. "Saturday", "Signature"). */
  services?: string[];
  /** The DataMatrix content; by default country, zip, tracking number and product. */
  routingCode?: string;
  /** The day printed on the label, YYYY-MM-DD; default today (UTC). */
  date?: string;
  returnLabel?: boolean;
}

const [W, H] = LABEL_SIZE;
const PAD = 3 * MM;

export const defaultRoutingCode = (d: ShippingLabelData): string =>
  `${d.consignee.country}${d.consignee.zip.replace(/\s+/g, '')}|${d.trackingNumber}|${d.productName}`.slice(0, 120);

const streetLine = (a: LabelAddress) => [a.street, a.streetNumber].filter(Boolean).join(' ');
const cityLine = (a: LabelAddress) => `${a.zip} ${a.city}`.trim();
const weightText = (kg: number) => `${kg.toFixed(kg < 10 ? 2 : 1)} kg`;
const today = () => new Date().toISOString().slice(0, 10);

function text(doc: Doc, value: string, x: number, y: number, size: number, width: number, bold = false): void {
  useFontFor(doc, value, bold);
  doc.fontSize(size).text(fit(doc, value, width), x, y, { lineBreak: false });
}

function rule(doc: Doc, y: number, weight = 1): void {
  doc.save().lineWidth(weight).moveTo(0, y).lineTo(W, y).stroke('#000000').restore();
}

/** Draws one label on a new page of `doc`. */
export function addShippingLabelPage(doc: Doc, data: ShippingLabelData): void {
  addPage(doc, LABEL_SIZE);
  const inner = W - 2 * PAD;

  // Carrier, product, services.
  text(doc, data.carrierName, PAD, PAD, 18, inner * 0.6, true);
  text(doc, data.productName, PAD, PAD + 21, 10, inner * 0.6, true);
  if (data.services?.length) text(doc, data.services.join(' · '), PAD, PAD + 33, 7, inner * 0.6);
  if (data.returnLabel) {
    doc
      .save()
      .rect(W - PAD - 70, PAD, 70, 22)
      .fill('#000000')
      .restore();
    doc.fillColor('#ffffff');
    text(doc, 'RETURN', W - PAD - 62, PAD + 5, 13, 60, true);
    doc.fillColor('#000000');
  } else {
    text(doc, `${data.parcelIndex} / ${data.parcelCount}`, W - PAD - 70, PAD, 18, 70, true);
  }
  rule(doc, 46, 1.5);

  // Sender (small) and the parcel's facts.
  const s = data.shipper;
  text(doc, 'From', PAD, 50, 6, 40);
  [s.name1, s.name2, streetLine(s), `${s.country}-${cityLine(s)}`]
    .filter((v): v is string => !!v)
    .forEach((line, i) => text(doc, line, PAD, 57 + i * 8.5, 7.5, 165));
  text(doc, `Weight ${weightText(data.weightKg)}`, 185, 52, 8, inner - 180, true);
  text(doc, `Parcel ${data.parcelIndex} of ${data.parcelCount}`, 185, 63, 8, inner - 180);
  text(doc, data.date ?? today(), 185, 74, 8, inner - 180);
  rule(doc, 95);

  // Consignee: large, beside the routing DataMatrix.
  const c = data.consignee;
  const toWidth = 185;
  text(doc, 'To', PAD, 99, 6, 40);
  let y = 107;
  text(doc, c.name1, PAD, y, 13, toWidth, true);
  y += 16;
  for (const line of [c.name2, c.addition].filter((v): v is string => !!v)) {
    text(doc, line, PAD, y, 10, toWidth);
    y += 13;
  }
  text(doc, streetLine(c), PAD, y, 11, toWidth);
  y += 15;
  text(doc, cityLine(c), PAD, y, 15, toWidth, true);
  y += 19;
  text(doc, c.country, PAD, y, 13, toWidth, true);
  if (c.phone) text(doc, c.phone, PAD, y + 17, 7.5, toWidth);
  drawBarcode(doc, 'datamatrix', data.routingCode ?? defaultRoutingCode(data), { x: W - PAD - 74, y: 104, width: 74, height: 74 });
  rule(doc, 215, 1.5);

  // Routing text: where sorting looks without a scanner.
  text(doc, `${c.country} ${c.zip}`, PAD, 222, 26, inner, true);
  text(doc, `Ref. ${data.reference}`, PAD, 256, 9, inner);
  rule(doc, 272);

  // Tracking number: Code 128 across the label, its text under it.
  const barTop = 284;
  drawBarcode(doc, 'code128', data.trackingNumber, { x: PAD + 6, y: barTop, width: inner - 12, height: 88 });
  useFontFor(doc, data.trackingNumber, true);
  doc.fontSize(13).text(data.trackingNumber, PAD, barTop + 94, { width: inner, align: 'center', lineBreak: false });
  text(doc, `${data.carrierName} · ${data.productName}`, PAD, H - PAD - 8, 6, inner);
}

/** One label as a PDF (one page) or as ZPL II text for a thermal printer. */
export async function renderShippingLabel(data: ShippingLabelData, format: 'pdf' | 'zpl'): Promise<Buffer> {
  if (format === 'zpl') return Buffer.from(shippingLabelZpl(data), 'utf8');
  const doc = newDocument(`${data.carrierName} ${data.trackingNumber}`);
  addShippingLabelPage(doc, data);
  return toBuffer(doc);
}

/** The same label in ZPL II at 203 dpi (8 dots per mm): 812 × 1218 dots. */
export function shippingLabelZpl(data: ShippingLabelData): string {
  const s = data.shipper;
  const c = data.consignee;
  return zplLabel((z) => {
    z.text(24, 24, 48, data.carrierName);
    z.text(24, 80, 28, data.productName);
    if (data.services?.length) z.text(24, 114, 20, data.services.join(' / '));
    z.text(600, 24, 48, data.returnLabel ? 'RETURN' : `${data.parcelIndex} / ${data.parcelCount}`);
    z.line(0, 150, 812, 4);
    z.text(24, 162, 18, 'From');
    [s.name1, s.name2, streetLine(s), `${s.country}-${cityLine(s)}`].filter((v): v is string => !!v).forEach((line, i) => z.text(24, 186 + i * 26, 22, line));
    z.text(560, 166, 26, `Weight ${weightText(data.weightKg)}`);
    z.text(560, 200, 24, `Parcel ${data.parcelIndex} of ${data.parcelCount}`);
    z.text(560, 232, 24, data.date ?? today());
    z.line(0, 320, 812, 2);
    z.text(24, 332, 18, 'To');
    let y = 360;
    z.text(24, y, 40, c.name1);
    y += 50;
    for (const line of [c.name2, c.addition].filter((v): v is string => !!v)) {
      z.text(24, y, 30, line);
      y += 38;
    }
    z.text(24, y, 34, streetLine(c));
    z.text(24, y + 44, 48, cityLine(c));
    z.text(24, y + 102, 40, c.country);
    z.dataMatrix(560, 350, 8, data.routingCode ?? defaultRoutingCode(data));
    z.line(0, 720, 812, 4);
    z.text(24, 740, 80, `${c.country} ${c.zip}`);
    z.text(24, 840, 28, `Ref. ${data.reference}`);
    z.line(0, 890, 812, 2);
    z.code128(60, 920, 220, data.trackingNumber, 3);
    z.text(24, 1160, 36, data.trackingNumber, 764, 'C');
  });
}
