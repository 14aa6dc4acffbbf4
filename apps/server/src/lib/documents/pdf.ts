/**
 * The PDF page sizes Kontor prints and the pdfkit plumbing every document shares: a label is 100 × 150
 * mm portrait (the thermal printers' roll), a packing slip A4. Documents are written page by page to a
 * stream, so a batch of a thousand labels never sits in memory as pages (`bufferPages` stays off).
 */
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';

export const MM = 72 / 25.4;
/** 100 × 150 mm in PDF points. */
export const LABEL_SIZE: [number, number] = [100 * MM, 150 * MM];
export const A4_SIZE: [number, number] = [210 * MM, 297 * MM];

export type Doc = PDFKit.PDFDocument;

/** A document without pages yet; add them with `doc.addPage({ size })`. */
export function newDocument(title: string): Doc {
  return new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    info: { Title: title, Producer: 'Kontor', Creator: 'Kontor' },
  });
}

/** Adds a page of `size` with no margins (labels are laid out absolutely). */
export function addPage(doc: Doc, size: [number, number] = LABEL_SIZE): void {
  doc.addPage({ size, margin: 0 });
}

/** Collects a finished document into one Buffer; call after the pages are drawn (it ends the document). */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The document as a stream for a reply; the caller draws pages and then calls `doc.end()`. */
export const asStream = (doc: Doc): Readable => doc as unknown as Readable;

/** Keeps a line of text inside `width` at the current font and size, cutting it with an ellipsis. */
export function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * Draws one page per item in batches, giving the event loop back between batches so a large document
 * never blocks the server, and ends the document after the last item; answers the stream to send.
 * A drawing error destroys the stream (the download breaks instead of ending as a short PDF).
 */
export function streamPages<T>(doc: Doc, items: Iterable<T>, draw: (item: T) => void, batch = 25): Readable {
  const stream = asStream(doc);
  const iterator = items[Symbol.iterator]();
  const step = () => {
    try {
      for (let i = 0; i < batch; i++) {
        const next = iterator.next();
        if (next.done) {
          doc.end();
          return;
        }
        draw(next.value);
      }
      setImmediate(step);
    } catch (err) {
      stream.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  };
  setImmediate(step);
  return stream;
}

/** Millimetre size text `100x150` as PDF points. */
export function sizeFromMm(size: string): [number, number] {
  const [w, h] = size.split('x').map(Number) as [number, number];
  return [w * MM, h * MM];
}
