/**
 * The drawing pieces the A4 sheets share (manifest, loading and handover sheets, picklist, packing slip,
 * gate bill): a line of text that never wraps, a grid of "label: value" facts, and the signature fields
 * a warehouse and a driver sign. Layout numbers stay with each sheet; only the drawing is here.
 */
import { useFontFor } from './fonts.js';
import { fit, type Doc } from './pdf.js';

/** One line of text at (x, y), cut with an ellipsis to `width`, in the font its characters need. */
export function write(doc: Doc, value: string, x: number, y: number, size: number, width: number, bold = false, align: 'left' | 'right' = 'left'): void {
  useFontFor(doc, value, bold);
  doc.fontSize(size).text(fit(doc, value, width), x, y, { width, align, lineBreak: false });
}

export interface FactGrid {
  x: number;
  y: number;
  columns: number;
  columnWidth: number;
  /** The label's width; the value (bold) starts 2 points after it. */
  labelWidth: number;
  valueWidth: number;
}

/** Facts as "label:" and a bold value, `columns` to a row of 16 points, left to right then down. */
export function drawFacts(doc: Doc, facts: Array<[string, string]>, grid: FactGrid): void {
  facts.forEach(([label, value], i) => {
    const x = grid.x + (i % grid.columns) * grid.columnWidth;
    const y = grid.y + Math.floor(i / grid.columns) * 16;
    write(doc, `${label}:`, x, y, 9, grid.labelWidth);
    write(doc, value, x + grid.labelWidth + 2, y, 9, grid.valueWidth, true);
  });
}

/** Side-by-side signature fields (a line, who signs, "date, time: ____") 50 points under `y`. */
export function drawSignatures(doc: Doc, signers: string[], dateLabel: string, x0: number, y: number): void {
  for (const [i, label] of signers.entries()) {
    const x = x0 + i * 260;
    doc
      .save()
      .lineWidth(0.8)
      .moveTo(x, y + 50)
      .lineTo(x + 230, y + 50)
      .stroke('#000000')
      .restore();
    write(doc, label, x, y + 55, 9, 230);
    write(doc, `${dateLabel}: ____________`, x, y + 72, 9, 230);
  }
}
