import { describe, expect, it } from 'vitest';
import { barcodeModules, barcodePng, BarcodeInputError, canEncode, drawBarcode } from '../src/lib/documents/barcode.js';
import { hasValidCheckDigit, mod10CheckDigit } from '../src/lib/documents/gs1.js';
import { renderShippingLabel, type ShippingLabelData } from '../src/lib/documents/shipping-label.js';
import { zplEscape } from '../src/lib/documents/zpl.js';
import { pageSizesMm } from './helpers/pdf.js';
import { barcodeSheetPainters, rangeValues } from '../src/lib/documents/barcode-sheet.js';
import { hasCjkFont } from '../src/lib/documents/fonts.js';
import { addLogisticUnitPage } from '../src/lib/documents/logistic-unit-label.js';
import { addLogisticsLabels } from '../src/lib/documents/logistics-labels.js';
import { renderPackingSlip } from '../src/lib/documents/packing-slip.js';
import { LABEL_SIZE, newDocument, sizeFromMm, streamPages, toBuffer } from '../src/lib/documents/pdf.js';
import { addItemLabelPage, renderSnLabel } from '../src/lib/documents/small-labels.js';
import { buildSscc, formatSscc, isValidSscc, SSCC_EXTENSION, ssccSerialCapacity } from '../src/lib/documents/sscc.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const LABEL: ShippingLabelData = {
  carrierName: 'Sandbox',
  productName: 'Sandbox Parcel',
  shipper: { name1: 'Kontor Fulfilment GmbH', street: 'Lagerstraße', streetNumber: '5', zip: '04109', city: 'Leipzig', country: 'DE' },
  consignee: {
    name1: 'Erika Mustermann',
    name2: 'c/o Müller',
    street: 'Heidestraße',
    streetNumber: '17',
    zip: '51147',
    city: 'Köln',
    country: 'DE',
    phone: '+49 221 1234567',
  },
  trackingNumber: 'SBX123456789016',
  reference: 'SO-2026-000123',
  weightKg: 1.25,
  parcelIndex: 1,
  parcelCount: 2,
  services: ['signature'],
  date: '2026-11-24',
};

describe('GS1 check digits', () => {
  it('computes the mod-10 check digit of known SSCCs and GTINs', () => {
    expect(mod10CheckDigit('00614141123456789')).toBe(0);
    expect(mod10CheckDigit('34012345000000001')).toBe(7);
    expect(mod10CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('4006381333932')).toBe(false);
  });
  it('refuses anything but digits', () => {
    expect(() => mod10CheckDigit('12a')).toThrow(RangeError);
  });
});

describe('barcodes', () => {
  it('renders Code 128, GS1-128, DataMatrix, QR and EAN-13 as PNG', async () => {
    for (const [symbology, text] of [
      ['code128', 'SBX123456789016'],
      ['gs1-128', '(00)340123450000000017'],
      ['datamatrix', 'DE51147|SBX123456789016'],
      ['qrcode', 'https://example.com/track/SBX123456789016'],
      ['ean13', '4006381333931'],
    ] as const) {
      const png = await barcodePng(symbology, text);
      expect(png.subarray(0, 8).equals(PNG_MAGIC), symbology).toBe(true);
    }
  });
  it('answers a cached image for the same request', async () => {
    const a = await barcodePng('code128', 'CACHE-ME');
    const b = await barcodePng('code128', 'CACHE-ME');
    expect(a).toBe(b);
  });
  it('refuses input the symbology cannot carry', async () => {
    await expect(barcodePng('ean13', 'ABC')).rejects.toBeInstanceOf(BarcodeInputError);
    expect(canEncode('ean13', '4006381333932')).toBe(false); // wrong check digit
    expect(canEncode('gs1-128', '(00)340123450000000018')).toBe(false);
    expect(canEncode('gs1-128', '(00)340123450000000017')).toBe(true);
  });
  it('draws a linear symbol across the box and a matrix symbol square', () => {
    const rects: number[][] = [];
    const canvas = { rect: (...r: number[]) => rects.push(r), fill: () => 0, save: () => 0, restore: () => 0 };
    drawBarcode(canvas, 'code128', 'ABC123', { x: 10, y: 10, width: 200, height: 50 });
    // Code 128 starts and ends with a bar: the bars span the box exactly.
    expect(Math.min(...rects.map(([x]) => x!))).toBeCloseTo(10);
    expect(Math.max(...rects.map(([x, , w]) => x! + w!))).toBeCloseTo(210);
    expect(rects).toHaveLength(Math.ceil((barcodeModules('code128', 'ABC123') as { widths: number[] }).widths.length / 2));
    rects.length = 0;
    const area = drawBarcode(canvas, 'datamatrix', 'HELLO', { x: 0, y: 0, width: 100, height: 60 });
    expect(area.width).toBeCloseTo(area.height);
    expect(area.height).toBeLessThanOrEqual(60);
  });
});

