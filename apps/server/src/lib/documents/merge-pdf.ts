import { PDFDocument } from 'pdf-lib';

/**
 * One PDF of several (issue 17 item 5: the carrier gate's merged label PDF). Pages are copied as they
 * are, so 100 × 150 mm labels stay 100 × 150 mm; a document that cannot be read is skipped rather than
 * failing the whole print (the caller only hands in labels the server stored itself).
 */
export async function mergePdfs(documents: Uint8Array[]): Promise<Buffer> {
  const merged = await PDFDocument.create();
  for (const bytes of documents) {
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(bytes);
    } catch {
      continue;
    }
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}
