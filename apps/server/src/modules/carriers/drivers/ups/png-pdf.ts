/**
 * Wraps a PNG label in a one-page PDF of 100 × 150 mm, because UPS sells labels as GIF, PNG or ZPL but
 * Kontor's label store and print path take PDF. The PNG's compressed image data goes into the PDF as is
 * (PDF reads PNG's filtered Flate data with `/Predictor 15`); only a PNG with an alpha channel is
 * decoded and written again without it. Landscape labels (UPS draws 4 × 6 in labels lying on their side)
 * are turned upright. Pure: node:zlib only.
 */
import { deflateSync, inflateSync } from 'node:zlib';

const PAGE_W = 283.46; // 100 mm in points
const PAGE_H = 425.2; // 150 mm

interface Png {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  palette?: Buffer;
  data: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(buf: Buffer): boolean {
  return buf.length > 8 && buf.subarray(0, 8).equals(SIGNATURE);
}

function readPng(buf: Buffer): Png {
  if (!isPng(buf)) throw new Error('not a PNG image');
  let pos = 8;
  let ihdr: Buffer | undefined;
  let palette: Buffer | undefined;
  const idat: Buffer[] = [];
  while (pos + 8 <= buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') ihdr = data;
    else if (type === 'PLTE') palette = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  if (!ihdr || idat.length === 0) throw new Error('PNG without header or image data');
  return {
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    bitDepth: ihdr[8]!,
    colorType: ihdr[9]!,
    interlace: ihdr[12]!,
    palette,
    data: Buffer.concat(idat),
  };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes PNG's per-row filters (8-bit samples) and drops the alpha channel: raw gray or RGB rows. */
function withoutAlpha(png: Png): { data: Buffer; colors: number } {
  if (png.bitDepth !== 8) throw new Error('PNG with alpha must have 8-bit samples');
  const channels = png.colorType === 6 ? 4 : 2;
  const colors = channels - 1;
  const stride = png.width * channels;
  const raw = inflateSync(png.data);
  const out = Buffer.alloc(png.width * png.height * colors);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < png.height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const row = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? row[x - channels]! : 0;
      const b = prev[x]!;
      const c = x >= channels ? prev[x - channels]! : 0;
      const add = filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0;
      row[x] = (row[x]! + add) & 0xff;
    }
    for (let x = 0; x < png.width; x++) {
      for (let k = 0; k < colors; k++) out[(y * png.width + x) * colors + k] = row[x * channels + k]!;
    }
    prev = row;
  }
  return { data: deflateSync(out), colors };
}

/** A PDF of one 100 × 150 mm page showing the PNG, scaled to fit and turned upright when landscape. */
export function pngToPdf(buf: Buffer): Buffer {
  const png = readPng(buf);
  if (png.interlace !== 0) throw new Error('interlaced PNG labels are not supported');
  let image: Buffer;
  let dict: string;
  if (png.colorType === 4 || png.colorType === 6) {
    const { data, colors } = withoutAlpha(png);
    image = data;
    dict = `/ColorSpace /Device${colors === 1 ? 'Gray' : 'RGB'} /BitsPerComponent 8 /Filter /FlateDecode`;
  } else {
    const colors = png.colorType === 2 ? 3 : 1;
    let space = png.colorType === 2 ? '/DeviceRGB' : '/DeviceGray';
    if (png.colorType === 3) {
      if (!png.palette) throw new Error('palette PNG without palette');
      space = `[/Indexed /DeviceRGB ${png.palette.length / 3 - 1} <${png.palette.toString('hex')}>]`;
    }
    image = png.data;
    dict =
      `/ColorSpace ${space} /BitsPerComponent ${png.bitDepth} /Filter /FlateDecode ` +
      `/DecodeParms << /Predictor 15 /Colors ${colors} /BitsPerComponent ${png.bitDepth} /Columns ${png.width} >>`;
  }

  const landscape = png.width > png.height;
  // The image's size on the page once turned: its width runs up the page when landscape.
  const iw = landscape ? png.height : png.width;
  const ih = landscape ? png.width : png.height;
  const scale = Math.min(PAGE_W / iw, PAGE_H / ih);
  const w = iw * scale;
  const h = ih * scale;
  const x = (PAGE_W - w) / 2;
  const y = (PAGE_H - h) / 2;
  const f = (n: number) => n.toFixed(2);
  // Landscape: the image's x axis goes up the page, its y axis to the left (a quarter turn).
  const cm = landscape ? `0 ${f(h)} ${f(-w)} 0 ${f(x + w)} ${f(y)}` : `${f(w)} 0 0 ${f(h)} ${f(x)} ${f(y)}`;
  const content = `q ${cm} cm /Im1 Do Q`;

  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer | string) => {
    const chunk = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(chunk);
    length += chunk.length;
  };
  const obj = (n: number, body: string, stream?: Buffer) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${body}\n`);
    if (stream) {
      push('stream\n');
      push(stream);
      push('\nendstream\n');
    }
    push('endobj\n');
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(3, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>`);
  obj(4, `<< /Length ${content.length} >>`, Buffer.from(content, 'latin1'));
  obj(5, `<< /Type /XObject /Subtype /Image /Width ${png.width} /Height ${png.height} ${dict} /Length ${image.length} >>`, image);
  const xref = length;
  push(`xref\n0 6\n0000000000 65535 f \n`);
  for (let n = 1; n <= 5; n++) push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
