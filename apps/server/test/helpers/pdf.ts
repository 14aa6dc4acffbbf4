/** Reading PDFs in tests without a PDF library: pdfkit writes page dictionaries uncompressed. */

/** Every page's MediaBox, in whole millimetres. */
export function pageSizesMm(pdf: Buffer): [number, number][] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/MediaBox \[\s*([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
    Math.round(((Number(m[3]) - Number(m[1])) * 25.4) / 72),
    Math.round(((Number(m[4]) - Number(m[2])) * 25.4) / 72),
  ]);
}

/** The number of pages (page objects) of a PDF. */
export const pageCount = (pdf: Buffer): number => pageSizesMm(pdf).length;
