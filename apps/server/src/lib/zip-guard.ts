import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** Why a ZIP container (an XLSX) is refused before anything parses it. */
export type ZipRefusal = 'unreadable' | 'inflatedTooLarge';

const MAX_ENTRIES = 10_000;

interface Entry {
  method: number;
  compressed: number;
  flags: number;
  offset: number;
}

/** The central directory's entries, or null when the archive is not a plain (non-ZIP64) ZIP. */
function centralDirectory(data: Buffer): { entries: Entry[]; start: number } | null {
  const from = Math.max(0, data.length - 22 - 65_535);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--)
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const count = data.readUInt16LE(eocd + 10);
  const start = data.readUInt32LE(eocd + 16);
  if (count > MAX_ENTRIES || start >= data.length) return null;
  const entries: Entry[] = [];
  let at = start;
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return null;
    const compressed = data.readUInt32LE(at + 20);
    if (compressed === 0xffffffff || data.readUInt32LE(at + 24) === 0xffffffff) return null;
    entries.push({ flags: data.readUInt16LE(at + 8), method: data.readUInt16LE(at + 10), compressed, offset: data.readUInt32LE(at + 42) });
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return { entries: entries.sort((a, b) => a.offset - b.offset), start };
}

/**
 * Checks an XLSX (a ZIP) before the spreadsheet reader inflates it: the local entries must be
 * exactly those of the central directory, back to back (a streaming unzipper reads local entries,
 * so a hidden one would escape the count), stored or deflated, and inflating them all must stay
 * within `maxInflatedBytes`, measured by really inflating (declared sizes can lie), chunk by chunk
 * on zlib's thread pool, so the event loop keeps serving while a zip bomb is measured.
 */
export async function checkZip(data: Buffer, maxInflatedBytes: number): Promise<ZipRefusal | null> {
  const directory = centralDirectory(data);
  if (!directory || directory.entries.length === 0 || directory.entries[0]!.offset !== 0) return 'unreadable';
  let total = 0;
  for (const [i, entry] of directory.entries.entries()) {
    const at = entry.offset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) return 'unreadable';
    if (data.readUInt16LE(at + 8) !== entry.method || (entry.method !== 0 && entry.method !== 8)) return 'unreadable';
    const descriptor = (entry.flags & 8) !== 0;
    if (!descriptor && data.readUInt32LE(at + 18) !== entry.compressed) return 'unreadable';
    const dataStart = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const end = dataStart + entry.compressed;
    const next = directory.entries[i + 1]?.offset ?? directory.start;
    const gap = next - end;
    if (end > data.length || !(gap === 0 || (descriptor && [12, 16, 20, 24].includes(gap)))) return 'unreadable';
    if (entry.method === 0) total += entry.compressed;
    else {
      const inflated = await inflatedSize(data.subarray(dataStart, end), maxInflatedBytes - total);
      if (inflated === null) return total > maxInflatedBytes ? 'inflatedTooLarge' : 'unreadable';
      total += inflated;
    }
    if (total > maxInflatedBytes) return 'inflatedTooLarge';
  }
  return null;
}

/** Bytes a deflated stream inflates to, stopping as soon as it passes `limit` (then limit + 1); null if corrupt. */
async function inflatedSize(compressed: Buffer, limit: number): Promise<number | null> {
  const inflate = createInflateRaw();
  let size = 0;
  try {
    for await (const chunk of Readable.from([compressed]).pipe(inflate)) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        inflate.destroy();
        return limit + 1;
      }
    }
  } catch {
    return null;
  }
  return size;
}
