import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = -1;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG with stripes, as UPS's label images are: 8-bit gray (color type 0) or gray with alpha
 * (type 4) or RGBA (type 6). Rows use the Sub filter when `filtered`, to exercise the decoder.
 */
export function makePng(width: number, height: number, colorType: 0 | 4 | 6 = 0, filtered = false): Buffer {
  const channels = colorType === 0 ? 1 : colorType === 4 ? 2 : 4;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * channels);
    row[0] = filtered ? 1 : 0;
    let prev = Buffer.alloc(channels);
    for (let x = 0; x < width; x++) {
      const v = (x >> 2) % 2 === 0 ? 0 : 255;
      const px = Buffer.alloc(channels, v);
      if (channels > 1) px[channels - 1] = 255; // opaque
      for (let k = 0; k < channels; k++) row[1 + x * channels + k] = filtered ? (px[k]! - prev[k]!) & 0xff : px[k]!;
      prev = px;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
