/**
 * Barcodes for labels and documents (issue 17 item 6), made with bwip-js (BWIPP): Code 128, GS1-128
 * (the SSCC of box and pallet labels), DataMatrix (routing codes), QR and EAN-13.
 *
 * Two outputs. `barcodePng` makes an image (the SN label's PNG answer, screens); images are kept in a
 * small cache because making a PNG costs more than writing the PDF page (stack notes §6, gotcha 15).
 * `drawBarcode` draws the same symbol as vector rectangles straight into a pdfkit page from BWIPP's raw
 * module widths: no image at all, sharp at every printer resolution, about ten times cheaper than a PNG,
 * which is what keeps a 1,000-label batch fast.
 */
import bwipjs from 'bwip-js/node';

export const SYMBOLOGIES = ['code128', 'gs1-128', 'datamatrix', 'qrcode', 'ean13'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/** Two-dimensional symbols are drawn square; linear ones fill the box's width. */
export const isMatrix = (symbology: Symbology): boolean => symbology === 'datamatrix' || symbology === 'qrcode';

/** The input BWIPP refused (a letter in an EAN, a wrong check digit, an unknown GS1 AI). */
export class BarcodeInputError extends Error {
  constructor(
    readonly symbology: Symbology,
    readonly text: string,
    reason: string,
  ) {
    super(`${symbology} cannot encode ${JSON.stringify(text)}: ${reason}`);
    this.name = 'BarcodeInputError';
  }
}

/** A small least-recently-used cache (Map keeps insertion order). */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  get size(): number {
    return this.map.size;
  }
}

export interface PngOptions {
  /** Pixels per module (BWIPP `scale`), 1–10. */
  scale?: number;
  /** Height of a linear symbol in millimetres. */
  heightMm?: number;
  /** Print the human-readable text under a linear symbol. */
  includeText?: boolean;
  /** Rotate: N, R (90° clockwise), I (180°), L (90° anticlockwise). */
  rotate?: 'N' | 'R' | 'I' | 'L';
}

const pngCache = new Lru<Buffer>(512);

function reason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/^Error:\s*/, '').slice(0, 200);
}

/** A PNG of the symbol; the same request answers the cached image. */
export async function barcodePng(symbology: Symbology, text: string, options: PngOptions = {}): Promise<Buffer> {
  const key = `${symbology}\u0000${text}\u0000${options.scale ?? 3}\u0000${options.heightMm ?? 15}\u0000${options.includeText ? 1 : 0}\u0000${options.rotate ?? 'N'}`;
  const cached = pngCache.get(key);
  if (cached) return cached;
  let png: Buffer;
  try {
    png = await bwipjs.toBuffer({
      bcid: symbology,
      text,
      scale: options.scale ?? 3,
      rotate: options.rotate ?? 'N',
      ...(isMatrix(symbology) ? {} : { height: options.heightMm ?? 15, includetext: options.includeText ?? false, textxalign: 'center' as const }),
    });
  } catch (err) {
    throw new BarcodeInputError(symbology, text, reason(err));
  }
  pngCache.set(key, png);
  return png;
}

/** Bars of a linear symbol in modules (widths alternate bar, space, starting with a bar). */
interface LinearModules {
  kind: 'linear';
  widths: number[];
  /** Per bar, its height and its base as fractions of the tallest bar (EAN guard bars reach lower). */
  heights: number[];
  bases: number[];
  totalWidth: number;
}
/** The dark cells of a matrix symbol, row by row. */
interface MatrixModules {
  kind: 'matrix';
  pixels: number[];
  columns: number;
  rows: number;
}
export type BarcodeModules = LinearModules | MatrixModules;

const moduleCache = new Lru<BarcodeModules>(2048);

