import { deflateSync } from 'node:zlib';

/**
 * A small PNG renderer for captcha digits, with no native dependency (the machine cannot download
 * binaries at install time). Digits from a 5×7 bitmap font, each scaled, shifted and tilted a little,
 * over noise lines and dots, so the text is easy for a person and not a plain string for a script.
 */
const FONT: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};

const WIDTH = 120;
const HEIGHT = 40;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes an RGB pixel buffer (WIDTH × HEIGHT × 3) as a PNG. */
function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);

/** The captcha picture of `text` (digits) as a `data:image/png;base64,…` URL (facts §2.1). */
export function renderCaptcha(text: string): string {
  const px = new Uint8Array(WIDTH * HEIGHT * 3).fill(246);
  const set = (x: number, y: number, [r, g, b]: number[]) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= WIDTH || yi >= HEIGHT) return;
    const i = (yi * WIDTH + xi) * 3;
    px[i] = r!;
    px[i + 1] = g!;
    px[i + 2] = b!;
  };
  for (let i = 0; i < 140; i++) set(rand(0, WIDTH), rand(0, HEIGHT), [rand(150, 220), rand(150, 220), rand(150, 220)]);
  for (let line = 0; line < 4; line++) {
    const [x0, y0, x1, y1] = [rand(0, WIDTH), rand(0, HEIGHT), rand(0, WIDTH), rand(0, HEIGHT)];
    const colour = [rand(120, 200), rand(120, 200), rand(120, 200)];
    for (let t = 0; t <= 1; t += 0.004) set(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, colour);
  }
  const scale = 3.4;
  const step = WIDTH / (text.length + 1);
  [...text].forEach((ch, index) => {
    const glyph = FONT[ch] ?? FONT['0']!;
    const colour = [rand(10, 90), rand(20, 100), rand(60, 140)];
    const originX = step * (index + 0.5) + rand(-3, 3);
    const originY = (HEIGHT - 7 * scale) / 2 + rand(-4, 4);
    const tilt = rand(-0.25, 0.25);
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let sy = 0; sy < scale; sy += 0.5)
          for (let sx = 0; sx < scale; sx += 0.5) {
            const y = originY + gy * scale + sy;
            set(originX + gx * scale + sx + (y - HEIGHT / 2) * tilt, y, colour);
          }
      });
    });
  });
  return `data:image/png;base64,${encodePng(px, WIDTH, HEIGHT).toString('base64')}`;
}
