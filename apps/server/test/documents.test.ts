import { describe, expect, it } from 'vitest';
import { barcodeModules, barcodePng, BarcodeInputError, canEncode, drawBarcode } from '../src/lib/documents/barcode.js';
import { hasValidCheckDigit, mod10CheckDigit } from '../src/lib/documents/gs1.js';
import { renderShippingLabel, type ShippingLabelData } from '../src/lib/documents/shipping-label.js';
import { zplEscape } from '../src/lib/documents/zpl.js';
import { pageSizesMm } from './helpers/pdf.js';

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