/** The symbol's modules as BWIPP computes them (cached), or `BarcodeInputError`. */
export function barcodeModules(symbology: Symbology, text: string): BarcodeModules {
  const key = `${symbology}\u0000${text}`;
  const cached = moduleCache.get(key);
  if (cached) return cached;
  let raw: unknown[];
  try {
    raw = bwipjs.raw(symbology, text, {}) as unknown[];
  } catch (err) {
    throw new BarcodeInputError(symbology, text, reason(err));
  }
  const first = raw[0] as Record<string, unknown> | undefined;
  let modules: BarcodeModules;
  if (first && Array.isArray(first.pixs)) {
    modules = { kind: 'matrix', pixels: first.pixs as number[], columns: first.pixx as number, rows: first.pixy as number };
  } else if (first && Array.isArray(first.sbs)) {
    const widths = first.sbs as number[];
    const bhs = (first.bhs as number[]) ?? [];
    const bbs = (first.bbs as number[]) ?? [];
    const top = Math.max(...bhs.map((h, i) => h + (bbs[i] ?? 0)), 1e-9);
    modules = {
      kind: 'linear',
      widths,
      heights: bhs.map((h) => h / top),
      bases: bbs.map((b) => b / top),
      totalWidth: widths.reduce((sum, w) => sum + w, 0),
    };
  } else {
    throw new BarcodeInputError(symbology, text, 'no symbol');
  }
  moduleCache.set(key, modules);
  return modules;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The little of pdfkit's document this file draws with, so tests and other PDF writers can stand in. */
export interface RectCanvas {
  rect(x: number, y: number, w: number, h: number): unknown;
  fill(color?: string): unknown;
  save(): unknown;
  restore(): unknown;
}

/**
 * Draws the symbol into `box` (PDF points, y down) as filled rectangles. A linear symbol is stretched
 * to the box's width with whole-box-height bars (guard bars of EAN keep their proportion); a matrix
 * symbol is the largest square that fits, centred. Returns the area actually drawn.
 */
export function drawBarcode(doc: RectCanvas, symbology: Symbology, text: string, box: Box): Box {
  const modules = barcodeModules(symbology, text);
  doc.save();
  let drawn: Box;
  if (modules.kind === 'linear') {
    const unit = box.width / modules.totalWidth;
    let x = box.x;
    modules.widths.forEach((w, i) => {
      if (i % 2 === 0) {
        const bar = i / 2;
        const h = (modules.heights[bar] ?? 1) * box.height;
        const base = (modules.bases[bar] ?? 0) * box.height;
        doc.rect(x, box.y + box.height - base - h, w * unit, h);
      }
      x += w * unit;
    });
    drawn = box;
  } else {
    const cell = Math.min(box.width / modules.columns, box.height / modules.rows);
    const x0 = box.x + (box.width - cell * modules.columns) / 2;
    const y0 = box.y + (box.height - cell * modules.rows) / 2;
    for (let row = 0; row < modules.rows; row++) {
      // Runs of dark cells in a row become one rectangle: fewer PDF operators, a smaller file.
      let start = -1;
      for (let col = 0; col <= modules.columns; col++) {
        const dark = col < modules.columns && modules.pixels[row * modules.columns + col] === 1;
        if (dark && start < 0) start = col;
        if (!dark && start >= 0) {
          // A hair of overlap closes the seams some viewers draw between neighbouring cells.
          doc.rect(x0 + start * cell, y0 + row * cell, (col - start) * cell, cell + 0.05);
          start = -1;
        }
      }
    }
    drawn = { x: x0, y: y0, width: cell * modules.columns, height: cell * modules.rows };
  }
  doc.fill('#000000');
  doc.restore();
  return drawn;
}

/** Checks a value encodes, without drawing (field validation before a batch is made). */
export function canEncode(symbology: Symbology, text: string): boolean {
  try {
    barcodeModules(symbology, text);
    return true;
  } catch (err) {
    if (err instanceof BarcodeInputError) return false;
    throw err;
  }
}

/** For tests and the bench: how many images and symbols are cached. */
export const barcodeCacheSizes = () => ({ png: pngCache.size, modules: moduleCache.size });
