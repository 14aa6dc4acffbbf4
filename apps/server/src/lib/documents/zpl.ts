/**
 * A small ZPL II writer for 100 × 150 mm labels at 203 dpi (812 × 1218 dots), the thermal printers'
 * language. Field data is UTF-8 (`^CI28`) and escaped with `^FH` so a caret or tilde in an address
 * cannot end the field or start a command.
 */
export const ZPL_WIDTH = 812;
export const ZPL_HEIGHT = 1218;

/** Field data with ^, ~ and the escape character itself as hex escapes (`^FH_`). */
export const zplEscape = (value: string): string => value.replace(/[_^~]/g, (ch) => `_${ch.charCodeAt(0).toString(16).toUpperCase()}`).replace(/[\r\n]+/g, ' ');

export interface ZplWriter {
  /** Scalable font 0 at `height` dots; with `width`, a one-line block aligned L, C or R. */
  text(x: number, y: number, height: number, value: string, width?: number, align?: 'L' | 'C' | 'R'): void;
  /** A horizontal rule `thickness` dots high. */
  line(x: number, y: number, width: number, thickness: number): void;
  code128(x: number, y: number, height: number, value: string, moduleWidth?: number): void;
  /** GS1-128: `value` in bracketed AI form, e.g. `(00)340123450000000017`. */
  gs1_128(x: number, y: number, height: number, value: string, moduleWidth?: number): void;
  dataMatrix(x: number, y: number, moduleSize: number, value: string): void;
  qr(x: number, y: number, magnification: number, value: string): void;
}

/** Builds one label: `^XA`, the fields `draw` adds, `^XZ`. */
export function zplLabel(draw: (z: ZplWriter) => void, copies = 1): string {
  const out: string[] = ['^XA', '^CI28', `^PW${ZPL_WIDTH}`, `^LL${ZPL_HEIGHT}`, '^LH0,0'];
  const field = (x: number, y: number, body: string, value: string) => out.push(`^FO${Math.round(x)},${Math.round(y)}${body}^FH_^FD${zplEscape(value)}^FS`);
  draw({
    text(x, y, height, value, width, align = 'L') {
      const h = Math.round(height);
      field(x, y, `^A0N,${h},${h}${width ? `^FB${Math.round(width)},1,0,${align}` : ''}`, value);
    },
    line(x, y, width, thickness) {
      out.push(`^FO${Math.round(x)},${Math.round(y)}^GB${Math.round(width)},${Math.round(thickness)},${Math.round(thickness)}^FS`);
    },
    code128(x, y, height, value, moduleWidth = 3) {
      field(x, y, `^BY${moduleWidth}^BCN,${Math.round(height)},N,N,N,A`, value);
    },
    gs1_128(x, y, height, value, moduleWidth = 3) {
      // Subset C with FNC1 (>;>8) then the AIs' digits without their brackets.
      const digits = value.replace(/[()]/g, '');
      out.push(`^FO${Math.round(x)},${Math.round(y)}^BY${moduleWidth}^BCN,${Math.round(height)},N,N,N,N^FD>;>8${zplEscape(digits)}^FS`);
    },
    dataMatrix(x, y, moduleSize, value) {
      field(x, y, `^BXN,${moduleSize},200`, value);
    },
    qr(x, y, magnification, value) {
      // ^BQ takes its error correction and input mode as the data's first characters.
      out.push(`^FO${Math.round(x)},${Math.round(y)}^BQN,2,${magnification}^FH_^FDMA,${zplEscape(value)}^FS`);
    },
  });
  if (copies > 1) out.push(`^PQ${copies}`);
  out.push('^XZ');
  return out.join('\n');
}