describe('shipping label', () => {
  it('is one 100 × 150 mm page', async () => {
    const pdf = await renderShippingLabel(LABEL, 'pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageSizesMm(pdf)).toEqual([[100, 150]]);
  });
  it('prints Chinese and Polish addresses with an embedded font', async () => {
    const pdf = await renderShippingLabel({ ...LABEL, consignee: { ...LABEL.consignee, name1: '张伟', city: 'Łódź' } }, 'pdf');
    expect(pageSizesMm(pdf)).toEqual([[100, 150]]);
    expect(pdf.toString('latin1')).toMatch(/\/FontFile/);
  });
  it('as ZPL starts with ^XA, ends with ^XZ and escapes carets', async () => {
    const zpl = (await renderShippingLabel({ ...LABEL, reference: 'A^B~C' }, 'zpl')).toString('utf8');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^BCN');
    expect(zpl).toContain('^BXN');
    expect(zpl).toContain(zplEscape('Ref. A^B~C'));
    expect(zpl).not.toContain('A^B~C');
  });
});

describe('SSCC', () => {
  it('builds GS1 SSCC-18 numbers with the mod-10 check digit', () => {
    // GS1 General Specifications' example: (00) 1 0614141 234567890 8.
    expect(buildSscc(1, '0614141', 234567890)).toBe('106141412345678908');
    expect(isValidSscc('106141412345678908')).toBe(true);
    expect(isValidSscc('106141412345678909')).toBe(false);
    expect(buildSscc(SSCC_EXTENSION.pallet, '4012345', 1)).toMatch(/^34012345000000001\d$/);
    expect(isValidSscc(buildSscc(0, '4012345678', 999_999))).toBe(true);
    expect(formatSscc('106141412345678908')).toBe('(00) 1 0614141 234567890 8');
  });
  it('refuses a serial beyond the prefix capacity and a malformed prefix', () => {
    expect(ssccSerialCapacity('4012345')).toBe(999_999_999);
    expect(() => buildSscc(0, '4012345', 1_000_000_000)).toThrow(RangeError);
    expect(() => buildSscc(0, '40123', 1)).toThrow(RangeError);
    expect(() => buildSscc(10, '4012345', 1)).toThrow(RangeError);
  });
  it('draws the SSCC as GS1-128 on a 100 × 150 mm box label', async () => {
    const doc = newDocument('box');
    addLogisticUnitPage(doc, {
      kind: 'box',
      sscc: buildSscc(0, '4012345', 7),
      companyPrefixLength: 7,
      merchantName: 'Anker',
      reference: 'SO-1',
      index: 1,
      count: 2,
      date: '2026-11-24',
    });
    expect(pageSizesMm(await toBuffer(doc))).toEqual([[100, 150]]);
  });
});

describe('other documents', () => {
  it('makes the SN label, item labels, logistics labels in three languages and an A4 packing slip', async () => {
    expect(pageSizesMm(await renderSnLabel('SN-0001-ÄÖ'))).toEqual([[60, 30]]);
    const items = newDocument('items');
    addItemLabelPage(items, { sku: 'SKU-1', name: 'Powerbank 10000 mAh, black', ean: '4006381333931' }, sizeFromMm('60x40'));
    addItemLabelPage(items, { sku: 'SKU-2', name: '充电宝', ean: 'not-an-ean' }, sizeFromMm('60x40'));
    expect(pageSizesMm(await toBuffer(items))).toEqual([
      [60, 40],
      [60, 40],
    ]);
    for (const language of ['en', 'cn', 'de'] as const) {
      const doc = newDocument('l');
      const { fellBack } = addLogisticsLabels(doc, { kind: 'fragile', language, copies: 2, size: LABEL_SIZE, merchantName: 'Anker' });
      expect(fellBack).toBe(language === 'cn' && !hasCjkFont());
      expect(pageSizesMm(await toBuffer(doc))).toHaveLength(2);
    }
    const slip = await renderPackingSlip({
      orderNo: 'MO2026000123',
      date: '2026-11-24',
      merchantName: 'Anker',
      shipTo: LABEL.consignee,
      lines: Array.from({ length: 60 }, (_, i) => ({ sku: `SKU-${i}`, name: `Item ${i}`, quantity: i + 1 })),
      language: 'de',
    });
    expect(pageSizesMm(slip)).toEqual([
      [210, 297],
      [210, 297],
    ]);
  });
  it('streams a barcode sheet: 30 values on A4 make two pages', async () => {
    const doc = newDocument('sheet');
    const stream = streamPages(
      doc,
      barcodeSheetPainters(doc, { symbology: 'code128', values: rangeValues(1, 30, 'BIN-', 4), size: 'a4', copies: 1, showText: true }),
      (paint) => paint(),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(pageSizesMm(Buffer.concat(chunks))).toEqual([
      [210, 297],
      [210, 297],
    ]);
    expect(rangeValues(8, 10, 'A', 3)).toEqual(['A008', 'A009', 'A010']);
  });
});

describe('the handover document texts (issue 19 review, item 5)', () => {
  it('words every match status of a tracking row in every language, from the documents catalogue', async () => {
    const { RESOLVE_STATUSES } = await import('@kontor/contracts/domains/pallets');
    const { MATCH_STATUS_TEXTS } = await import('../src/modules/pallets/pallet-pdf.service.js');
    for (const language of ['en', 'cn', 'de'] as const) expect(Object.keys(MATCH_STATUS_TEXTS[language]).sort()).toEqual([...RESOLVE_STATUSES].sort());
    expect(MATCH_STATUS_TEXTS.de.not_found).toBe('Nicht zugeordnet');
    expect(MATCH_STATUS_TEXTS.cn.resolved).toBe('已匹配');
  });
});
