/**
 * The barcode generator of `/tools/labelMultiplePrint` (issue 17 item 6): values (a list, or a range
 * with prefix and padding) times copies, one label per page of a label size, or 24 to an A4 sheet
 * (3 × 8 labels of 70 × 37 mm). Written to an open document page by page, so a large run streams.
 */
import { drawBarcode, isMatrix, type Box, type Symbology } from './barcode.js';
import { useFontFor } from './fonts.js';
import { A4_SIZE, addPage, fit, MM, sizeFromMm, type Doc } from './pdf.js';

export type SheetSize = '100x150' | '100x50' | '60x40' | '50x25' | 'a4';

export interface BarcodeSheetRequest {
  symbology: Symbology;
  values: string[];
  size: SheetSize;
  copies: number;
  showText: boolean;
}

/** Values of a numeric range: prefix + number padded with zeros to `padding` digits. */
export function rangeValues(from: number, to: number, prefix = '', padding = 0, suffix = ''): string[] {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(`${prefix}${String(n).padStart(padding, '0')}${suffix}`);
  return out;
}

const A4_GRID = { columns: 3, rows: 8, width: 70 * MM, height: 37 * MM };

function drawOne(doc: Doc, symbology: Symbology, value: string, cell: Box, showText: boolean): void {
  const pad = Math.min(cell.width, cell.height) * 0.08;
  const textSize = Math.max(6, Math.min(14, cell.height * 0.1));
  const textSpace = showText ? textSize + 4 : 0;
  // Linear symbols keep a quiet zone of about ten modules on each side from the next label on a sheet.
  const padX = isMatrix(symbology) ? pad : Math.max(pad, cell.width * 0.08);
  const area = { x: cell.x + padX, y: cell.y + pad, width: cell.width - 2 * padX, height: cell.height - 2 * pad - textSpace };
  if (!isMatrix(symbology) && area.width / area.height > 4) {
    // A linear symbol keeps a readable height but need not stretch across a very wide label.
    const width = Math.min(area.width, area.height * 4);
    area.x += (area.width - width) / 2;
    area.width = width;
  }
  const drawn = drawBarcode(doc, symbology, value, area);
  if (showText) {
    useFontFor(doc, value, true);
    doc.fontSize(textSize).text(fit(doc, value, cell.width - 2 * pad), cell.x + pad, drawn.y + drawn.height + 3, {
      width: cell.width - 2 * pad,
      align: 'center',
      lineBreak: false,
    });
  }
}

/**
 * One painter per label of the request (values × copies), each drawing its label into `doc` and adding
 * a page where one starts; run them with `streamPages` so a large run streams.
 */
export function* barcodeSheetPainters(doc: Doc, request: BarcodeSheetRequest): Generator<() => void> {
  let count = 0;
  const a4 = request.size === 'a4';
  const perPage = A4_GRID.columns * A4_GRID.rows;
  const left = (A4_SIZE[0] - A4_GRID.columns * A4_GRID.width) / 2;
  const top = (A4_SIZE[1] - A4_GRID.rows * A4_GRID.height) / 2;
  const size = a4 ? A4_SIZE : sizeFromMm(request.size);
  for (const value of request.values) {
    for (let copy = 0; copy < request.copies; copy++) {
      const slot = count++ % perPage;
      yield () => {
        if (!a4) {
          addPage(doc, size);
          drawOne(doc, request.symbology, value, { x: 0, y: 0, width: size[0], height: size[1] }, request.showText);
          return;
        }
        if (slot === 0) addPage(doc, A4_SIZE);
        const cell = {
          x: left + (slot % A4_GRID.columns) * A4_GRID.width,
          y: top + Math.floor(slot / A4_GRID.columns) * A4_GRID.height,
          width: A4_GRID.width,
          height: A4_GRID.height,
        };
        drawOne(doc, request.symbology, value, cell, request.showText);
      };
    }
  }
}
