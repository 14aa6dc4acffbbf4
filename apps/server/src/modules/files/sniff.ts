/**
 * What a file is, judged by its first bytes, never by its name or the browser's claim (issue 2 §8).
 * SVG and HTML are never accepted: they can carry scripts.
 */
export type FileKind = 'avatar' | 'image' | 'intern';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf', 'application/zip', 'text/plain'];

export const ALLOWED: Record<FileKind, readonly string[]> = { avatar: IMAGE_TYPES, image: IMAGE_TYPES, intern: DOCUMENT_TYPES };

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

export function sniff(data: Buffer): string | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  // XLSX, DOCX and other OOXML files are zip archives.
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (isPlainText(data)) return 'text/plain';
  return null;
}

/** UTF-8 text without control characters and without markup a browser would render. */
function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data.subarray(0, 64 * 1024));
  if (text.includes('\ufffd')) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x08 || (code >= 0x0e && code <= 0x1f)) return false;
  }
  return !/<\s*(html|script|svg|iframe|body|!doctype)/i.test(text);
}

/** The served type: zip archives keep the type their name says when it is an office document. */
export function servedType(sniffed: string, name: string): string {
  if (sniffed !== 'application/zip') return sniffed === 'text/plain' ? 'text/plain; charset=utf-8' : sniffed;
  if (/\.xlsx$/i.test(name)) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (/\.docx$/i.test(name)) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return 'application/zip';
}
